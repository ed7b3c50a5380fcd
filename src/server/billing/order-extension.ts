import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { addUtcMonths } from '../../lib/billing';
import { ORDER_NOT_FOUND } from '../../lib/api/billing';
import type { ExtensionOptions } from '../../lib/api/order-actions';
import { NOTHING_TO_EXTEND, ORDER_NOT_EXTENDABLE, UNKNOWN_PERIOD, canExtendOrder } from '../../lib/schemas/order-actions';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { orders } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { issueInvoice } from './issue-invoice';
import { cyclesOf, priceOrderPeriod } from './order-lifecycle';

/**
 * The order page's Extend (spec part 3, 2.6; 4 "Orders": only an ACTIVE order can be extended): an
 * EXTENSION invoice for a number of months, whose payment moves the renewal date on
 * (src/server/billing/invoice-paid.ts).
 */

type OrderRow = typeof orders.$inferSelect;

/** The company's order; `lock` holds its row until the transaction ends. */
async function companyOrder(db: Db, companyGuid: string, id: number, lock?: 'update'): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyGuid, companyGuid)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** An ACTIVE order's renewal date, or the spec's refusal. */
function renewalOf(order: OrderRow): Date {
  if (!canExtendOrder(order.status) || !order.dateNextInvoice) throw problem(409, ORDER_NOT_EXTENDABLE, { code: 'order_not_extendable' });
  return order.dateNextInvoice;
}

/** The periods an order can be extended by, each with its new renewal date and its price. */
export async function extensionOptions(db: Db, companyGuid: string, orderId: number): Promise<ExtensionOptions> {
  const order = await companyOrder(db, companyGuid, orderId);
  const renewal = renewalOf(order);
  const periods: ExtensionOptions['available_periods'] = [];
  for (const cycle of await cyclesOf(db, order.orderType)) {
    const priced = await priceOrderPeriod(db, order, renewal, cycle);
    if (!priced) throw problem(409, NOTHING_TO_EXTEND, { code: 'nothing_to_extend' });
    periods.push({
      value: cycle.months,
      next_renewal_date: addUtcMonths(renewal, cycle.months).toISOString(),
      discount: cycle.discountPercentage ?? 0,
      total_amount: priced.total_amount,
    });
  }
  return { current_renewal_date: renewal.toISOString(), available_periods: periods, currency: order.currency };
}

/**
 * Invoices an extension by `months`, checked and written under the company's row, then the
 * order's (src/server/db/locks.ts). `answer` makes the call's answer from the invoice's number,
 * kept with it under an Idempotency-Key: a retry after a crash answers this invoice.
 */
export async function invoiceExtension<T>(c: Context<AppEnv>, orderId: number, months: number, answer: (invoiceId: number) => T): Promise<T> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const order = await companyOrder(tx, company.guid, orderId, 'update');
    const renewal = renewalOf(order);
    const cycle = (await cyclesOf(tx, order.orderType)).find((p) => p.months === months);
    if (!cycle) throw badRequest({ period: UNKNOWN_PERIOD });
    const priced = await priceOrderPeriod(tx, order, renewal, cycle);
    if (!priced) throw problem(409, NOTHING_TO_EXTEND, { code: 'nothing_to_extend' });
    const invoiceId = await issueInvoice(tx, {
      companyGuid: company.guid,
      orderId: order.id,
      priced,
      purpose: 'EXTENSION',
      onPaid: { action: 'EXTEND_ORDER', order_id: order.id, months: cycle.months },
      person: c.var.viewer,
      issued: now(),
    });
    return answerWithWork(c, tx, answer(invoiceId));
  });
}
