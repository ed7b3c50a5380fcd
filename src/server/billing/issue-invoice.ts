import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PricedInvoice } from '../../lib/billing';
import type { Db } from '../db/connection';
import { exchangeRates, invoiceItems, invoices, memberships, users } from '../db/schema/index';
import { billedParty } from './billed-party';
import { companyEmails, queueCompanyEmail } from '../services/company-mail';
import { formatMoney } from '../../lib/billing/money';
import type { InvoiceAction } from './invoice-actions';

/** What an invoice is for (the invoices table's `purpose`). */
export type InvoicePurpose = 'NEW_ORDER' | 'RENEWAL' | 'EXTENSION' | 'SLOT_UPGRADE' | 'PLAN_CHANGE' | 'WEBSITE_SETUP';

export interface InvoiceToIssue {
  companyGuid: string;
  orderId: number | null;
  /** Lines and totals from the one pricing module (src/lib/billing/pricing.ts). */
  priced: PricedInvoice;
  purpose: InvoicePurpose;
  /** What paying it carries out (src/server/billing/invoice-paid.ts). */
  onPaid: InvoiceAction | null;
  /** The person named on it: the member who acted, or for the provider's own invoices the order's author. */
  person: { firstName: string; lastName: string };
  issued: Date;
}

/** EUR per 1 USD as stored today (src/server/billing/exchange-rate.ts refreshes it daily), or null before the first. */
export async function storedEurPerUsd(db: Db): Promise<number | null> {
  const [row] = await db.select({ rate: exchangeRates.perUsd }).from(exchangeRates).where(eq(exchangeRates.currency, 'EUR'));
  return row ? Number(row.rate) : null;
}

/**
 * Writes one invoice with its lines, in the caller's transaction: the billed party as the company
 * is today (billedParty), the totals as priced, and on an EUR invoice the day's rate (spec part 3,
 * 9: converted daily from a USD base, the rate stored on each invoice). Answers its number.
 */
export async function issueInvoice(tx: Db, input: InvoiceToIssue): Promise<number> {
  const { priced } = input;
  const rate = priced.currency === 'EUR' ? await storedEurPerUsd(tx) : null;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      companyGuid: input.companyGuid,
      orderId: input.orderId,
      status: 'UNPAID',
      currency: priced.currency,
      ...(await billedParty(tx, input.companyGuid, input.person, input.issued)),
      subTotalCents: priced.sub_total,
      couponName: priced.coupon_code?.name ?? null,
      couponValue: priced.coupon_code?.value ?? null,
      discountAmountCents: priced.discount_amount,
      taxRate: priced.tax_rate,
      initialTaxCents: priced.initial_tax,
      initialAmountCents: priced.initial_amount,
      totalAmountCents: priced.total_amount,
      paymentMadeCents: 0,
      balanceDueCents: priced.total_amount,
      eurPerUsd: rate,
      purpose: input.purpose,
      onPaid: input.onPaid,
    })
    .returning({ id: invoices.id });
  if (priced.items.length) {
    await tx.insert(invoiceItems).values(
      priced.items.map((item, position) => ({
        invoiceId: invoice!.id,
        description: item.description,
        periodStart: item.period_start,
        periodEnd: item.period_end,
        quantity: item.quantity,
        rateCents: item.rate,
        subTotalCents: item.sub_total,
        position,
      })),
    );
  }
  // The contacts who take new_invoice hear of it once the transaction commits (services/company-mail.ts).
  await queueCompanyEmail(tx, companyEmails.newInvoice(input.companyGuid, invoice!.id, formatMoney(priced.total_amount, priced.currency)), input.issued);
  return invoice!.id;
}

/**
 * Who a renewal or an extension names when no member is acting: the member who placed the order,
 * or else the company's owner.
 */
export async function orderPerson(db: Db, companyGuid: string, createdBy: string | null): Promise<{ firstName: string; lastName: string }> {
  if (createdBy) {
    const [author] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.guid, createdBy));
    if (author) return author;
  }
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.guid, memberships.userGuid))
    .where(and(eq(memberships.companyGuid, companyGuid), inArray(memberships.accountType, ['OWNER', 'ADMIN', 'BILLING'])))
    .orderBy(desc(sql`${memberships.accountType} = 'OWNER'`))
    .limit(1);
  return owner ?? { firstName: '', lastName: '' };
}
