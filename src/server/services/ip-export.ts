import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { createExportWriter } from './export-writer';
import { IP_EXPORT_LABELS, type IpExportField } from '../../lib/schemas/ip-addresses';
import type { Db } from '../db/connection';
import { domains, ipAddresses, signatures } from '../db/schema/index';

/** Rows are read this many at a time, so an export of 99,999 addresses never holds them all as objects. */
const CHUNK = 2000;

// Written out in full: Drizzle leaves column names unqualified inside sql``, where `guid` would name the domain's.
const domainCount = sql<number>`(select count(*)::int from domains d where d.ip_address_guid = "ip_addresses"."guid")`;

const SORT_COLUMNS: Record<IpExportField, SQL | import('drizzle-orm').Column> = {
  ip_address: ipAddresses.ipNumeric,
  ip_address_city: ipAddresses.city,
  ip_address_country: ipAddresses.country,
  ip_address_type: ipAddresses.ipAddressType,
  ip_address_status: ipAddresses.status,
  order_id: ipAddresses.orderId,
  website_slots_available: sql`greatest("ip_addresses"."domains_allowed" - ${domainCount}, 0)`,
  website_slots_used: domainCount,
  server_signature: signatures.signature,
};

interface Row {
  guid: string;
  ip: string;
  city: string;
  country: string;
  type: string;
  status: string;
  orderId: number | null;
  allowed: number;
  signature: string | null;
}

function cellOf(field: IpExportField, r: Row, used: number): string | number | null {
  switch (field) {
    case 'ip_address':
      return r.ip;
    case 'ip_address_city':
      return r.city;
    case 'ip_address_country':
      return r.country;
    case 'ip_address_type':
      return r.type;
    case 'ip_address_status':
      return r.status;
    case 'order_id':
      return r.orderId;
    case 'website_slots_available':
      return Math.max(r.allowed - used, 0);
    case 'website_slots_used':
      return used;
    case 'server_signature':
      return r.signature;
  }
}

export interface IpExportRequest {
  /** The addresses to export (see ip-selection.ts). */
  where: SQL;
  fields: readonly IpExportField[];
  sortField: IpExportField;
  sortDir: 'ASC' | 'DESC';
  format: 'CSV' | 'JSON';
}

/**
 * The export as a stream (spec part 3, 7 `GET /ip_addresses/export/` and 9): CSV with a header
 * row of the dialog's names, or a JSON array of objects keyed by field. The order is worked out
 * once over the guids, then rows are read a chunk of guids at a time, as the domain export does.
 */
export function ipExportStream(db: Db, request: IpExportRequest): ReadableStream<Uint8Array> {
  const order = request.sortDir === 'DESC' ? desc : asc;
  const column = SORT_COLUMNS[request.sortField];
  const encoder = new TextEncoder();
  let order$: Promise<string[]> | undefined;
  let done = 0;
  const write = createExportWriter(request.format, request.fields, IP_EXPORT_LABELS);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      order$ ??= db
        .select({ guid: ipAddresses.guid })
        .from(ipAddresses)
        .leftJoin(signatures, eq(signatures.guid, ipAddresses.signatureGuid))
        .where(request.where)
        // Empty values last either way, then by address, so the order is total.
        .orderBy(sql`${column} is null`, order(column as never), asc(ipAddresses.ipNumeric), asc(ipAddresses.guid))
        .then((rows) => rows.map((r) => r.guid));
      const guids = (await order$).slice(done, done + CHUNK);
      done += guids.length;
      const rows = guids.length
        ? await db
            .select({
              guid: ipAddresses.guid,
              ip: ipAddresses.ipAddress,
              city: ipAddresses.city,
              country: ipAddresses.country,
              type: ipAddresses.ipAddressType,
              status: ipAddresses.status,
              orderId: ipAddresses.orderId,
              allowed: ipAddresses.domainsAllowed,
              signature: signatures.signature,
            })
            .from(ipAddresses)
            .leftJoin(signatures, eq(signatures.guid, ipAddresses.signatureGuid))
            .where(inArray(ipAddresses.guid, guids))
        : [];
      const counts =
        guids.length && request.fields.some((f) => f.startsWith('website_slots'))
          ? new Map(
              (
                await db
                  .select({ ip: domains.ipAddressGuid, n: sql<number>`count(*)::int` })
                  .from(domains)
                  .where(inArray(domains.ipAddressGuid, guids))
                  .groupBy(domains.ipAddressGuid)
              ).map((c) => [c.ip, Number(c.n)]),
            )
          : new Map<string | null, number>();
      const byGuid = new Map(rows.map((r) => [r.guid, r]));
      const records = guids.flatMap((g) => {
        const r = byGuid.get(g);
        return r ? [request.fields.map((f) => cellOf(f, r, counts.get(g) ?? 0))] : [];
      });
      const text = write(records, guids.length < CHUNK);
      if (text) controller.enqueue(encoder.encode(text));
      if (guids.length < CHUNK) controller.close();
    },
  });
}
