import { and, eq } from 'drizzle-orm';
import { cancelDowngradeOp, createSharedHostingOrderOp, modifyHostingPlanOp, previewPlanChangeOp, type PlanChangePreview } from '../../lib/api/hosting';
import { PROVIDER_TAX_RATE, pricePlanChange, priceSharedHostingOrder, type Currency, type PricedPlanChange } from '../../lib/billing';
import { BAD_COUPON } from '../../lib/schemas/ip-orders';
import {
  DOWNGRADE_AT_RENEWAL,
  DOWNGRADE_CANCELED,
  DOWNGRADE_SCHEDULED,
  HOSTING_ORDER_PLACED,
  NO_PENDING_DOWNGRADE,
  PLAN_CHANGE_AWAITS_PAYMENT,
  PLAN_CHANGE_SCHEDULED,
  PLAN_CHANGED,
  PLAN_NOT_CHANGEABLE,
  SAME_PLAN,
  UNKNOWN_HOSTING_CYCLE,
  UNKNOWN_HOSTING_LOCATION,
  UNKNOWN_PLAN,
  UPGRADE_INVOICED,
  planChangeWarnings,
  type PlanChangeTime,
} from '../../lib/schemas/hosting-orders';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { hostingAccounts, hostingLocations, hostingPlans, orders } from '../db/schema/index';
import { companyCurrency, couponTermsOf, redeemCoupon } from '../billing/coupons';
import { applyPaidPlanChange, type PlanChangeOnPaid } from '../billing/hosting-plan-change';
import { issueInvoice, storedEurPerUsd } from '../billing/issue-invoice';
import { withdrawUnpaidRenewals } from '../billing/order-lifecycle';
import { badRequest, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { implement } from '../http/operation';
import { requireUnlimited } from '../services/access';
import { SHARED_HOSTING, hostingCycles, planPrice, usableHostingCoupon, type PlanRow } from './hosting-plans';
import { unpaidPlanChangeInvoice } from '../billing/hosting-plan-change';
import { visibleHostingAccount } from '../services/hosting-accounts';
import { HOSTING_ACCOUNT_NOT_FOUND } from '../../lib/schemas/hosting-accounts';

/**
 * Ordering shared hosting and changing an account's plan (spec part 3, 2.8, 4 "Hosting account",
 * 5 "Shared hosting order", 7 "Hosting and plans", 8; docs/decisions.md "Shared hosting orders
 * and plan changes"). Prices come from src/lib/billing (priceSharedHostingOrder, pricePlanChange
 * over prorateChange), the figures the panel shows.
 */

type AccountRow = typeof hostingAccounts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

interface PlanChangeFacts {
  account: AccountRow;
  order: OrderRow;
  current: PlanRow;
  next: PlanRow;
  renewal: Date;
  currency: Currency;
  priced: PricedPlanChange | null;
  preview: PlanChangePreview;
}

/**
 * Everything a plan change needs, checked: a running, created, non-legacy shared hosting account
 * with a renewal date; a plan on offer other than its own; a time the change may take (a cheaper
 * plan waits for the renewal). `tx` may be a transaction holding the account's lock.
 */
async function planChangeFacts(db: Db, company: CompanyContext, input: { hosting_account: string; new_hosting_plan: string; when?: PlanChangeTime | undefined }, today: Date, lock?: 'update'): Promise<PlanChangeFacts> {
  const account = await visibleHostingAccount(db, company, input.hosting_account, HOSTING_ACCOUNT_NOT_FOUND, lock);
  const [order] = account.orderId ? await db.select().from(orders).where(eq(orders.id, account.orderId)) : [];
  const changeable =
    account.accountType === SHARED_HOSTING && !account.isLegacy && account.isCreated && account.status === 'ACTIVE' && account.planGuid && order?.status === 'ACTIVE' && order.dateNextInvoice;
  if (!changeable) throw problem(409, PLAN_NOT_CHANGEABLE, { code: 'not_changeable' });
  const [current] = await db.select().from(hostingPlans).where(eq(hostingPlans.guid, account.planGuid!));
  const [next] = await db.select().from(hostingPlans).where(and(eq(hostingPlans.guid, input.new_hosting_plan), eq(hostingPlans.isAvailable, true)));
  if (!next) throw badRequest({ new_hosting_plan: UNKNOWN_PLAN });
  if (next.guid === account.planGuid) throw badRequest({ new_hosting_plan: SAME_PLAN });
  const currency: Currency = account.currency === 'EUR' ? 'EUR' : 'USD';
  const nextCost = planPrice(next, currency);
  const direction = nextCost < account.monthlyCostCents ? 'DOWNGRADE' : nextCost > account.monthlyCostCents ? 'UPGRADE' : 'SAME_PRICE';
  const available: PlanChangeTime[] = direction === 'DOWNGRADE' ? ['RENEWAL'] : ['NOW', 'RENEWAL'];
  const when = input.when ?? available[0]!;
  if (!available.includes(when)) throw badRequest({ when: DOWNGRADE_AT_RENEWAL });
  const renewal = order!.dateNextInvoice!;
  const currentPlan = { name: current!.name, monthlyCents: account.monthlyCostCents };
  const priced = when === 'NOW' ? pricePlanChange({ accountName: account.name, today, renewal, current: currentPlan, next: { name: next.name, monthlyCents: nextCost } }, { currency, taxRate: PROVIDER_TAX_RATE }) : null;
  const limits = (p: PlanRow) => ({ storage: p.storageGb, memory: p.memoryMb, cpu: p.cpuCores });
  const preview: PlanChangePreview = {
    hosting_account: account.guid,
    current_plan: { guid: current!.guid, name: current!.name, monthly_cost: account.monthlyCostCents, is_available: current!.isAvailable },
    new_plan: { guid: next.guid, name: next.name, monthly_cost: nextCost },
    direction,
    available_times: available,
    when,
    currency,
    renewal_date: renewal.toISOString(),
    due_today: priced?.total_amount ?? 0,
    whole_months: priced?.proration.whole_months ?? 0,
    remaining_days: priced?.proration.remaining_days ?? 0,
    charged_days: priced?.proration.charged_days ?? 0,
    new_monthly_cost: nextCost,
    warnings: planChangeWarnings({ ...limits(current!), is_available: current!.isAvailable }, limits(next)),
  };
  return { account, order: order!, current: current!, next, renewal, currency, priced, preview };
}

export const hostingOrderOperations = [
  implement(createSharedHostingOrderOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    requireUnlimited(company, 'allowed_hosting_accounts');
    const today = now();
    const [[plan], [location], cycles, currency, rate] = await Promise.all([
      db.select().from(hostingPlans).where(and(eq(hostingPlans.guid, body.plan), eq(hostingPlans.isAvailable, true))),
      db.select().from(hostingLocations).where(and(eq(hostingLocations.guid, body.location), eq(hostingLocations.isActive, true))),
      hostingCycles(db),
      companyCurrency(db, company.guid),
      storedEurPerUsd(db),
    ]);
    if (!plan) throw badRequest({ plan: UNKNOWN_PLAN });
    if (!location) throw badRequest({ location: UNKNOWN_HOSTING_LOCATION });
    const cycle = cycles.find((b) => b.name === body.billing_cycle);
    if (!cycle) throw badRequest({ billing_cycle: UNKNOWN_HOSTING_CYCLE });
    const couponRow = body.coupon ? await usableHostingCoupon(db, body.coupon, today) : null;
    if (body.coupon && !couponRow) throw badRequest({ coupon: BAD_COUPON });
    const monthly = planPrice(plan, currency);
    const priced = priceSharedHostingOrder(
      { accountName: body.name, plan: { name: plan.name, monthlyCents: monthly }, cycle, coupon: couponRow ? couponTermsOf(couponRow) : null, periodStart: today },
      { currency, taxRate: PROVIDER_TAX_RATE, ...(rate !== null ? { eurPerUsd: rate } : {}) },
    );

    const created = await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          companyGuid: company.guid,
          orderType: SHARED_HOSTING,
          status: 'PENDING',
          billingCycle: cycle.name,
          billingCycleMonths: cycle.months,
          monthlyCostCents: monthly,
          currency,
          couponGuid: couponRow?.guid ?? null,
          couponCode: couponRow?.code ?? null,
          sharedHostingPlanGuid: plan.guid,
          createdBy: c.var.viewer.userGuid,
          dateCreated: today,
        })
        .returning({ id: orders.id });
      // Not created until paid and the job has made its cPanel account (spec part 3, 2.8).
      const [account] = await tx
        .insert(hostingAccounts)
        .values({
          companyGuid: company.guid,
          name: body.name,
          accountType: SHARED_HOSTING,
          status: 'PENDING',
          isCreated: false,
          orderId: order!.id,
          planGuid: plan.guid,
          locationGuid: location.guid,
          monthlyCostCents: monthly,
          currency,
          dateCreated: today,
        })
        .returning({ guid: hostingAccounts.guid });
      await tx.update(orders).set({ hostingAccountGuid: account!.guid }).where(eq(orders.id, order!.id));
      const invoice = await issueInvoice(tx, {
        companyGuid: company.guid,
        orderId: order!.id,
        priced,
        purpose: 'NEW_ORDER',
        onPaid: { action: 'ACTIVATE_HOSTING_ORDER', order_id: order!.id, hosting_account: account!.guid },
        person: c.var.viewer,
        issued: today,
      });
      if (couponRow) await redeemCoupon(tx, couponRow.guid);
      // Kept with the order under an Idempotency-Key: a retry after a crash answers this order.
      return answerWithWork(c, tx, { message: HOSTING_ORDER_PLACED, invoice_id: invoice, order_id: order!.id, hosting_account: account!.guid });
    });
    return created;
  }),

  implement(previewPlanChangeOp, async (c, { query }) => {
    const { db, now } = c.var.deps;
    return (await planChangeFacts(db, c.var.company, query, now())).preview;
  }),

  implement(modifyHostingPlanOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const today = now();
    return db.transaction(async (tx) => {
      const facts = await planChangeFacts(tx, company, body, today, 'update');
      const { account, order, preview } = facts;
      if ((await unpaidPlanChangeInvoice(tx, account)) !== null) throw problem(409, PLAN_CHANGE_AWAITS_PAYMENT, { code: 'plan_change_unpaid' });
      if (preview.when === 'RENEWAL') {
        await tx.update(hostingAccounts).set({ pendingPlanGuid: facts.next.guid }).where(eq(hostingAccounts.guid, account.guid));
        // A renewal raised at the old plan's price for a period not begun is raised again at the new one.
        await withdrawUnpaidRenewals(tx, [order.id]);
        return answerWithWork(c, tx, { message: preview.direction === 'DOWNGRADE' ? DOWNGRADE_SCHEDULED : PLAN_CHANGE_SCHEDULED, invoice_id: null, when: 'RENEWAL' as const, upgrade_pending: true });
      }
      const change: PlanChangeOnPaid = {
        action: 'APPLY_PLAN_CHANGE',
        hosting_account: account.guid,
        order_id: order.id,
        from_plan: facts.current.guid,
        to_plan: facts.next.guid,
        monthly_cost: preview.new_monthly_cost,
      };
      if (!facts.priced || facts.priced.total_amount === 0) {
        // Nothing to charge (a plan at the same price): it changes at once.
        await applyPaidPlanChange(tx, company.guid, change);
        return answerWithWork(c, tx, { message: PLAN_CHANGED, invoice_id: null, when: 'NOW' as const, upgrade_pending: false });
      }
      const invoice = await issueInvoice(tx, {
        companyGuid: company.guid,
        orderId: order.id,
        priced: facts.priced,
        purpose: 'PLAN_CHANGE',
        onPaid: change as unknown as Record<string, unknown>,
        person: c.var.viewer,
        issued: today,
      });
      // Each answer is kept with its change under an Idempotency-Key: a retry after a crash answers it.
      return answerWithWork(c, tx, { message: UPGRADE_INVOICED, invoice_id: invoice, when: 'NOW' as const, upgrade_pending: account.pendingPlanGuid !== null });
    });
  }),

  implement(cancelDowngradeOp, async (c, { params }) => {
    const { db } = c.var.deps;
    return db.transaction(async (tx) => {
      const account = await visibleHostingAccount(tx, c.var.company, params.guid, HOSTING_ACCOUNT_NOT_FOUND, 'update');
      if (!account.pendingPlanGuid) throw problem(409, NO_PENDING_DOWNGRADE, { code: 'no_pending_downgrade' });
      await tx.update(hostingAccounts).set({ pendingPlanGuid: null }).where(eq(hostingAccounts.guid, account.guid));
      await withdrawUnpaidRenewals(tx, [account.orderId]);
      return { message: DOWNGRADE_CANCELED };
    });
  }),
];
