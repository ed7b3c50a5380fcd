import { and, asc, eq, inArray, isNotNull, ne, sql, type Column } from 'drizzle-orm';
import { formatCents, percentOf } from '../../lib/billing/money';
import type { Db } from '../db/connection';
import { cancellationRequests, gatewaySessions, hostingAccounts, invoiceItems, invoices, ipAddresses, orders, transactionInvoices, transactions } from '../db/schema/index';
import { OWED_PURPOSES, overdueInvoices } from './order-lifecycle';

/**
 * What must hold of the billing rows at every moment, whatever happened before (issue 27): each
 * check reads the rows and answers what it finds wrong as sentences naming the order, invoice or
 * transaction, so a failing test says what broke. The property tests of
 * tests/api/billing-invariants.test.ts run them after every step of a generated timeline.
 */

export interface InvariantScope {
  /** The server's clock: what counts as overdue is measured from it. */
  now: Date;
  /** Only this company's rows; the whole database when absent. */
  companyGuid?: string;
  /**
   * Just after a billing run: the run has suspended every running order it owed an overdue
   * invoice to, so none is left ACTIVE.
   */
  afterRun?: boolean;
}

type InvoiceRow = typeof invoices.$inferSelect;

const money = (cents: number, currency: string) => `${formatCents(cents)} ${currency}`;
const day = (date: Date) => date.toISOString().slice(0, 10);
const list = (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', ');
const companyOf = (column: Column, scope: InvariantScope) => (scope.companyGuid ? sql`${column} = ${scope.companyGuid}` : undefined);

/** The purposes of the invoice that starts an order (its first period, or the one-off work). */
const FIRST_PURPOSES = new Set(['NEW_ORDER', 'WEBSITE_SETUP']);

/**
 * At most one live invoice per order and period: one first invoice, one renewal per period, and
 * no day billed twice by the renewals and the paid extensions (which name the period they paid
 * for once paid, invoice-paid.ts).
 */
function onePerPeriod(rows: InvoiceRow[]): string[] {
  const found: string[] = [];
  const byOrder = new Map<number, InvoiceRow[]>();
  for (const row of rows) if (row.orderId !== null) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  for (const [order, own] of byOrder) {
    const first = own.filter((i) => FIRST_PURPOSES.has(i.purpose));
    if (first.length > 1) found.push(`Order #${order} has ${first.length} first invoices: ${list(first.map((i) => i.id))}.`);
    const periods = own
      .filter((i) => i.purpose === 'RENEWAL' || (i.purpose === 'EXTENSION' && i.status === 'PAID'))
      .map((i) => ({ id: i.id, purpose: i.purpose.toLowerCase(), start: String(i.onPaid?.period_start ?? ''), end: String(i.onPaid?.period_end ?? '') }))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id);
    // The period reaching furthest so far: a later one that starts before its end bills its days again.
    let reach: (typeof periods)[number] | undefined;
    for (const period of periods) {
      if (!Number.isFinite(Date.parse(period.start)) || !Number.isFinite(Date.parse(period.end))) {
        found.push(`The ${period.purpose} invoice #${period.id} of order #${order} names no period.`);
        continue;
      }
      if (reach?.start === period.start) found.push(`Order #${order} has two invoices for the period from ${period.start}: #${reach.id} and #${period.id}.`);
      else if (reach && Date.parse(period.start) < Date.parse(reach.end))
        found.push(
          `Order #${order}'s ${reach.purpose} invoice #${reach.id} (to ${reach.end}) and ${period.purpose} invoice #${period.id} (from ${period.start}) bill the same days.`,
        );
      if (!reach || Date.parse(period.end) > Date.parse(reach.end)) reach = period;
    }
  }
  return found;
}

/** An invoice's amounts: lines add up, discount and tax as the pricing module makes them, paid as its transactions say. */
function amounts(
  invoice: InvoiceRow,
  lines: { description: string; quantity: number; rate: number; subTotal: number }[],
  paid: number,
  approvedSessions: number | null,
  payments: number,
): string[] {
  const found: string[] = [];
  const name = `Invoice #${invoice.id}`;
  const m = (cents: number) => money(cents, invoice.currency);
  const cents = {
    sub_total: invoice.subTotalCents,
    discount_amount: invoice.discountAmountCents,
    initial_amount: invoice.initialAmountCents,
    initial_tax: invoice.initialTaxCents,
    total_amount: invoice.totalAmountCents,
    payment_made: invoice.paymentMadeCents,
    balance_due: invoice.balanceDueCents,
  };
  for (const [field, value] of Object.entries(cents))
    if (!Number.isSafeInteger(value) || value < 0) found.push(`${name}: ${field} is ${value}, not a whole number of cents of at least 0.`);
  for (const line of lines) {
    if (!Number.isSafeInteger(line.rate) || !Number.isSafeInteger(line.subTotal)) found.push(`${name}: the line '${line.description}' is not in whole cents.`);
    else if (line.quantity * line.rate !== line.subTotal) found.push(`${name}: the line '${line.description}' is ${line.quantity} x ${m(line.rate)} but says ${m(line.subTotal)}.`);
  }
  const lineSum = lines.reduce((sum, line) => sum + line.subTotal, 0);
  if (lineSum !== invoice.subTotalCents) found.push(`${name}: its sub-total ${m(invoice.subTotalCents)} is not the sum of its lines, ${m(lineSum)}.`);
  if (invoice.discountAmountCents > invoice.subTotalCents)
    found.push(`${name}: its discount ${m(invoice.discountAmountCents)} is more than its sub-total ${m(invoice.subTotalCents)}.`);
  if (invoice.initialAmountCents !== invoice.subTotalCents - invoice.discountAmountCents)
    found.push(`${name}: ${m(invoice.initialAmountCents)} before tax is not its sub-total ${m(invoice.subTotalCents)} less its discount ${m(invoice.discountAmountCents)}.`);
  if (invoice.initialTaxCents !== percentOf(invoice.initialAmountCents, invoice.taxRate))
    found.push(`${name}: its tax ${m(invoice.initialTaxCents)} is not ${invoice.taxRate}% of ${m(invoice.initialAmountCents)}.`);
  if (invoice.totalAmountCents !== invoice.initialAmountCents + invoice.initialTaxCents)
    found.push(`${name}: its total ${m(invoice.totalAmountCents)} is not ${m(invoice.initialAmountCents)} plus its tax ${m(invoice.initialTaxCents)}.`);
  if (invoice.paymentMadeCents !== paid) found.push(`${name}: ${m(invoice.paymentMadeCents)} is recorded as paid, but its transactions add up to ${m(paid)}.`);
  if (invoice.paymentMadeCents > invoice.totalAmountCents) found.push(`${name}: ${m(invoice.paymentMadeCents)} was paid towards a total of ${m(invoice.totalAmountCents)}.`);
  if (approvedSessions !== null && approvedSessions !== payments)
    found.push(`${name}: ${approvedSessions} payment(s) were approved at the gateway, but ${payments} transaction(s) were charged for it.`);
  // A cancelled invoice keeps the balance it had (or none): nothing is owed on it either way.
  if (invoice.status === 'CANCELLED') return found;
  if (invoice.balanceDueCents !== invoice.totalAmountCents - invoice.paymentMadeCents)
    found.push(`${name}: its balance due ${m(invoice.balanceDueCents)} is not its total ${m(invoice.totalAmountCents)} less ${m(invoice.paymentMadeCents)} paid.`);
  const status = invoice.paymentMadeCents >= invoice.totalAmountCents && invoice.paymentMadeCents > 0 ? 'PAID' : invoice.paymentMadeCents > 0 ? 'PARTIALLY_PAID' : 'UNPAID';
  if (invoice.status !== status) found.push(`${name} is ${invoice.status}, but ${m(invoice.paymentMadeCents)} of ${m(invoice.totalAmountCents)} paid makes it ${status}.`);
  if (invoice.status === 'PAID' && !invoice.datePaid) found.push(`${name} is PAID with no date paid.`);
  return found;
}

/** Every invoice of the scope: its amounts against its lines and its transactions (see `amounts`). */
async function invoiceAmounts(db: Db, scope: InvariantScope, rows: InvoiceRow[]): Promise<string[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const lines = await db
    .select({
      invoice: invoiceItems.invoiceId,
      description: invoiceItems.description,
      quantity: invoiceItems.quantity,
      rate: invoiceItems.rateCents,
      subTotal: invoiceItems.subTotalCents,
    })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(companyOf(invoices.companyGuid, scope))
    .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position));
  const shares = await db
    .select({ invoice: transactionInvoices.invoiceId, amount: transactionInvoices.amountCents, at: transactions.dateCreated })
    .from(transactionInvoices)
    .innerJoin(transactions, eq(transactions.guid, transactionInvoices.transactionGuid))
    .innerJoin(invoices, eq(invoices.id, transactionInvoices.invoiceId))
    .where(and(eq(transactions.kind, 'PAYMENT'), eq(transactions.status, 'COMPLETED'), companyOf(invoices.companyGuid, scope)));
  const sessions = await db
    .select({ invoice: gatewaySessions.invoiceId, status: gatewaySessions.status, at: gatewaySessions.dateCreated })
    .from(gatewaySessions)
    .where(and(eq(gatewaySessions.kind, 'PAYMENT'), isNotNull(gatewaySessions.invoiceId), companyOf(gatewaySessions.companyGuid, scope)));
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) linesOf.set(line.invoice, [...(linesOf.get(line.invoice) ?? []), line]);
  const sharesOf = new Map<number, typeof shares>();
  for (const share of shares) sharesOf.set(share.invoice, [...(sharesOf.get(share.invoice) ?? []), share]);
  const sessionsOf = new Map<number, typeof sessions>();
  for (const session of sessions) sessionsOf.set(session.invoice!, [...(sessionsOf.get(session.invoice!) ?? []), session]);
  return rows.flatMap((invoice) => {
    const own = sharesOf.get(invoice.id) ?? [];
    const visits = sessionsOf.get(invoice.id) ?? [];
    // The gateway's charges are those since the invoice's first visit to it (the seed pays without one).
    const since = Math.min(...visits.map((v) => v.at.getTime()));
    const charged = own.filter((share) => share.at.getTime() >= since).length;
    const approved = visits.length ? visits.filter((v) => v.status === 'APPROVED').length : null;
    return amounts(
      invoice,
      linesOf.get(invoice.id) ?? [],
      own.reduce((sum, share) => sum + share.amount, 0),
      approved,
      charged,
    );
  });
}

/** Every charge belongs to an invoice of its own company and currency, and is shared out whole. */
async function chargesBelong(db: Db, scope: InvariantScope): Promise<string[]> {
  const rows = await db
    .select({
      id: transactions.transactionId,
      amount: transactions.amountCents,
      currency: transactions.currency,
      shared: sql<number>`coalesce(sum(${transactionInvoices.amountCents}), 0)::int`,
      links: sql<number>`count(${transactionInvoices.invoiceId})::int`,
      strangers: sql<number>`count(*) filter (where ${invoices.companyGuid} <> ${transactions.companyGuid} or ${invoices.currency} <> ${transactions.currency})::int`,
      smallest: sql<number | null>`min(${transactionInvoices.amountCents})`,
    })
    .from(transactions)
    .leftJoin(transactionInvoices, eq(transactionInvoices.transactionGuid, transactions.guid))
    .leftJoin(invoices, eq(invoices.id, transactionInvoices.invoiceId))
    .where(and(eq(transactions.kind, 'PAYMENT'), eq(transactions.status, 'COMPLETED'), companyOf(transactions.companyGuid, scope)))
    .groupBy(transactions.guid);
  const found: string[] = [];
  for (const row of rows) {
    const what = `The charge ${row.id} of ${money(row.amount, row.currency)}`;
    if (!Number.isSafeInteger(row.amount) || row.amount <= 0) found.push(`${what} is not a positive whole number of cents.`);
    if (Number(row.links) === 0) found.push(`${what} belongs to no invoice.`);
    else if (Number(row.shared) !== row.amount) found.push(`${what} is shared out as ${money(Number(row.shared), row.currency)} over its invoices.`);
    if (Number(row.strangers) > 0) found.push(`${what} is counted towards an invoice of another company or currency.`);
    if (row.smallest !== null && Number(row.smallest) <= 0) found.push(`${what} has a share of no money.`);
  }
  return found;
}

/** A suspended order owes an invoice past its grace period; after a run, no running order does. */
async function suspensions(db: Db, scope: InvariantScope): Promise<string[]> {
  const owed = sql`exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id} and ${overdueInvoices(scope.now)})`;
  const suspended = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'SUSPENDED'), sql`not ${owed}`, companyOf(orders.companyGuid, scope)));
  const found = suspended.map((o) => `Order #${o.id} is SUSPENDED, but it owes no ${OWED_PURPOSES.join(', ')} invoice past its grace period.`);
  if (scope.afterRun) {
    const running = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'ACTIVE'), owed, companyOf(orders.companyGuid, scope)));
    found.push(...running.map((o) => `Order #${o.id} is still ACTIVE after the billing run, though it owes an invoice past its grace period.`));
  }
  return found;
}

/**
 * Nothing is renewed once a cancellation takes effect: no renewal is raised after it, none for a
 * period from then on is still owed, and at the end of the billing cycle none such was paid for
 * (the cycle runs to the end of what was paid, order-lifecycle.ts endOfPaidPeriods); an
 * ended order holds nothing running, owes nothing new, and has no next invoice.
 */
async function afterCancellation(db: Db, scope: InvariantScope, rows: InvoiceRow[]): Promise<string[]> {
  const found: string[] = [];
  const requests = await db
    .select({
      order: cancellationRequests.orderId,
      effective: cancellationRequests.dateEffective,
      time: cancellationRequests.cancellationTime,
      status: cancellationRequests.status,
    })
    .from(cancellationRequests)
    .where(and(isNotNull(cancellationRequests.orderId), inArray(cancellationRequests.status, ['PENDING', 'PROCESSED']), companyOf(cancellationRequests.companyGuid, scope)));
  for (const request of requests) {
    if (!request.effective) continue;
    const from = request.effective.getTime();
    const kept = request.time === 'IMMEDIATELY' ? ['UNPAID', 'PARTIALLY_PAID'] : ['UNPAID', 'PARTIALLY_PAID', 'PAID'];
    for (const invoice of rows) {
      if (invoice.orderId !== request.order || (invoice.purpose !== 'RENEWAL' && invoice.purpose !== 'EXTENSION')) continue;
      if (kept.includes(invoice.status) && Date.parse(String(invoice.onPaid?.period_start)) >= from)
        found.push(
          `Order #${request.order} is cancelled from ${request.effective.toISOString()}, but its ${invoice.purpose.toLowerCase()} invoice #${invoice.id} (${invoice.status}) bills the period from ${String(invoice.onPaid?.period_start)}.`,
        );
      else if (request.status === 'PROCESSED' && invoice.purpose === 'RENEWAL' && invoice.dateCreated.getTime() > from)
        found.push(
          `Order #${request.order} was cancelled from ${request.effective.toISOString()}, but renewal invoice #${invoice.id} was raised after, on ${invoice.dateCreated.toISOString()}.`,
        );
    }
  }
  const ended = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'CANCELLED'), companyOf(orders.companyGuid, scope)));
  if (!ended.length) return found;
  const endedIds = ended.map((o) => o.id);
  const running = await db
    .select({ order: ipAddresses.orderId, ip: ipAddresses.ipAddress, status: ipAddresses.status })
    .from(ipAddresses)
    .where(and(inArray(ipAddresses.orderId, endedIds), sql`${ipAddresses.status} not in ('CANCELLED', 'REPLACED')`));
  const accounts = await db
    .select({ order: hostingAccounts.orderId, name: hostingAccounts.name, status: hostingAccounts.status })
    .from(hostingAccounts)
    .where(and(inArray(hostingAccounts.orderId, endedIds), ne(hostingAccounts.status, 'TERMINATED')));
  for (const order of ended) {
    if (order.dateNextInvoice) found.push(`Order #${order.id} is CANCELLED, yet its next invoice is dated ${day(order.dateNextInvoice)}.`);
    // What stays owed of an ended order is the time it used: renewals of periods begun before its end.
    const used = (i: InvoiceRow) => i.purpose === 'RENEWAL' && order.dateCancelled !== null && Date.parse(String(i.onPaid?.period_start)) < order.dateCancelled.getTime();
    const owed = rows.filter((i) => i.orderId === order.id && (i.status === 'UNPAID' || i.status === 'PARTIALLY_PAID') && !used(i));
    if (owed.length)
      found.push(`Order #${order.id} is CANCELLED, yet it still asks to be paid for what it never gives: ${owed.map((i) => `#${i.id} (${i.purpose}, ${i.status})`).join(', ')}.`);
    const later = rows.filter((i) => i.orderId === order.id && order.dateCancelled && i.dateCreated > order.dateCancelled);
    if (later.length) found.push(`Order #${order.id} was cancelled on ${order.dateCancelled!.toISOString()}, yet invoice(s) ${list(later.map((i) => i.id))} were issued after.`);
  }
  for (const ip of running) found.push(`Order #${ip.order} is CANCELLED, yet its address ${ip.ip} is ${ip.status}.`);
  for (const account of accounts) found.push(`Order #${account.order} is CANCELLED, yet its hosting account ${account.name} is ${account.status}.`);
  return found;
}

/**
 * The billing invariants, checked on the rows as they are (of one company, or all): the
 * sentences of every one that does not hold, empty when all do.
 */
export async function billingViolations(db: Db, scope: InvariantScope): Promise<string[]> {
  const rows = await db.select().from(invoices).where(companyOf(invoices.companyGuid, scope)).orderBy(asc(invoices.id));
  const live = rows.filter((r) => r.status !== 'CANCELLED');
  // One query after another: `db` may be a transaction, which runs one at a time.
  return [
    ...onePerPeriod(live),
    ...(await invoiceAmounts(db, scope, rows)),
    ...(await chargesBelong(db, scope)),
    ...(await suspensions(db, scope)),
    ...(await afterCancellation(db, scope, rows)),
  ];
}

/** The money fields of API answers (billing documents, orders, options): integer cents wherever they appear. */
const MONEY_KEYS = /^rate$|(^|_)(amount|sub_total|total|cost|payment_made|balance_due|initial_tax|due_today|price|earnings)$/;

/**
 * Money in an API answer is integer cents (docs/decisions.md "Billing documents"): every number
 * under a money key, at any depth, is a whole number. Answers the paths that are not.
 */
export function moneyNotInCents(answer: unknown, path = '$'): string[] {
  if (Array.isArray(answer)) return answer.flatMap((item, i) => moneyNotInCents(item, `${path}[${i}]`));
  if (answer === null || typeof answer !== 'object') return [];
  return Object.entries(answer as Record<string, unknown>).flatMap(([key, value]) => {
    const at = `${path}.${key}`;
    if (typeof value === 'number' && MONEY_KEYS.test(key) && !Number.isSafeInteger(value)) return [`${at} is ${value}, not a whole number of cents.`];
    return moneyNotInCents(value, at);
  });
}
