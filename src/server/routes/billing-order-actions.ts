import { and, eq, not, notExists, sql } from 'drizzle-orm';
import { addUtcMonths } from '../../lib/billing';
import { ORDER_NOT_FOUND } from '../../lib/api/billing';
import { cancelOrderOp, extendOrderOp, extensionOptionsOp, type ExtensionOptions } from '../../lib/api/order-actions';
import {
  ORDER_CANCELLATION_REQUESTED,
  ORDER_CANCELLATION_SUBMITTED,
  ORDER_EXTENSION_INVOICED,
  ORDER_NOT_CANCELLABLE,
  NOTHING_TO_EXTEND,
  ORDER_ADDRESSES_OUT_OF_REACH,
  ORDER_NOT_EXTENDABLE,
  UNKNOWN_PERIOD,
  canCancelOrder,
  canExtendOrder,
} from '../../lib/schemas/order-actions';
import { processDueCancellations } from '../billing/billing-cycle';
import { recordCancellationRequest } from '../billing/cancellation-request';
import { issueInvoice } from '../billing/issue-invoice';
import { cyclesOf, endOfPaidPeriods, priceOrderPeriod } from '../billing/order-lifecycle';
import { companyIps } from '../services/ip-selection';
import { lockCancellations } from '../billing/cancellation-request';
import type { Db } from '../db/connection';
import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses, orders } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { implement } from '../http/operation';

type OrderRow = typeof orders.$inferSelect;

async function companyOrder(db: Db, companyGuid: string, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.companyGuid, companyGuid)));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** An ACTIVE order with a renewal date, or the spec's refusal (4 "Orders": only ACTIVE can be extended). */
function extendable(order: OrderRow): Date {
  if (!canExtendOrder(order.status) || !order.dateNextInvoice) throw problem(409, ORDER_NOT_EXTENDABLE, { code: 'order_not_extendable' });
  return order.dateNextInvoice;
}

/** The order page's Cancel and Extend (spec part 3, 2.6). */
export const billingOrderActionOperations = [
  implement(cancelOrderOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const today = now();
    const made = await db.transaction(async (tx) => {
      await lockCancellations(tx, company.guid);
      const [order] = await tx.select().from(orders).where(and(eq(orders.id, params.id), eq(orders.companyGuid, company.guid))).for('update');
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (!canCancelOrder(order.status)) throw problem(409, ORDER_NOT_CANCELLABLE, { code: 'order_not_cancellable' });
      const [open] = await tx
        .select({ guid: cancellationRequests.guid })
        .from(cancellationRequests)
        .where(and(eq(cancellationRequests.orderId, order.id), eq(cancellationRequests.status, 'PENDING')));
      if (open) throw problem(409, ORDER_CANCELLATION_REQUESTED, { code: 'cancellation_requested' });
      // An unpaid order has no cycle to wait for; a running one ends with its billing cycle unless asked otherwise.
      const atOnce = order.status === 'PENDING' || body.cancellation_time === 'IMMEDIATELY' || !order.dateNextInvoice;
      const effective = atOnce ? today : await endOfPaidPeriods(tx, order.id, order.dateNextInvoice!);
      // The order's running addresses join the request, but for those another request already holds.
      // Ending the order ends every address it holds: a member kept to some groups may not end the others.
      const [outOfReach] = await tx
        .select({ guid: ipAddresses.guid })
        .from(ipAddresses)
        .where(and(eq(ipAddresses.orderId, order.id), eq(ipAddresses.status, 'ACTIVE'), not(companyIps(company))))
        .limit(1);
      if (outOfReach) throw problem(403, ORDER_ADDRESSES_OUT_OF_REACH, { code: 'ip_groups_out_of_reach' });
      const running = and(
        eq(ipAddresses.orderId, order.id),
        eq(ipAddresses.status, 'ACTIVE'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(cancellationRequestIpAddresses)
            .innerJoin(cancellationRequests, eq(cancellationRequests.guid, cancellationRequestIpAddresses.requestGuid))
            .where(and(eq(cancellationRequestIpAddresses.ipAddressGuid, ipAddresses.guid), eq(cancellationRequests.status, 'PENDING'))),
        ),
      )!;
      const guid = await recordCancellationRequest(tx, { companyGuid: company.guid, orderId: order.id, requestedBy: c.var.viewer.userGuid, effective, created: today, feedback: body, addresses: running });
      if (!atOnce) await tx.update(orders).set({ status: 'PENDING_CANCELLATION' }).where(eq(orders.id, order.id));
      return { guid, now: atOnce, effective };
    });
    const processed = made.now ? await processDueCancellations(db, today, made.guid) : 0;
    return { message: ORDER_CANCELLATION_SUBMITTED, guid: made.guid, status: processed ? ('PROCESSED' as const) : ('PENDING' as const), date_effective: made.effective.toISOString() };
  }),

  implement(extensionOptionsOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const order = await companyOrder(db, c.var.company.guid, params.id);
    const renewal = extendable(order);
    const periods: ExtensionOptions['available_periods'] = [];
    for (const cycle of await cyclesOf(db, order.orderType)) {
      const priced = await priceOrderPeriod(db, order, renewal, cycle);
      if (!priced) throw problem(409, NOTHING_TO_EXTEND, { code: 'nothing_to_extend' });
      periods.push({ value: cycle.months, next_renewal_date: addUtcMonths(renewal, cycle.months).toISOString(), discount: cycle.discountPercentage ?? 0, total_amount: priced.total_amount });
    }
    return { current_renewal_date: renewal.toISOString(), available_periods: periods, currency: order.currency };
  }),

  implement(extendOrderOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const order = await companyOrder(db, company.guid, params.id);
    const renewal = extendable(order);
    const cycle = (await cyclesOf(db, order.orderType)).find((p) => p.months === body.period);
    if (!cycle) throw badRequest({ period: UNKNOWN_PERIOD });
    const priced = await priceOrderPeriod(db, order, renewal, cycle);
    if (!priced) throw problem(409, NOTHING_TO_EXTEND, { code: 'nothing_to_extend' });
    return db.transaction(async (tx) => {
      const invoiceId = await issueInvoice(tx, {
        companyGuid: company.guid,
        orderId: order.id,
        priced,
        purpose: 'EXTENSION',
        onPaid: { action: 'EXTEND_ORDER', order_id: order.id, months: cycle.months },
        person: c.var.viewer,
        issued: now(),
      });
      // Kept with the invoice under an Idempotency-Key: a retry after a crash answers this invoice.
      return answerWithWork(c, tx, { message: ORDER_EXTENSION_INVOICED, invoice_id: invoiceId });
    });
  }),
];
