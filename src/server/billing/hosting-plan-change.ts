import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { hostingAccounts, hostingPlans, invoices, orders } from '../db/schema/index';
import type { InvoiceActionOf } from './invoice-actions';
import { withdrawUnpaidRenewals } from './order-lifecycle';

/**
 * What a shared hosting plan change does to the rows (spec part 3, 4 "Hosting account"; docs/
 * decisions.md "Shared hosting orders and plan changes"): a paid PLAN_CHANGE invoice switches the
 * plan at once (invoice-paid.ts), and a plan scheduled for the renewal (pending_plan_guid) prices
 * the next period and takes effect when it begins (billing-cycle.ts).
 */

/** What paying a PLAN_CHANGE invoice names. */
export type PlanChange = InvoiceActionOf<'APPLY_PLAN_CHANGE'>;

/**
 * Switches the plan once its invoice is paid, only from the plan it was priced from (a second
 * payment, or a change made since, changes nothing). A scheduled change is dropped, and a renewal
 * raised at the old price for a period not yet begun is withdrawn, so the run raises it again.
 */
export async function applyPaidPlanChange(tx: Db, companyGuid: string, change: PlanChange): Promise<void> {
  const switched = await tx
    .update(hostingAccounts)
    .set({ planGuid: change.to_plan, pendingPlanGuid: null, monthlyCostCents: change.monthly_cost })
    .where(and(eq(hostingAccounts.guid, change.hosting_account), eq(hostingAccounts.companyGuid, companyGuid), eq(hostingAccounts.planGuid, change.from_plan)))
    .returning({ order: hostingAccounts.orderId });
  const orderId = switched[0]?.order;
  if (!orderId) return;
  await tx.update(orders).set({ monthlyCostCents: change.monthly_cost, sharedHostingPlanGuid: change.to_plan }).where(eq(orders.id, orderId));
  await withdrawUnpaidRenewals(tx, [orderId]);
}

/** The plan a shared hosting order's account is scheduled to move to, with its price in the order's currency. */
async function pendingPlanOf(db: Db, orderId: number): Promise<{ account: string; plan: string; name: string; monthlyCents: number } | null> {
  const [row] = await db
    .select({
      account: hostingAccounts.guid,
      plan: hostingPlans.guid,
      name: hostingPlans.name,
      usd: hostingPlans.priceUsdCents,
      eur: hostingPlans.priceEurCents,
      currency: hostingAccounts.currency,
    })
    .from(hostingAccounts)
    .innerJoin(hostingPlans, eq(hostingPlans.guid, hostingAccounts.pendingPlanGuid))
    .where(and(eq(hostingAccounts.orderId, orderId), isNotNull(hostingAccounts.pendingPlanGuid)))
    .limit(1);
  if (!row) return null;
  return { account: row.account, plan: row.plan, name: row.name, monthlyCents: row.currency === 'EUR' ? row.eur : row.usd };
}

/**
 * The monthly cost a shared hosting order's next period is priced at: the scheduled plan's when a
 * change waits for the renewal, else the order's own (order-lifecycle.ts priceOrderPeriod).
 */
export async function nextPeriodMonthlyCost(db: Db, order: { id: number; orderType: string; monthlyCostCents: number }): Promise<number> {
  if (order.orderType !== 'SHARED_HOSTING') return order.monthlyCostCents;
  return (await pendingPlanOf(db, order.id))?.monthlyCents ?? order.monthlyCostCents;
}

/** At the renewal date a scheduled plan takes effect, at the price its renewal was raised at. */
export async function applyScheduledPlan(tx: Db, order: { id: number; orderType: string }): Promise<void> {
  if (order.orderType !== 'SHARED_HOSTING') return;
  const pending = await pendingPlanOf(tx, order.id);
  if (!pending) return;
  await tx.update(hostingAccounts).set({ planGuid: pending.plan, pendingPlanGuid: null, monthlyCostCents: pending.monthlyCents }).where(eq(hostingAccounts.guid, pending.account));
  await tx.update(orders).set({ monthlyCostCents: pending.monthlyCents, sharedHostingPlanGuid: pending.plan }).where(eq(orders.id, order.id));
}

/**
 * The unpaid invoice of a plan change "now" for this account, if any: the plan switches when it
 * is paid, so no other change is taken meanwhile, and the account page says what waits.
 */
export async function unpaidPlanChangeInvoice(db: Db, account: { guid: string; companyGuid: string }): Promise<number | null> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyGuid, account.companyGuid),
        eq(invoices.purpose, 'PLAN_CHANGE'),
        inArray(invoices.status, ['UNPAID', 'PARTIALLY_PAID']),
        sql`${invoices.onPaid} ->> 'hosting_account' = ${account.guid}`,
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row?.id ?? null;
}
