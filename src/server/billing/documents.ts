import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CreditNote, Invoice, InvoiceSummary, Seller } from '../../lib/api/billing';
import type { Db } from '../db/connection';
import { companies, creditNoteItems, creditNotes, creditTransactions, invoiceItems, invoices, providers, refunds, transactionInvoices, transactions } from '../db/schema/index';
import { notFound } from '../http/errors';

/** Reads billing's documents for a company as the API answers them; the PDFs are written from the same answers. */

const iso = (d: Date | null) => d?.toISOString() ?? null;

type InvoiceRow = typeof invoices.$inferSelect;

export const invoiceSummaryOf = (r: InvoiceRow): InvoiceSummary => ({
  id: r.id,
  order_id: r.orderId,
  status: r.status,
  currency: r.currency,
  total_amount: r.totalAmountCents,
  initial_tax: r.initialTaxCents,
  balance_due: r.balanceDueCents,
  date_created: r.dateCreated.toISOString(),
  date_due: r.dateDue.toISOString(),
});

/** The provider that issues the company's documents (its name, support address and site). */
export async function sellerOf(db: Db, companyGuid: string): Promise<Seller> {
  const [row] = await db
    .select({ name: providers.name, email: providers.supportEmail, hostname: providers.hostname })
    .from(companies)
    .leftJoin(providers, eq(providers.guid, companies.providerGuid))
    .where(eq(companies.guid, companyGuid));
  return { name: row?.name ?? 'Hostdeck', email: row?.email ?? '', website: row?.hostname || null };
}

/** The billed-party columns a document row copied when it was issued (invoices, credit notes, affiliate invoices). */
export type BilledPartyRow = Pick<InvoiceRow, 'companyName' | 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'region' | 'country' | 'postalCode'>;

/** A document row's billed party as the answers spell it (lib/api/billing `billedParty`). */
export const partyOf = (r: BilledPartyRow) => ({
  company_name: r.companyName,
  first_name: r.firstName,
  last_name: r.lastName,
  address1: r.address1,
  address2: r.address2,
  city: r.city,
  region: r.region,
  country: r.country,
  postal_code: r.postalCode,
});

/** One invoice of the company in full, or 404 (another company's invoice is not found either). */
export async function loadInvoice(db: Db, companyGuid: string, id: number, message: string): Promise<Invoice> {
  const [r] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyGuid, companyGuid)));
  if (!r) throw notFound(message);
  const [items, paid, refunded, seller] = await Promise.all([
    db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id)).orderBy(asc(invoiceItems.position)),
    db
      .select({ t: transactions, share: transactionInvoices.amountCents })
      .from(transactionInvoices)
      .innerJoin(transactions, eq(transactions.guid, transactionInvoices.transactionGuid))
      .where(eq(transactionInvoices.invoiceId, id))
      .orderBy(asc(transactions.dateCreated)),
    db
      .select({ r: refunds, t: transactions })
      .from(refunds)
      .leftJoin(transactions, eq(transactions.guid, refunds.transactionGuid))
      .where(eq(refunds.invoiceId, id))
      .orderBy(asc(refunds.dateCreated)),
    sellerOf(db, companyGuid),
  ]);
  return {
    id: r.id,
    order_id: r.orderId,
    status: r.status,
    currency: r.currency,
    seller,
    ...partyOf(r),
    vat: r.vatId ? { vat_id: r.vatId } : null,
    date_created: r.dateCreated.toISOString(),
    date_due: r.dateDue.toISOString(),
    date_paid: iso(r.datePaid),
    payment_terms: r.paymentTerms,
    items: items.map((i) => ({
      description: i.description,
      period_start: iso(i.periodStart),
      period_end: iso(i.periodEnd),
      quantity: i.quantity,
      rate: i.rateCents,
      sub_total: i.subTotalCents,
    })),
    sub_total: r.subTotalCents,
    coupon_code: r.couponName ? { name: r.couponName, value: r.couponValue ?? '' } : null,
    discount_amount: r.discountAmountCents,
    tax_rate: r.taxRate,
    initial_tax: r.initialTaxCents,
    initial_amount: r.initialAmountCents,
    total_amount: r.totalAmountCents,
    payment_made: r.paymentMadeCents,
    balance_due: r.balanceDueCents,
    // The share of a payment that went to this invoice (one payment may settle several).
    transactions: paid.map(({ t, share }) => ({
      guid: t.guid,
      amount: share,
      currency: t.currency,
      date_created: t.dateCreated.toISOString(),
      payment_method_type: t.paymentMethodType,
      transaction_id: t.transactionId,
    })),
    refunds: refunded.map(({ r: f, t }) => ({
      guid: f.guid,
      status: f.status,
      date_created: f.dateCreated.toISOString(),
      transaction: t ? { amount: t.amountCents, currency: t.currency, payment_method_type: t.paymentMethodType, transaction_id: t.transactionId } : null,
    })),
    custom_notes: r.customNotes,
    eur_per_usd: r.eurPerUsd,
  };
}

/** One credit note of the company in full, or 404. */
export async function loadCreditNote(db: Db, companyGuid: string, id: number, message: string): Promise<CreditNote> {
  const [r] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), eq(creditNotes.companyGuid, companyGuid)));
  if (!r) throw notFound(message);
  const [items, moves, seller, tx] = await Promise.all([
    db.select().from(creditNoteItems).where(eq(creditNoteItems.creditNoteId, id)).orderBy(asc(creditNoteItems.position)),
    db.select().from(creditTransactions).where(eq(creditTransactions.creditNoteId, id)).orderBy(asc(creditTransactions.dateCreated)),
    sellerOf(db, companyGuid),
    r.transactionGuid ? db.select().from(transactions).where(eq(transactions.guid, r.transactionGuid)) : Promise.resolve([]),
  ]);
  const t = tx[0];
  return {
    id: r.id,
    status: r.status,
    invoice_id: r.invoiceId,
    seller,
    ...partyOf(r),
    currency: r.currency,
    items: items.map((i) => ({ description: i.description, amount: i.amountCents, currency: i.currency, tax: i.taxCents, tax_rate: i.taxRate })),
    initial_balance: r.initialBalanceCents,
    initial_tax: r.initialTaxCents,
    balance: r.balanceCents,
    date_created: r.dateCreated.toISOString(),
    transaction: t
      ? { amount: t.amountCents, currency: t.currency, date_created: t.dateCreated.toISOString(), payment_method: t.paymentMethodType, transaction_id: t.transactionId }
      : null,
    credit_transactions: moves.map((m) => ({ date_created: m.dateCreated.toISOString(), action: m.action, amount: m.amountCents, currency: m.currency })),
    custom_notes: r.customNotes,
  };
}

/** The invoices each transaction paid or refunded, with their status (the Transactions tab's View). */
export async function invoicesOfTransactions(db: Db, guids: string[]): Promise<Map<string, { id: number; status: string }[]>> {
  const byTx = new Map<string, { id: number; status: string }[]>();
  if (!guids.length) return byTx;
  const [paid, refunded] = await Promise.all([
    db
      .select({ tx: transactionInvoices.transactionGuid, id: invoices.id, status: invoices.status })
      .from(transactionInvoices)
      .innerJoin(invoices, eq(invoices.id, transactionInvoices.invoiceId))
      .where(inArray(transactionInvoices.transactionGuid, guids))
      .orderBy(desc(invoices.id)),
    db
      .select({ tx: refunds.transactionGuid, id: invoices.id, status: invoices.status })
      .from(refunds)
      .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
      .where(inArray(refunds.transactionGuid, guids))
      .orderBy(desc(invoices.id)),
  ]);
  for (const row of [...paid, ...refunded]) {
    if (!row.tx) continue;
    const list = byTx.get(row.tx) ?? [];
    if (!list.some((i) => i.id === row.id)) list.push({ id: row.id, status: row.status });
    byTx.set(row.tx, list);
  }
  return byTx;
}
