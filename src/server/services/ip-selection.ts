import { and, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { IPS_NOT_FOUND, UNSELECTABLE_IP_STATUSES } from '../../lib/schemas/ip-addresses';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern } from '../db/lists';
import { ipAddresses } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { restrictTo } from './access';
import { ipGroupVisible } from './ip-list';

/** What a call names: guids (at most 10,000) or a filter ("all of the group as searched, less these"). */
export interface IpSelectionInput {
  ip_addresses?: readonly string[] | undefined;
  filter?: { group: string; search: readonly string[]; except: readonly string[] } | undefined;
}

/** The company's addresses in groups the membership may see. */
export const companyIps = (company: CompanyContext): SQL => and(eq(ipAddresses.companyGuid, company.guid), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups))!;

/** Any tag may match the address, its city or its country, as the list searches (src/server/services/ip-list.ts). */
export function searchMatches(tags: readonly string[]): SQL | undefined {
  if (!tags.length) return undefined;
  return or(...tags.map(containsPattern).flatMap((p) => [ilike(ipAddresses.ipAddress, p), ilike(ipAddresses.city, p), ilike(ipAddresses.country, p)]));
}

/** A group's addresses as the list shows them searched, less `except`. */
export function filterWhere(company: CompanyContext, filter: { group: string; search?: readonly string[] | undefined; except?: readonly string[] | undefined }): SQL {
  return and(
    companyIps(company),
    eq(ipAddresses.groupGuid, filter.group),
    searchMatches(filter.search ?? []),
    filter.except?.length ? notInArray(ipAddresses.guid, [...filter.except]) : undefined,
  )!;
}

const onlySelectable = notInArray(ipAddresses.status, [...UNSELECTABLE_IP_STATUSES]);

/**
 * The rows a selection names, as a WHERE clause an update can use directly (a filter never
 * becomes a list of 99,999 guids, which would pass PostgreSQL's 65,535 parameters). Guids that
 * are not the company's (or in a hidden group) answer 404; a filter's group must be visible.
 * Rows that cannot be selected (spec part 3, 2.2) answer 409 when named, and are left out of
 * a filter, unless `anyStatus` (the export, and the cancellation's own check first).
 */
export async function resolveSelection(
  db: Db,
  company: CompanyContext,
  selection: IpSelectionInput,
  options: { anyStatus?: boolean } = {},
): Promise<{ where: SQL; count: number }> {
  if (selection.filter) {
    if (!(await ipGroupVisible(db, company, selection.filter.group))) throw notFound('IP address group not found.');
    const where = and(filterWhere(company, selection.filter), options.anyStatus ? undefined : onlySelectable)!;
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ipAddresses).where(where);
    return { where, count: Number(row?.n ?? 0) };
  }
  const wanted = [...new Set(selection.ip_addresses ?? [])];
  const where = and(companyIps(company), inArray(ipAddresses.guid, wanted))!;
  const rows = await db.select({ ip: ipAddresses.ipAddress, status: ipAddresses.status }).from(ipAddresses).where(where);
  if (rows.length !== wanted.length) throw notFound(IPS_NOT_FOUND);
  const unselectable = rows.filter((r) => (UNSELECTABLE_IP_STATUSES as readonly string[]).includes(r.status));
  if (!options.anyStatus && unselectable.length) {
    throw problem(
      409,
      `IP addresses that are cancelled, pending cancellation or replaced cannot be selected: ${unselectable
        .slice(0, 10)
        .map((r) => r.ip)
        .join(', ')}${unselectable.length > 10 ? ', ...' : ''}`,
      { code: 'ip_addresses_unselectable' },
    );
  }
  return { where, count: rows.length };
}
