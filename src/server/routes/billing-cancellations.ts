import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  CANCELLATION_ADDRESS_LIMIT,
  CANCELLATION_REQUEST_CANCELLED,
  deleteCancellationOp,
  getCancellationOp,
  listCancellationsOp,
  type CancellationRequestSummary,
} from '../../lib/api/billing';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses, ipGroups } from '../db/schema/index';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { companyIps } from '../services/ip-selection';
import { canCancel, withdrawCancellationRequest } from '../billing/cancellation-request';

type RequestRow = typeof cancellationRequests.$inferSelect;

/** How many addresses the request names, counted in SQL (a request may name 99,999). */
const addressCount = sql<number>`(select count(*)::int from cancellation_request_ip_addresses l where l.request_guid = "cancellation_requests"."guid")`;

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
    await withdrawCancellationRequest(c.var.deps.db, c.var.company.guid, params.guid, c.var.deps.now());
    return { message: CANCELLATION_REQUEST_CANCELLED };
  }),
];
