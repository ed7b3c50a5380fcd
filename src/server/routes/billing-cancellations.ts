import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CANCELLATION_ADDRESS_LIMIT,
  CANCELLATION_ALREADY_PROCESSED,
  CANCELLATION_DUE,
  CANCELLATION_REQUEST_CANCELLED,
  deleteCancellationOp,
  getCancellationOp,
  listCancellationsOp,
  type CancellationRequestSummary,
} from '../../lib/api/billing';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses, ipGroups, orders } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { companyIps } from '../services/ip-selection';

type RequestRow = typeof cancellationRequests.$inferSelect;

/** How many addresses the request names, counted in SQL (a request may name 99,999). */
const addressCount = sql<number>`(select count(*)::int from cancellation_request_ip_addresses l where l.request_guid = "cancellation_requests"."guid")`;

/**
 * Spec part 3, 4: a PENDING request can be cancelled; once its effective date has come the
 * billing run carries it out, so it no longer can (docs/decisions.md "Cancellation requests").
 */
export const canCancel = (row: Pick<RequestRow, 'status' | 'dateEffective'>, now: Date): boolean =>
  row.status === 'PENDING' && row.dateEffective !== null && row.dateEffective.getTime() > now.getTime();

function summaryOf(row: RequestRow, count: number, now: Date): CancellationRequestSummary {
  return {
    guid: row.guid,
    date_created: row.dateCreated.toISOString(),
    date_processed: row.dateProcessed?.toISOString() ?? null,
    status: row.status,
    cancellation_time: row.cancellationTime,
    ip_address_count: Number(count),
    can_cancel: canCancel(row, now),
    order: row.orderId,
  };
}

/** The company's request the path names; another company's is not found. */
async function companyRequest(db: Db, company: CompanyContext, guid: string) {
  const [found] = await db
    .select({ row: cancellationRequests, count: addressCount })
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.companyGuid, company.guid), eq(cancellationRequests.guid, guid)));
  if (!found) throw notFound(getCancellationOp.notFound);
  return found;
}

/** Billing > Cancellation Requests: the list, one request, and withdrawing a pending one (spec part 3, 2.4, 4 and 7). */
export const billingCancellationOperations = [
  implement(listCancellationsOp, async (c, { query }) => {
    const { db, now } = c.var.deps;
    const mine = eq(cancellationRequests.companyGuid, c.var.company.guid);
    const today = now();
    return pageOfRows(
      query,
      async (limit, offset) =>
        (
          await db
            .select({ row: cancellationRequests, count: addressCount })
            .from(cancellationRequests)
            .where(mine)
            .orderBy(desc(cancellationRequests.dateCreated), desc(cancellationRequests.guid))
            .limit(limit)
            .offset(offset)
        ).map(({ row, count }) => summaryOf(row, count, today)),
      () => countRows(db, cancellationRequests, mine),
    );
  }),

  implement(getCancellationOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const { row, count } = await companyRequest(db, company, params.guid);
    // Addresses in groups the membership may not see stay out of the list; the count is the request's.
    const addresses = await db
      .select({
        guid: ipAddresses.guid,
        ip_address: ipAddresses.ipAddress,
        ip_address_type: ipAddresses.ipAddressType,
        city: ipAddresses.city,
        country: ipAddresses.country,
        group: { guid: ipGroups.guid, name: ipGroups.name },
      })
      .from(cancellationRequestIpAddresses)
      .innerJoin(ipAddresses, eq(ipAddresses.guid, cancellationRequestIpAddresses.ipAddressGuid))
      .innerJoin(ipGroups, eq(ipGroups.guid, ipAddresses.groupGuid))
      .where(and(eq(cancellationRequestIpAddresses.requestGuid, row.guid), companyIps(company)))
      .orderBy(asc(ipAddresses.ipNumeric))
      .limit(CANCELLATION_ADDRESS_LIMIT);
    return { ...summaryOf(row, count, now()), ip_addresses: addresses };
  }),

  implement(deleteCancellationOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    await db.transaction(async (tx) => {
      // Locked, so the billing run cannot carry it out while it is being withdrawn.
      const [row] = await tx
        .select()
        .from(cancellationRequests)
        .where(and(eq(cancellationRequests.companyGuid, company.guid), eq(cancellationRequests.guid, params.guid)))
        .for('update');
      if (!row) throw notFound(deleteCancellationOp.notFound);
      if (row.status !== 'PENDING') throw problem(409, CANCELLATION_ALREADY_PROCESSED, { code: 'cancellation_processed' });
      if (!canCancel(row, now())) throw problem(409, CANCELLATION_DUE, { code: 'cancellation_due' });
      const linked = tx.select({ guid: cancellationRequestIpAddresses.ipAddressGuid }).from(cancellationRequestIpAddresses).where(eq(cancellationRequestIpAddresses.requestGuid, row.guid));
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
    return { message: CANCELLATION_REQUEST_CANCELLED };
  }),
];
