import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { createExportWriter } from './export-writer';
import { alias } from 'drizzle-orm/pg-core';
import { healthTag } from '../../lib/rules/domain-tags';
import type { ExportField, ExportSortField } from '../../lib/schemas/domain-export';
import { EXPORT_FIELD_LABELS } from '../../lib/schemas/domain-export';
import type { Db } from '../db/connection';
import { domainGroups, domains, ipAddresses, ipGroups, orders, softwareCatalogue, softwareInstallations } from '../db/schema/index';
import { openSecret } from './secret-box';

/** Rows are read this many at a time, so an export of 50,000 domains never holds them all. */
const CHUNK = 2000;

const iso = (d: Date | null) => d?.toISOString() ?? '';
const ipGroup = alias(ipGroups, 'ip_group');

function selectRows(db: Db) {
  return db
    .select({
      d: domains,
      groupName: domainGroups.name,
      ip: {
        address: ipAddresses.ipAddress,
        city: ipAddresses.city,
        country: ipAddresses.country,
        http: ipAddresses.httpVersion,
        cost: ipAddresses.monthlyCostCents,
        currency: ipAddresses.currency,
        orderId: ipAddresses.orderId,
      },
      ipGroupName: ipGroup.name,
      renewal: orders.dateNextInvoice,
      software: { name: softwareCatalogue.name, username: softwareInstallations.adminUsername, secret: softwareInstallations.adminPasswordSecret },
    })
    .from(domains)
    .innerJoin(domainGroups, eq(domainGroups.guid, domains.groupGuid))
    .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
    .leftJoin(ipGroup, eq(ipGroup.guid, ipAddresses.groupGuid))
    .leftJoin(orders, eq(orders.id, ipAddresses.orderId))
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .leftJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId));
}
type ExportRow = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const SORT_COLUMNS: Record<ExportSortField, SQL | import('drizzle-orm').Column> = {
  domain: domains.domain,
  ip_address: ipAddresses.ipNumeric,
  ip_address_city: ipAddresses.city,
  ip_address_country: ipAddresses.country,
  ip_address_http_version: ipAddresses.httpVersion,
  domain_date_created: domains.dateCreated,
  software: softwareCatalogue.name,
  ssl_certificate_status: domains.sslStatus,
  tf: domains.tf,
  da: domains.da,
  whois_expires: domains.whoisExpires,
};

/** One field of a row as the export writes it: text, a number, or empty. */
async function cellOf(db: Db, field: ExportField, r: ExportRow): Promise<string | number | null> {
  const d = r.d;
  switch (field) {
    case 'domain':
      return d.domain;
    case 'ip_address':
      return r.ip?.address ?? null;
    case 'ip_address_city':
      return r.ip?.city ?? null;
    case 'ip_address_country':
      return r.ip?.country ?? null;
    case 'ip_address_http_version':
      return r.ip?.http ?? null;
    case 'domain_date_created':
      return iso(d.dateCreated);
    case 'software':
      return r.software?.name ?? null;
    case 'ssl_certificate_status':
      return d.sslStatus;
    case 'tf':
      return d.tf;
    case 'da':
      return d.da;
    case 'whois_expires':
      return iso(d.whoisExpires) || null;
    case 'domain_group_name':
      return r.groupName;
    case 'ip_address_group_name':
      return r.ipGroupName;
    case 'ip_address_price':
      return r.ip?.cost != null ? `${(r.ip.cost / 100).toFixed(2)} ${r.ip.currency}` : null;
    case 'ip_address_order_id':
      return r.ip?.orderId ?? null;
    case 'ip_address_order_renewal_date':
      return iso(r.renewal) || null;
    case 'software_username':
      return r.software?.username ?? null;
    case 'software_password':
      return r.software?.secret ? await openSecret(db, r.software.secret) : null;
    case 'health':
      return healthTag({
        is_subdomain: d.isSubdomain,
        ip_address: r.ip?.address ? { ip_address: r.ip.address } : null,
        google_safe_browsing: d.googleSafeBrowsing,
        health: { date_health_checked: iso(d.dateHealthChecked) || null, is_nxdomain: d.isNxdomain, is_expired: d.isExpired, resolved_ip_address: d.resolvedIpAddress },
      }).label;
    case 'health_checked':
      return iso(d.dateHealthChecked) || null;
    case 'health_resolved_ip':
      return d.resolvedIpAddress;
    case 'health_resolved_ip_www':
      return d.resolvedWwwIpAddress;
  }
}

export interface ExportRequest {
  companyGuid: string;
  group: string;
  fields: readonly ExportField[];
  selected: readonly string[] | undefined;
  sortField: ExportSortField;
  sortDir: 'ASC' | 'DESC';
  format: 'CSV' | 'JSON';
  /** The group's setting: subdomains are exported when the list shows them. */
  includeSubdomains: boolean;
}

/**
 * The export as a stream (spec part 2, 7.2 `GET /domains/export/`): CSV with a header row of the
 * dialog's names, or a JSON array of objects keyed by field, written a chunk of rows at a time.
 */
export function exportStream(db: Db, request: ExportRequest): ReadableStream<Uint8Array> {
  const where = and(
    eq(domains.companyGuid, request.companyGuid),
    eq(domains.groupGuid, request.group),
    request.selected?.length ? inArray(domains.guid, [...request.selected]) : undefined,
    request.includeSubdomains ? undefined : isNull(domains.parentDomainGuid),
  );
  const order = request.sortDir === 'DESC' ? desc : asc;
  const column = SORT_COLUMNS[request.sortField];
  const encoder = new TextEncoder();
  // The order is worked out once over the guids (one sort of the whole list), then the rows are
  // read a chunk of guids at a time: paging with OFFSET would sort the whole list again per chunk.
  let order$: Promise<string[]> | undefined;
  let done = 0;
  const write = createExportWriter(request.format, request.fields, EXPORT_FIELD_LABELS);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      order$ ??= db
        .select({ guid: domains.guid })
        .from(domains)
        .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
        .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
        .leftJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
        .where(where)
        // Nulls last either way, then the domain, so the order is total.
        .orderBy(sql`${column} is null`, order(column as never), asc(domains.domain), asc(domains.guid))
        .then((rows) => rows.map((r) => r.guid));
      const guids = (await order$).slice(done, done + CHUNK);
      done += guids.length;
      const byGuid = new Map((guids.length ? await selectRows(db).where(inArray(domains.guid, guids)) : []).map((r) => [r.d.guid, r]));
      const rows = guids.map((g) => byGuid.get(g)).filter((r): r is ExportRow => r !== undefined);
      const records = await Promise.all(rows.map(async (r) => Promise.all(request.fields.map((f) => cellOf(db, f, r)))));
      const text = write(records, guids.length < CHUNK);
      if (text) controller.enqueue(encoder.encode(text));
      if (guids.length < CHUNK) controller.close();
    },
  });
}
