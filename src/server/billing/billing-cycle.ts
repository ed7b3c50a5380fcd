import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { addUtcMonths } from '../../lib/billing';
import type { Db } from '../db/connection';
import { cancellationRequestIpAddresses, cancellationRequests, invoices, ipAddresses, orders } from '../db/schema/index';
import { refreshEurRate, type ExchangeRateSource } from './exchange-rate';
import { issueInvoice, orderPerson } from './issue-invoice';
import { TERMINATION_DAYS, cycleTermsOf, daysAfter, endAddresses, endOrder, overdueInvoices, priceOrderPeriod, suspendOrder } from './order-lifecycle';

/**
 * The provider's billing run (issue 10: renewals raise invoices, overdue invoices suspend after
 * the grace period, downgrades and cancellations wait for the end of the billing cycle). The job
 * engine runs it every minute with the server's clock; tests call it with a moved one. Each step
 * is idempotent, so a run cut short or two runs at once change nothing twice.
 */

/** Days before the renewal date its invoice is raised; with NET 7 terms it falls due on the renewal date. */
export const RENEWAL_LEAD_DAYS = 7;
/** Orders handled per step and run, so one run stays short; the next minute's run takes the rest. */
const BATCH = 500;

export interface BillingRunReport {
  eurPerUsd: number;
  cancellationsProcessed: number;
  renewalsInvoiced: number;
  periodsStarted: number;
  ordersSuspended: number;
  ordersEnded: number;
}

/** What paying a renewal invoice names (src/server/billing/invoice-paid.ts): the period it pays. */
export interface RenewalOnPaid {
  action: 'RENEW_ORDER';
  order_id: number;
  period_start: string;
  period_end: string;
}

/**
 * Cancellation requests whose time has come (at the end of the billing cycle, or IMMEDIATELY):
 * their addresses end, a whole order's request ends the order, and the request is PROCESSED.
 * With `only`, just that request (a request for now is carried out by the call that made it).
 */
export async function processDueCancellations(db: Db, now: Date, only?: string): Promise<number> {
  const due = await db
    .select({ guid: cancellationRequests.guid })
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.status, 'PENDING'), lte(cancellationRequests.dateEffective, now), only ? eq(cancellationRequests.guid, only) : undefined))
    .orderBy(asc(cancellationRequests.dateEffective))
    .limit(BATCH);
  let processed = 0;
  for (const { guid } of due) {
    const done = await db.transaction(async (tx) => {
      const [request] = await tx.select().from(cancellationRequests).where(and(eq(cancellationRequests.guid, guid), eq(cancellationRequests.status, 'PENDING'))).for('update');
      if (!request) return false;
      const linked = tx.select({ guid: cancellationRequestIpAddresses.ipAddressGuid }).from(cancellationRequestIpAddresses).where(eq(cancellationRequestIpAddresses.requestGuid, guid));
      const touched = await tx.selectDistinct({ order: ipAddresses.orderId }).from(ipAddresses).where(and(inArray(ipAddresses.guid, linked), isNotNull(ipAddresses.orderId)));
      await endAddresses(tx, inArray(ipAddresses.guid, linked), now);
      if (request.orderId) await endOrder(tx, request.orderId, now);
      // An IP order whose last address has ended has nothing left to renew.
      for (const { order } of touched) {
        const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(ipAddresses).where(and(eq(ipAddresses.orderId, order!), sql`${ipAddresses.status} not in ('CANCELLED', 'REPLACED')`));
        if (!Number(left?.n)) await endOrder(tx, order!, now);
      }
      await tx.update(cancellationRequests).set({ status: 'PROCESSED', dateProcessed: now }).where(eq(cancellationRequests.guid, guid));
      return true;
    });
    if (done) processed += 1;
  }
  return processed;
}

/** Renewal invoices for the running orders whose renewal date is within the lead time, once per period. */
async function raiseRenewals(db: Db, now: Date): Promise<number> {
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'ACTIVE'),
        isNotNull(orders.dateNextInvoice),
        lte(orders.dateNextInvoice, daysAfter(now, RENEWAL_LEAD_DAYS)),
        sql`not exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id} and ${invoices.purpose} = 'RENEWAL'
          and (${invoices.onPaid} ->> 'period_start') = to_char(${orders.dateNextInvoice} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
      ),
    )
    .orderBy(asc(orders.dateNextInvoice))
    .limit(BATCH);
  let raised = 0;
  for (const order of due) {
    const start = order.dateNextInvoice!;
    const cycle = await cycleTermsOf(db, order.orderType, order.billingCycleMonths);
    const priced = await priceOrderPeriod(db, order, start, cycle);
    if (!priced) continue;
    const onPaid: RenewalOnPaid = { action: 'RENEW_ORDER', order_id: order.id, period_start: start.toISOString(), period_end: addUtcMonths(start, cycle.months).toISOString() };
    await db.transaction(async (tx) => {
      // The order row's lock makes two runs at once raise one invoice.
      const [locked] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, order.id), eq(orders.dateNextInvoice, start), eq(orders.status, 'ACTIVE'))).for('update');
      if (!locked) return;
      const [already] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'RENEWAL'), sql`(${invoices.onPaid} ->> 'period_start') = ${onPaid.period_start}`));
      if (already) return;
      await issueInvoice(tx, {
        companyGuid: order.companyGuid,
        orderId: order.id,
        priced,
        purpose: 'RENEWAL',
        onPaid: onPaid as unknown as Record<string, unknown>,
        person: await orderPerson(tx, order.companyGuid, order.createdBy),
        issued: now,
      });
      raised += 1;
    });
  }
  return raised;
}

/**
 * The end of a billing cycle: pending slot downgrades take effect and the next period begins
 * (its invoice was raised before; paid or not is the invoice's matter, see suspension).
 */
async function startNewPeriods(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: orders.id, next: orders.dateNextInvoice, months: orders.billingCycleMonths })
    .from(orders)
    .where(and(eq(orders.status, 'ACTIVE'), isNotNull(orders.dateNextInvoice), lte(orders.dateNextInvoice, now)))
    .limit(BATCH);
  for (const order of due) {
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(orders)
        .set({ dateNextInvoice: addUtcMonths(order.next!, order.months) })
        .where(and(eq(orders.id, order.id), eq(orders.dateNextInvoice, order.next!)))
        .returning({ id: orders.id });
      if (!moved.length) return;
      await tx
        .update(ipAddresses)
        .set({ domainsAllowed: sql`${ipAddresses.pendingDomainsAllowed}`, pendingDomainsAllowed: null })
        .where(and(eq(ipAddresses.orderId, order.id), isNotNull(ipAddresses.pendingDomainsAllowed), eq(ipAddresses.status, 'ACTIVE')));
    });
  }
  return due.length;
}

/** Running orders with an invoice unpaid past the grace period are suspended. */
async function suspendOverdue(db: Db, now: Date): Promise<number> {
  const overdue = await db
    .selectDistinct({ id: orders.id })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(overdueInvoices(now), eq(orders.status, 'ACTIVE')))
    .limit(BATCH);
  for (const { id } of overdue) await db.transaction((tx) => suspendOrder(tx, id, now));
  return overdue.length;
}

/**
 * Orders that end without a request: one never paid for (its first invoice past the grace period,
 * its reserved stock back on the marketplace), and one suspended for TERMINATION_DAYS.
 */
async function endAbandoned(db: Db, now: Date): Promise<number> {
  const unpaid = db
    .selectDistinct({ id: orders.id })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(overdueInvoices(now), eq(orders.status, 'PENDING')));
  const terminated = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'SUSPENDED'), lte(orders.dateSuspended, daysAfter(now, -TERMINATION_DAYS))));
  const ids = [...new Set([...(await unpaid.limit(BATCH)), ...(await terminated.limit(BATCH))].map((r) => r.id))];
  for (const id of ids) await db.transaction((tx) => endOrder(tx, id, now));
  return ids.length;
}

/** One run, in the order the days pass: requests due, invoices for coming renewals, new periods, then overdue. */
export async function runBillingCycle(db: Db, rates: ExchangeRateSource, now: Date): Promise<BillingRunReport> {
  const eurPerUsd = await refreshEurRate(db, rates, now);
  const cancellationsProcessed = await processDueCancellations(db, now);
  const renewalsInvoiced = await raiseRenewals(db, now);
  const periodsStarted = await startNewPeriods(db, now);
  const ordersSuspended = await suspendOverdue(db, now);
  const ordersEnded = await endAbandoned(db, now);
  return { eurPerUsd, cancellationsProcessed, renewalsInvoiced, periodsStarted, ordersSuspended, ordersEnded };
}
