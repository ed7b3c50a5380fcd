import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CANCELLATION_ALREADY_PROCESSED, CANCELLATION_DUE, deleteCancellationOp } from '../../lib/api/billing';
import type { Db } from '../db/connection';
import { withdrawUnpaidRenewals } from './order-lifecycle';
import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses, orders } from '../db/schema/index';
import { notFound, problem } from '../http/errors';

type RequestRow = typeof cancellationRequests.$inferSelect;

/** The cancellation form's answers (spec part 3, 5), as both cancel calls take them. */
export interface CancellationFeedback {
  cancellation_time: string;
  cancellation_reason: string;
  custom_cancellation_reason?: string | null | undefined;
  recommendation_score: number;
  how_likely_to_use_us_again: number;
}

/**
 * Records a cancellation request in the caller's transaction: the form's answers, when it takes
 * effect, the addresses `addresses` selects (linked straight from SQL, so a filter never becomes
 * a list of guids here) now PENDING_CANCELLATION, and for a whole order its id. The billing run
 * carries it out (src/server/billing/billing-cycle.ts); unpaid renewals of what it ends are withdrawn
 * to be raised again at the new price. Answers its guid.
 */
export async function recordCancellationRequest(
  tx: Db,
  request: { companyGuid: string; orderId: number | null; requestedBy: string; effective: Date; created: Date; feedback: CancellationFeedback; addresses: SQL },
): Promise<string> {
  const { feedback } = request;
  const [row] = await tx
    .insert(cancellationRequests)
    .values({
      companyGuid: request.companyGuid,
      orderId: request.orderId,
      cancellationTime: feedback.cancellation_time,
      cancellationReason: feedback.cancellation_reason,
      customCancellationReason: feedback.cancellation_reason === 'OTHER' ? (feedback.custom_cancellation_reason?.trim() ?? null) : null,
      recommendationScore: feedback.recommendation_score,
      howLikelyToUseUsAgain: feedback.how_likely_to_use_us_again,
      requestedBy: request.requestedBy,
      dateEffective: request.effective,
      dateCreated: request.created,
    })
    .returning({ guid: cancellationRequests.guid });
  const guid = row!.guid;
  await tx.execute(
    sql`insert into cancellation_request_ip_addresses (request_guid, ip_address_guid) select ${guid}::uuid, "ip_addresses"."guid" from ip_addresses where ${request.addresses}`,
  );
  const linked = tx.select({ guid: cancellationRequestIpAddresses.ipAddressGuid }).from(cancellationRequestIpAddresses).where(eq(cancellationRequestIpAddresses.requestGuid, guid));
  const touched = await tx.update(ipAddresses).set({ status: 'PENDING_CANCELLATION' }).where(inArray(ipAddresses.guid, linked)).returning({ order: ipAddresses.orderId });
  // The renewals raised for what is now ending are priced again without it; a whole order's extensions go.
  await withdrawUnpaidRenewals(tx, [...touched.map((t) => t.order), request.orderId]);
  if (request.orderId !== null) await withdrawUnpaidRenewals(tx, [request.orderId], { extensions: true });
  return guid;
}

/**
 * One cancellation at a time per company: the checks of a request (addresses already requested,
 * an order already being cancelled) and its writing see every other request whole.
 */
export async function lockCancellations(tx: Db, companyGuid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cancellations:${companyGuid}`}))`);
}

/**
 * Spec part 3, 4: a PENDING request can be cancelled; once its effective date has come the
 * billing run carries it out, so it no longer can (docs/decisions.md "Cancellation requests").
 */
export const canCancel = (row: Pick<RequestRow, 'status' | 'dateEffective'>, now: Date): boolean =>
  row.status === 'PENDING' && row.dateEffective !== null && row.dateEffective.getTime() > now.getTime();

/** Withdraws the company's pending request: its addresses and its order run on as before, and the request goes with its address links. */
export async function withdrawCancellationRequest(db: Db, companyGuid: string, guid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so the billing run cannot carry it out while it is being withdrawn.
    const [row] = await tx
      .select()
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.companyGuid, companyGuid), eq(cancellationRequests.guid, guid)))
      .for('update');
    if (!row) throw notFound(deleteCancellationOp.notFound);
    if (row.status !== 'PENDING') throw problem(409, CANCELLATION_ALREADY_PROCESSED, { code: 'cancellation_processed' });
    if (!canCancel(row, now)) throw problem(409, CANCELLATION_DUE, { code: 'cancellation_due' });
    const linked = tx
      .select({ guid: cancellationRequestIpAddresses.ipAddressGuid })
      .from(cancellationRequestIpAddresses)
      .where(eq(cancellationRequestIpAddresses.requestGuid, row.guid));
    await tx
      .update(ipAddresses)
      .set({ status: 'ACTIVE' })
      .where(and(inArray(ipAddresses.guid, linked), eq(ipAddresses.status, 'PENDING_CANCELLATION')));
    if (row.orderId !== null) {
      await tx
        .update(orders)
        .set({ status: 'ACTIVE' })
        .where(and(eq(orders.id, row.orderId), eq(orders.status, 'PENDING_CANCELLATION')));
    }
    // Its address links go with it (on delete cascade).
    await tx.delete(cancellationRequests).where(eq(cancellationRequests.guid, row.guid));
  });
}
