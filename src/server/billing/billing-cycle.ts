import { and, asc, eq, inArray, isNotNull, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { addUtcMonths } from '../../lib/billing';
import type { Db } from '../db/connection';
import { cancellationRequestIpAddresses, cancellationRequests, invoices, ipAddresses, orders } from '../db/schema/index';
import { refreshEurRate, type ExchangeRateSource } from './exchange-rate';
import { applyScheduledPlan } from './hosting-plan-change';
import type { InvoiceActionOf } from './invoice-actions';
import { issueInvoice, orderPerson } from './issue-invoice';
import { TERMINATION_DAYS, cycleTermsOf, daysAfter, endAddresses, endOrder, hasOverdue, overdueInvoices, priceOrderPeriod, suspendOrder } from './order-lifecycle';

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
  /** The day's rate, or null when the source failed (the stored one stays). */
  eurPerUsd: number | null;
  cancellationsProcessed: number;
  renewalsInvoiced: number;
  periodsStarted: number;
  ordersSuspended: number;
  ordersEnded: number;
}

/**
 * What a renewal invoice of an order for the period from `start` records: the one place its
 * period fields are written, by this run and by the demo seed, so both recognise each other's.
 */
export const renewalOnPaid = (orderId: number, start: Date, months: number): InvoiceActionOf<'RENEW_ORDER'> => ({
  action: 'RENEW_ORDER',
  order_id: orderId,
  period_start: start.toISOString(),
  period_end: addUtcMonths(start, months).toISOString(),
});

const liveAddresses = async (db: Db, orderId: number) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ipAddresses)
        .where(and(eq(ipAddresses.orderId, orderId), sql`${ipAddresses.status} not in ('CANCELLED', 'REPLACED')`))
    )[0]?.n ?? 0,
  );

/** The renewal invoices of an order for the period that starts at `start`, but for cancelled ones (re-priced, raised again). */
const renewalFor = (orderId: SQL | number, start: SQL | string) =>
  and(sql`${invoices.orderId} = ${orderId}`, eq(invoices.purpose, 'RENEWAL'), ne(invoices.status, 'CANCELLED'), sql`(${invoices.onPaid} ->> 'period_start') = ${start}`);
const hasRenewal = async (db: Db, orderId: number, start: string) => (await db.select({ id: invoices.id }).from(invoices).where(renewalFor(orderId, start)).limit(1)).length > 0;
/** An order's renewal date as the renewal invoices' on_paid.period_start writes it (toISOString). */
const isoOf = (column: typeof orders.dateNextInvoice) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
      const [request] = await tx
        .select()
        .from(cancellationRequests)
        .where(and(eq(cancellationRequests.guid, guid), eq(cancellationRequests.status, 'PENDING')))
        .for('update');
      if (!request) return false;
      const linked = tx
        .select({ guid: cancellationRequestIpAddresses.ipAddressGuid })
        .from(cancellationRequestIpAddresses)
        .where(eq(cancellationRequestIpAddresses.requestGuid, guid));
      const touched = await tx
        .selectDistinct({ order: ipAddresses.orderId })
        .from(ipAddresses)
        .where(and(inArray(ipAddresses.guid, linked), isNotNull(ipAddresses.orderId)));
      await endAddresses(tx, inArray(ipAddresses.guid, linked), now);
      if (request.orderId) await endOrder(tx, request.orderId, now);
      // An IP order whose last address has ended has nothing left to renew.
      for (const { order } of touched) await endOrder(tx, order!, now, async () => !(await liveAddresses(tx, order!)));
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
        notExists(
          db
            .select({ id: invoices.id })
            .from(invoices)
            .where(renewalFor(sql`${orders.id}`, isoOf(orders.dateNextInvoice))),
        ),
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
    const onPaid = renewalOnPaid(order.id, start, cycle.months);
    await db.transaction(async (tx) => {
      // The order row's lock makes two runs at once raise one invoice.
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, order.id), eq(orders.dateNextInvoice, start), eq(orders.status, 'ACTIVE')))
        .for('update');
      if (!locked) return;
      if (await hasRenewal(tx, order.id, onPaid.period_start)) return;
      await issueInvoice(tx, {
        companyGuid: order.companyGuid,
        orderId: order.id,
        priced,
        purpose: 'RENEWAL',
        onPaid,
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
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'ACTIVE'), isNotNull(orders.dateNextInvoice), lte(orders.dateNextInvoice, now)))
    .limit(BATCH);
  let started = 0;
  for (const order of due) {
    const start = order.dateNextInvoice!;
    // A period is billed before it begins: one whose renewal the run has not raised yet (more were due than a run takes) waits for it.
    if (!(await hasRenewal(db, order.id, start.toISOString())) && (await priceOrderPeriod(db, order, start, await cycleTermsOf(db, order.orderType, order.billingCycleMonths))))
      continue;
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(orders)
        .set({ dateNextInvoice: addUtcMonths(start, order.billingCycleMonths) })
        .where(and(eq(orders.id, order.id), eq(orders.dateNextInvoice, start)))
        .returning({ id: orders.id });
      if (!moved.length) return;
      started += 1;
      await tx
        .update(ipAddresses)
        .set({ domainsAllowed: sql`${ipAddresses.pendingDomainsAllowed}`, pendingDomainsAllowed: null })
        .where(and(eq(ipAddresses.orderId, order.id), isNotNull(ipAddresses.pendingDomainsAllowed), eq(ipAddresses.status, 'ACTIVE')));
      await applyScheduledPlan(tx, order);
    });
  }
  return started;
}

/** Running orders with an invoice unpaid past the grace period are suspended. */
async function suspendOverdue(db: Db, now: Date): Promise<number> {
  const overdue = await db
    .selectDistinct({ id: orders.id })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(overdueInvoices(now), eq(orders.status, 'ACTIVE')))
    .limit(BATCH);
  let suspended = 0;
  for (const { id } of overdue) if (await db.transaction((tx) => suspendOrder(tx, id, now))) suspended += 1;
  return suspended;
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
  const cutoff = daysAfter(now, -TERMINATION_DAYS);
  // Re-checked under the order's locks: a payment that came in since keeps the order.
  const stillUnpaid = async (tx: Db, order: { id: number; status: string }) => order.status === 'PENDING' && (await hasOverdue(tx, order.id, now));
  const stillSuspended = (order: { status: string; dateSuspended: Date | null }) => order.status === 'SUSPENDED' && order.dateSuspended !== null && order.dateSuspended <= cutoff;
  let ended = 0;
  for (const { id } of await unpaid.limit(BATCH)) if (await db.transaction((tx) => endOrder(tx, id, now, (o) => stillUnpaid(tx, o)))) ended += 1;
  for (const { id } of await terminated.limit(BATCH)) if (await db.transaction((tx) => endOrder(tx, id, now, async (o) => stillSuspended(o)))) ended += 1;
  return ended;
}

/** One run, in the order the days pass: requests due, invoices for coming renewals, new periods, then overdue. */
export async function runBillingCycle(db: Db, rates: ExchangeRateSource, now: Date, log: (message: string) => void = console.error): Promise<BillingRunReport> {
  // A rate source that fails leaves yesterday's rate in place; the rest of the run does not wait for it.
  const eurPerUsd = await refreshEurRate(db, rates, now).catch((error: unknown) => {
    log(`[hostdeck] billing run: the EUR rate was not refreshed: ${String(error)}`);
    return null;
  });
  const cancellationsProcessed = await processDueCancellations(db, now);
  const renewalsInvoiced = await raiseRenewals(db, now);
  const periodsStarted = await startNewPeriods(db, now);
  const ordersSuspended = await suspendOverdue(db, now);
  const ordersEnded = await endAbandoned(db, now);
  return { eurPerUsd, cancellationsProcessed, renewalsInvoiced, periodsStarted, ordersSuspended, ordersEnded };
}
