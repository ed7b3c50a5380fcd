import { and, eq, not, notExists, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { ORDER_NOT_FOUND } from '../../lib/api/billing';
import { ORDER_ADDRESSES_OUT_OF_REACH, ORDER_CANCELLATION_REQUESTED, ORDER_NOT_CANCELLABLE, canCancelOrder } from '../../lib/schemas/order-actions';
import type { AppEnv } from '../context';
import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses, orders } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { companyIps } from '../services/ip-selection';
import { processDueCancellations } from './billing-cycle';
import { lockCancellations, recordCancellationRequest, type CancellationFeedback } from './cancellation-request';
import { endOfPaidPeriods } from './order-lifecycle';

export interface OrderCancellation {
  guid: string;
  /** PROCESSED when it took effect before the answer. */
  status: 'PENDING' | 'PROCESSED';
  effective: Date;
}

/**
 * The order page's Cancel (spec part 3, 2.6): a request for the whole order, checked and written
 * under the company's cancellation lock and the order's row. An unpaid order, or one asked to end
 * IMMEDIATELY, is carried out before answering, as the billing run would within the minute.
 */
export async function cancelOrder(c: Context<AppEnv>, orderId: number, feedback: CancellationFeedback): Promise<OrderCancellation> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const today = now();
  const made = await db.transaction(async (tx) => {
    await lockCancellations(tx, company.guid);
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.companyGuid, company.guid)))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (!canCancelOrder(order.status)) throw problem(409, ORDER_NOT_CANCELLABLE, { code: 'order_not_cancellable' });
    const [open] = await tx
      .select({ guid: cancellationRequests.guid })
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.orderId, order.id), eq(cancellationRequests.status, 'PENDING')));
    if (open) throw problem(409, ORDER_CANCELLATION_REQUESTED, { code: 'cancellation_requested' });
    // An unpaid order has no cycle to wait for; a running one ends with its billing cycle unless asked otherwise.
    const atOnce = order.status === 'PENDING' || feedback.cancellation_time === 'IMMEDIATELY' || !order.dateNextInvoice;
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
    const guid = await recordCancellationRequest(tx, {
      companyGuid: company.guid,
      orderId: order.id,
      requestedBy: c.var.viewer.userGuid,
      effective,
      created: today,
      feedback,
      addresses: running,
    });
    if (!atOnce) await tx.update(orders).set({ status: 'PENDING_CANCELLATION' }).where(eq(orders.id, order.id));
    return { guid, atOnce, effective };
  });
  const processed = made.atOnce ? await processDueCancellations(db, today, made.guid) : 0;
  return { guid: made.guid, status: processed ? 'PROCESSED' : 'PENDING', effective: made.effective };
}
