import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ParsedInput } from '../../lib/api/define';
import type { createSharedHostingOrderOp } from '../../lib/api/hosting';
import { priceSharedHostingOrder } from '../../lib/billing';
import { UNKNOWN_HOSTING_CYCLE, UNKNOWN_HOSTING_LOCATION, UNKNOWN_PLAN } from '../../lib/schemas/hosting-orders';
import type { AppEnv } from '../context';
import { lockCompany } from '../db/locks';
import { hostingAccounts, hostingLocations, hostingPlans, orders } from '../db/schema/index';
import { badRequest } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { requireUnlimited } from '../services/access';
import { SHARED_HOSTING, hostingCycles, planPrice } from '../services/hosting-plans';
import { couponTermsOf, orderCoupon } from './coupons';
import { insertPendingOrder, invoiceNewOrder, newOrderTerms, type NewOrder, type OrderPlaced } from './new-order';

/**
 * Ordering shared hosting (spec part 3, 2.8, 5 "Shared hosting order", 7 "Hosting and plans";
 * docs/decisions.md "Shared hosting orders and plan changes"), priced by src/lib/billing
 * (priceSharedHostingOrder), the figures the panel shows.
 */

type SharedHostingOrder = ParsedInput<typeof createSharedHostingOrderOp>['body'];

export interface HostingOrderPlaced extends OrderPlaced {
  hostingAccount: string;
}

/**
 * A PENDING order, the account it will create and its invoice, checked and written in one
 * transaction under the company's row (src/server/db/locks.ts). `answer` makes the call's answer,
 * kept with the order under an Idempotency-Key: a retry after a crash answers this order.
 */
export async function orderSharedHosting<T>(c: Context<AppEnv>, body: SharedHostingOrder, answer: (placed: HostingOrderPlaced) => T): Promise<T> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  requireUnlimited(company, 'allowed_hosting_accounts');
  const today = now();
  return db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const [plan] = await tx
      .select()
      .from(hostingPlans)
      .where(and(eq(hostingPlans.guid, body.plan), eq(hostingPlans.isAvailable, true)));
    if (!plan) throw badRequest({ plan: UNKNOWN_PLAN });
    const [location] = await tx
      .select()
      .from(hostingLocations)
      .where(and(eq(hostingLocations.guid, body.location), eq(hostingLocations.isActive, true)));
    if (!location) throw badRequest({ location: UNKNOWN_HOSTING_LOCATION });
    const cycle = (await hostingCycles(tx)).find((b) => b.name === body.billing_cycle);
    if (!cycle) throw badRequest({ billing_cycle: UNKNOWN_HOSTING_CYCLE });
    const coupon = await orderCoupon(tx, SHARED_HOSTING, body.coupon, today);
    const terms = await newOrderTerms(tx, company.guid);
    const monthly = planPrice(plan, terms.currency);
    const priced = priceSharedHostingOrder(
      { accountName: body.name, plan: { name: plan.name, monthlyCents: monthly }, cycle, coupon: coupon ? couponTermsOf(coupon) : null, periodStart: today },
      terms,
    );

    const order: NewOrder = { companyGuid: company.guid, orderType: SHARED_HOSTING, cycle, monthlyCostCents: monthly, terms, coupon, person: c.var.viewer, created: today };
    const orderId = await insertPendingOrder(tx, order, { sharedHostingPlanGuid: plan.guid });
    // Not created until paid and the job has made its cPanel account (spec part 3, 2.8).
    const [account] = await tx
      .insert(hostingAccounts)
      .values({
        companyGuid: company.guid,
        name: body.name,
        accountType: SHARED_HOSTING,
        status: 'PENDING',
        isCreated: false,
        orderId,
        planGuid: plan.guid,
        locationGuid: location.guid,
        monthlyCostCents: monthly,
        currency: terms.currency,
        dateCreated: today,
      })
      .returning({ guid: hostingAccounts.guid });
    const hostingAccount = account!.guid;
    await tx.update(orders).set({ hostingAccountGuid: hostingAccount }).where(eq(orders.id, orderId));
    const invoiceId = await invoiceNewOrder(tx, order, orderId, priced, { action: 'ACTIVATE_HOSTING_ORDER', order_id: orderId, hosting_account: hostingAccount });
    return answerWithWork(c, tx, answer({ orderId, invoiceId, hostingAccount }));
  });
}
