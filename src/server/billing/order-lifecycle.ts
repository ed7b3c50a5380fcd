import { and, asc, eq, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { addUtcMonths, invoiceOf, priceIpOrder, type BillingCycleTerms, type Currency, type IpOrderLocation, type PricedInvoice } from '../../lib/billing';
import { orderTypeWords } from '../../lib/billing/documents';
import type { Db } from '../db/connection';
import { billingCycles, domains, hostingAccounts, invoices, ipAddresses, ipInventory, orders } from '../db/schema/index';
import { releaseIpOrder } from './ip-stock';
import { nextPeriodMonthlyCost } from './hosting-plan-change';
import { billedPeriodOf, parseInvoiceAction } from './invoice-actions';
import { companyEmails, queueCompanyEmail } from '../services/company-mail';

/**
 * What happens to orders over time (spec part 3, 4 "IP address", "Website slots", "Orders";
 * part 1, 9 "7-day payment grace period"): addresses and orders end, downgrades take effect at
 * the end of the billing cycle, and an order is priced for its next period. Every function takes
 * the moment it acts at, so tests move the clock instead of waiting (src/server/billing/billing-cycle.ts
 * runs them in order).
 */

type OrderRow = typeof orders.$inferSelect;

const DAY_MS = 86_400_000;
/** Part 1, 9: the terms' payment grace period after an invoice's due date. */
export const GRACE_DAYS = 7;
/** How long an order stays suspended before it is terminated (docs/decisions.md "Billing over time"). */
export const TERMINATION_DAYS = 30;
export const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

const LIVE_IP = notInArray(ipAddresses.status, ['CANCELLED', 'REPLACED']);

/**
 * Ends addresses: CANCELLED from `now`, their pending downgrade dropped, their domains unassigned,
 * and their stock back on the marketplace. Answers how many ended.
 */
export async function endAddresses(tx: Db, which: SQL, now: Date): Promise<number> {
  const ended = await tx
    .update(ipAddresses)
    .set({ status: 'CANCELLED', dateCancelled: now, pendingDomainsAllowed: null })
    .where(and(which, LIVE_IP))
    .returning({ guid: ipAddresses.guid, ip: ipAddresses.ipAddress });
  if (!ended.length) return 0;
  const guids = ended.map((e) => e.guid);
  await tx.update(domains).set({ ipAddressGuid: null }).where(inArray(domains.ipAddressGuid, guids));
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ip-stock'))`);
  await tx
    .update(ipInventory)
    .set({ allocatedCount: sql`greatest(${ipInventory.allocatedCount} - 1, 0)` })
    .where(
      inArray(
        ipInventory.ipAddress,
        ended.map((e) => e.ip),
      ),
    );
  return ended.length;
}

/**
 * Locks an order for a change of state: its invoices first, then the order, the order a payment
 * takes them in (the invoice it settles, then its order), so the two never wait on each other.
 */
async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id).for('update');
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/**
 * Ends an order: an unpaid one gives its reserved stock back, a running one's addresses end, its
 * invoices still owed are cancelled but for the renewals of periods it has begun (time it used,
 * left for the provider to settle; what was paid towards the others stays for the provider to
 * refund), its hosting accounts are terminated, and it is CANCELLED with no next invoice. `still`
 * re-checks, under the locks, why it was chosen (a payment may have come in since). True when it
 * ended.
 */
export async function endOrder(tx: Db, orderId: number, now: Date, still?: (order: OrderRow) => Promise<boolean>): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status === 'CANCELLED' || (still && !(await still(order)))) return false;
  if (order.status === 'PENDING') await releaseIpOrder(tx, orderId);
  await endAddresses(tx, eq(ipAddresses.orderId, orderId), now);
  const usedTime = sql`${invoices.purpose} = 'RENEWAL' and (${invoices.onPaid} ->> 'period_start')::timestamptz < ${now}`;
  await tx
    .update(invoices)
    .set({ status: 'CANCELLED' })
    .where(and(eq(invoices.orderId, orderId), or(eq(invoices.status, 'UNPAID'), and(eq(invoices.status, 'PARTIALLY_PAID'), sql`not (${usedTime})`))));
  await tx.update(hostingAccounts).set({ status: 'TERMINATED', dateToBeTerminated: null }).where(eq(hostingAccounts.orderId, orderId));
  await tx.update(orders).set({ status: 'CANCELLED', dateCancelled: now, dateNextInvoice: null }).where(eq(orders.id, orderId));
  return true;
}

/**
 * The end of what an order renewing at `renewal` is paid for: `renewal`, or the end of the last
 * renewal from then on already paid for, in whole or in part. A cancellation at the end of the
 * billing cycle waits for it and an extension starts from it, so no period is paid for twice or
 * paid for and lost.
 */
export async function endOfPaidPeriods(tx: Db, orderId: number, renewal: Date): Promise<Date> {
  const paid = await tx
    .select({ onPaid: invoices.onPaid })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.purpose, 'RENEWAL'),
        inArray(invoices.status, ['PAID', 'PARTIALLY_PAID']),
        sql`(${invoices.onPaid} ->> 'period_start')::timestamptz >= ${renewal}`,
      ),
    );
  const ends = paid
    .flatMap((i) => billedPeriodOf(parseInvoiceAction(i.onPaid)) ?? [])
    .map((period) => Date.parse(period.end))
    .filter((end) => Number.isFinite(end));
  return new Date(Math.max(renewal.getTime(), ...ends));
}

/** Whether an order still has an invoice unpaid past the grace period. */
export async function hasOverdue(tx: Db, orderId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), overdueInvoices(now)))
    .limit(1);
  return Boolean(row);
}

/** Overdue past the grace period: the order and its hosting accounts are SUSPENDED, termination dated; unless paid meanwhile. */
export async function suspendOrder(tx: Db, orderId: number, now: Date): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (order?.status !== 'ACTIVE' || !(await hasOverdue(tx, orderId, now))) return false;
  await tx.update(orders).set({ status: 'SUSPENDED', dateSuspended: now }).where(eq(orders.id, orderId));
  await tx
    .update(hostingAccounts)
    .set({ status: 'SUSPENDED', dateToBeTerminated: daysAfter(now, TERMINATION_DAYS) })
    .where(and(eq(hostingAccounts.orderId, orderId), eq(hostingAccounts.status, 'ACTIVE')));
  await queueCompanyEmail(tx, companyEmails.orderSuspended(order.companyGuid, orderId), now);
  return true;
}

/**
 * What an order owes to keep running: its first invoice and its renewals. An extension or a slot
 * upgrade left unpaid is an offer not taken up, and suspends nothing.
 */
export const OWED_PURPOSES = ['NEW_ORDER', 'RENEWAL', 'WEBSITE_SETUP'] as const;

/** Owed invoices of an order still unpaid past their due date and the grace period. */
export function overdueInvoices(now: Date): SQL {
  return and(
    inArray(invoices.status, ['UNPAID', 'PARTIALLY_PAID']),
    inArray(invoices.purpose, [...OWED_PURPOSES]),
    isNotNull(invoices.orderId),
    sql`${invoices.dateDue} < ${daysAfter(now, -GRACE_DAYS)}`,
  )!;
}

/** A suspended order with nothing overdue left becomes ACTIVE again, with its hosting accounts. */
export async function reactivateIfSettled(tx: Db, orderId: number, now: Date): Promise<void> {
  if (await hasOverdue(tx, orderId, now)) return;
  const reactivated = await tx
    .update(orders)
    .set({ status: 'ACTIVE', dateSuspended: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'SUSPENDED')))
    .returning({ id: orders.id });
  if (!reactivated.length) return;
  await tx
    .update(hostingAccounts)
    .set({ status: 'ACTIVE', dateToBeTerminated: null })
    .where(and(eq(hostingAccounts.orderId, orderId), eq(hostingAccounts.status, 'SUSPENDED')));
}

/**
 * The unpaid renewal invoices of periods not yet begun, cancelled because what the orders hold
 * has changed (a downgrade, an upgrade, a cancellation): the billing run raises them again at
 * the new price. With `extensions`, an order's extensions not fully paid go too (the order is
 * ending: what was paid towards one stays for the provider to refund, as endOrder's).
 */
export async function withdrawUnpaidRenewals(tx: Db, orderIds: readonly (number | null)[], options: { extensions?: boolean } = {}): Promise<void> {
  const ids = [...new Set(orderIds.filter((id): id is number => id !== null))];
  if (!ids.length) return;
  const notBegun = sql`(${invoices.onPaid} ->> 'period_start')::timestamptz >= (select ${orders.dateNextInvoice} from ${orders} where ${orders.id} = ${invoices.orderId})`;
  const renewals = and(eq(invoices.status, 'UNPAID'), eq(invoices.purpose, 'RENEWAL'), notBegun);
  const extensions = and(inArray(invoices.status, ['UNPAID', 'PARTIALLY_PAID']), eq(invoices.purpose, 'EXTENSION'));
  await tx
    .update(invoices)
    .set({ status: 'CANCELLED' })
    .where(and(inArray(invoices.orderId, ids), options.extensions ? or(renewals, extensions) : renewals));
}

/** Offered when an order type has no billing cycles of its own (docs/decisions.md "Billing over time"). */
const PLAIN_PERIODS = [1, 3, 6, 12];
const plainTerms = (months: number): BillingCycleTerms => ({ name: `${months} months`, months, discountPercentage: null });

/** The billing cycles an order type is offered (its periods to extend by), each with its default discount. */
export async function cyclesOf(db: Db, orderType: string): Promise<BillingCycleTerms[]> {
  const rows = await db.select().from(billingCycles).where(eq(billingCycles.orderType, orderType)).orderBy(asc(billingCycles.position));
  return rows.length ? rows.map((c) => ({ name: c.name, months: c.months, discountPercentage: c.discountPercentage })) : PLAIN_PERIODS.map(plainTerms);
}

/** The cycle an order is billed on, as its order type offers it. */
export async function cycleTermsOf(db: Db, orderType: string, months: number): Promise<BillingCycleTerms> {
  return (await cyclesOf(db, orderType)).find((c) => c.months === months) ?? plainTerms(months);
}

/**
 * An order priced for `months` from `start`, by the one pricing module: an IP order from the
 * addresses that will still be live then (ACTIVE ones, at their slot count after a pending
 * downgrade), grouped by place and price as the order's own invoice was; any other order from
 * its monthly cost. The cycle's default discount applies; the first invoice's coupon does not.
 * Null when nothing is left to bill (every address is on its way out).
 */
export async function priceOrderPeriod(db: Db, order: OrderRow, start: Date, cycle: BillingCycleTerms): Promise<PricedInvoice | null> {
  const currency = order.currency as Currency;
  if (order.orderType === 'IP_ADDRESS_HOSTING') {
    const slots = sql<number>`coalesce(${ipAddresses.pendingDomainsAllowed}, ${ipAddresses.domainsAllowed})`;
    const groups = await db
      .select({
        city: ipAddresses.city,
        country: ipAddresses.country,
        type: ipAddresses.ipAddressType,
        price: ipAddresses.ipCostCents,
        sitePrice: ipAddresses.slotCostCents,
        slots,
        n: sql<number>`count(*)::int`,
      })
      .from(ipAddresses)
      .where(and(eq(ipAddresses.orderId, order.id), eq(ipAddresses.status, 'ACTIVE')))
      .groupBy(ipAddresses.city, ipAddresses.country, ipAddresses.ipAddressType, ipAddresses.ipCostCents, ipAddresses.slotCostCents, slots)
      .orderBy(ipAddresses.country, ipAddresses.city, slots);
    if (!groups.length) return null;
    const locations: IpOrderLocation[] = groups.map((g) => ({
      city: g.city,
      country: g.country,
      count: Number(g.n),
      slots: Number(g.slots),
      priceCents: g.price,
      sitePriceCents: g.sitePrice,
    }));
    const type = groups[0]!.type === 'SHARED' ? 'SHARED' : 'DEDICATED';
    return priceIpOrder({ ipAddressType: type, locations, cycle, periodStart: start }, { currency });
  }
  // A shared hosting plan scheduled for the renewal prices the period it begins (spec part 3, 4).
  const monthly = await nextPeriodMonthlyCost(db, order);
  if (monthly <= 0) return null;
  const end = addUtcMonths(start, cycle.months);
  const description = `${orderTypeWords(order.orderType)}, order #${order.id}`;
  const rate = monthly * cycle.months;
  return invoiceOf([{ description, period_start: start, period_end: end, quantity: 1, rate, sub_total: rate }], { currency }, cycle);
}
