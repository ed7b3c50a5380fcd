import { addUtcMonths } from '../../lib/billing/calendar';
import { renewalOnPaid } from '../billing/billing-cycle';
import type { InvoiceActionOf } from '../billing/invoice-actions';
import { invoiceItems, invoices, orders, transactionInvoices, transactions } from '../db/schema/index';
import type { SeedContext } from './context';

/** The billed party, copied onto every invoice as it was when issued. */
export interface BillTo {
  companyGuid: string;
  companyName: string;
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  region: string;
  country: string;
  postalCode: string;
  vatId: string | null;
  currency: 'USD' | 'EUR';
  /** The company's active payment methods to pay with. */
  card?: string;
  paypal?: string;
}

export interface ItemSpec {
  description: string;
  quantity: number;
  rateCents: number;
  periodStart?: Date;
  periodEnd?: Date;
}

export interface InvoiceSpec {
  orderId?: number | null;
  status: 'PAID' | 'UNPAID' | 'PARTIALLY_PAID' | 'CANCELLED';
  created: Date;
  /** Days from created to due. */
  terms?: number;
  items: ItemSpec[];
  discountPercent?: number;
  couponName?: string;
  /** For PARTIALLY_PAID: how much of the total was paid. */
  paidCents?: number;
  via?: 'CARD' | 'PAYPAL';
  purpose?: string;
  notes?: string;
  /** A renewal's period as the billing run records it (renewalInvoiceOf), so the run knows it is billed. */
  onPaid?: InvoiceActionOf<'RENEW_ORDER'>;
}

type OrderInsert = typeof orders.$inferInsert;

/** The billed-party columns of a document (invoice, credit note) for a bill-to. */
export function billedPartyOf(bill: BillTo) {
  const { companyName, firstName, lastName, address1, city, region, country, postalCode } = bill;
  return { companyName, firstName, lastName, address1, city, region, country, postalCode };
}

export async function createOrder(ctx: SeedContext, bill: BillTo, order: Omit<OrderInsert, 'companyGuid' | 'currency'>): Promise<number> {
  const [row] = await ctx.db
    .insert(orders)
    .values({ ...order, companyGuid: bill.companyGuid, currency: bill.currency })
    .returning({ id: orders.id });
  return row!.id;
}

const DAY = 86_400_000;

/**
 * An order's billing periods from `first` up to `now`, and the renewal date after them, by the
 * billing run's own month arithmetic (addUtcMonths, one period after another), so the seeded
 * renewal date is one the run would have reached.
 */
export function billingPeriods(first: Date, now: Date, months: number): { periods: Date[]; next: Date } {
  const periods: Date[] = [];
  for (let start = first; start < now; start = addUtcMonths(start, months)) periods.push(start);
  return { periods, next: addUtcMonths(periods.at(-1) ?? first, months) };
}

/** The fields of an order's renewal invoice for the period from `start`: its purpose and what the billing run looks for. */
export const renewalInvoiceOf = (orderId: number, start: Date, months: number) => ({ purpose: 'RENEWAL', onPaid: renewalOnPaid(orderId, start, months) });

/** An invoice with its lines, and the payments that made it PAID or PARTIALLY_PAID. */
export async function createInvoice(ctx: SeedContext, bill: BillTo, spec: InvoiceSpec): Promise<{ id: number; totalCents: number }> {
  const subTotal = spec.items.reduce((sum, i) => sum + i.quantity * i.rateCents, 0);
  const discount = Math.round((subTotal * (spec.discountPercent ?? 0)) / 100);
  const initialAmount = subTotal - discount;
  // The demo provider charges no VAT, so totals are easy to check by eye.
  const taxRate = 0;
  const tax = Math.round((initialAmount * taxRate) / 100);
  const total = initialAmount + tax;
  const paid = spec.status === 'PAID' ? total : spec.status === 'PARTIALLY_PAID' ? (spec.paidCents ?? Math.round(total / 2)) : 0;
  const terms = spec.terms ?? 7;
  // Paid some day within the terms, but never in the future.
  const paidAt = Math.min(spec.created.getTime() + ctx.rng.int(0, terms) * DAY, ctx.now.getTime());
  const datePaid = spec.status === 'PAID' ? new Date(paidAt) : null;
  const [invoice] = await ctx.db
    .insert(invoices)
    .values({
      companyGuid: bill.companyGuid,
      orderId: spec.orderId ?? null,
      status: spec.status,
      currency: bill.currency,
      ...billedPartyOf(bill),
      vatId: bill.vatId,
      paymentTerms: terms,
      subTotalCents: subTotal,
      couponName: spec.couponName ?? null,
      couponValue: spec.couponName ? `${spec.discountPercent}%` : null,
      discountAmountCents: discount,
      taxRate,
      initialTaxCents: tax,
      initialAmountCents: initialAmount,
      totalAmountCents: total,
      paymentMadeCents: paid,
      balanceDueCents: spec.status === 'CANCELLED' ? 0 : total - paid,
      customNotes: spec.notes ?? null,
      purpose: spec.purpose ?? 'NEW_ORDER',
      onPaid: spec.onPaid ?? null,
      dateDue: new Date(spec.created.getTime() + terms * DAY),
      datePaid,
      dateCreated: spec.created,
    })
    .returning({ id: invoices.id });
  const id = invoice!.id;
  await ctx.db.insert(invoiceItems).values(
    spec.items.map((item, position) => ({
      invoiceId: id,
      description: item.description,
      quantity: item.quantity,
      rateCents: item.rateCents,
      subTotalCents: item.quantity * item.rateCents,
      periodStart: item.periodStart ?? null,
      periodEnd: item.periodEnd ?? null,
      position,
    })),
  );
  if (paid > 0) {
    const via = spec.via ?? 'CARD';
    await recordPayment(ctx, bill, id, paid, via, datePaid ?? new Date(Math.min(spec.created.getTime() + DAY, ctx.now.getTime())));
  }
  return { id, totalCents: total };
}

export async function recordPayment(ctx: SeedContext, bill: BillTo, invoiceId: number, amountCents: number, via: 'CARD' | 'PAYPAL', when: Date) {
  const hex = Array.from({ length: 24 }, () => ctx.rng.int(0, 15).toString(16)).join('');
  const [tx] = await ctx.db
    .insert(transactions)
    .values({
      companyGuid: bill.companyGuid,
      amountCents,
      currency: bill.currency,
      paymentMethodType: via,
      paymentMethodGuid: via === 'CARD' ? (bill.card ?? null) : (bill.paypal ?? null),
      transactionId: via === 'CARD' ? `ch_${hex}` : `PAYID-${hex.toUpperCase()}`,
      dateCreated: when,
    })
    .returning({ guid: transactions.guid });
  await ctx.db.insert(transactionInvoices).values({ transactionGuid: tx!.guid, invoiceId, amountCents });
  return tx!.guid;
}
