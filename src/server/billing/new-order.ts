import { PROVIDER_TAX_RATE, type BillingCycleTerms, type InvoiceContext, type PricedInvoice } from '../../lib/billing';
import type { Db } from '../db/connection';
import { orders } from '../db/schema/index';
import { companyCurrency, redeemCoupon, type CouponRow } from './coupons';
import type { InvoiceAction } from './invoice-actions';
import { issueInvoice, storedEurPerUsd } from './issue-invoice';

/**
 * What the IP address and the shared hosting order calls share (spec part 3, 9 "Ordering"): the
 * day's prices, the coupon, a PENDING order and its first invoice. The caller holds the
 * transaction, and checks under it what only its order type knows.
 */

/** The terms a company's new order is priced on today: its currency, the provider's tax and the stored EUR rate. */
export async function newOrderTerms(db: Db, companyGuid: string): Promise<InvoiceContext> {
  const currency = await companyCurrency(db, companyGuid);
  const rate = await storedEurPerUsd(db);
  return { currency, taxRate: PROVIDER_TAX_RATE, ...(rate !== null ? { eurPerUsd: rate } : {}) };
}

/** What placing an order wrote: the order and its first invoice. */
export interface OrderPlaced {
  orderId: number;
  invoiceId: number;
}

export interface NewOrder {
  companyGuid: string;
  orderType: string;
  cycle: Pick<BillingCycleTerms, 'name' | 'months'>;
  monthlyCostCents: number;
  terms: InvoiceContext;
  coupon: CouponRow | null;
  /** The member who ordered, as the invoice names them. */
  person: { userGuid: string; firstName: string; lastName: string };
  created: Date;
}

/** Writes the order, PENDING until its first invoice is paid, with the columns only its type has; answers its number. */
export async function insertPendingOrder(tx: Db, order: NewOrder, ofItsType: Partial<typeof orders.$inferInsert>): Promise<number> {
  const [row] = await tx
    .insert(orders)
    .values({
      companyGuid: order.companyGuid,
      orderType: order.orderType,
      status: 'PENDING',
      billingCycle: order.cycle.name,
      billingCycleMonths: order.cycle.months,
      monthlyCostCents: order.monthlyCostCents,
      currency: order.terms.currency,
      couponGuid: order.coupon?.guid ?? null,
      couponCode: order.coupon?.code ?? null,
      createdBy: order.person.userGuid,
      dateCreated: order.created,
      ...ofItsType,
    })
    .returning({ id: orders.id });
  return row!.id;
}

/**
 * The order's first invoice, whose payment carries out `onPaid`, and its coupon's redemption: when
 * another order took the last one meanwhile, this one is refused (BAD_COUPON) and nothing is kept.
 */
export async function invoiceNewOrder(tx: Db, order: NewOrder, orderId: number, priced: PricedInvoice, onPaid: InvoiceAction): Promise<number> {
  const invoiceId = await issueInvoice(tx, { companyGuid: order.companyGuid, orderId, priced, purpose: 'NEW_ORDER', onPaid, person: order.person, issued: order.created });
  if (order.coupon) await redeemCoupon(tx, order.coupon.guid);
  return invoiceId;
}
