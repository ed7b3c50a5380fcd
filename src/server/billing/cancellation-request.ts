import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { withdrawUnpaidRenewals } from './order-lifecycle';
import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses } from '../db/schema/index';

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
  await tx.execute(sql`insert into cancellation_request_ip_addresses (request_guid, ip_address_guid) select ${guid}::uuid, "ip_addresses"."guid" from ip_addresses where ${request.addresses}`);
  const linked = tx.select({ guid: cancellationRequestIpAddresses.ipAddressGuid }).from(cancellationRequestIpAddresses).where(eq(cancellationRequestIpAddresses.requestGuid, guid));
  const touched = await tx
    .update(ipAddresses)
    .set({ status: 'PENDING_CANCELLATION' })
    .where(inArray(ipAddresses.guid, linked))
    .returning({ order: ipAddresses.orderId });
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
