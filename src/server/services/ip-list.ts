import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern } from '../db/lists';
import { ipAddresses, ipGroups } from '../db/schema/index';
import { restrictTo } from './access';

/** The filter of an IP address list: the company, its access restriction, a group, search tags (any may match). */
export function ipListFilter(company: CompanyContext, group: string | undefined, tags: readonly string[]): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(ipAddresses.companyGuid, company.guid), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups)];
  if (group) where.push(eq(ipAddresses.groupGuid, group));
  if (tags.length) {
    const matches = tags.map(containsPattern).map((p) => or(ilike(ipAddresses.ipAddress, p), ilike(ipAddresses.city, p), ilike(ipAddresses.country, p)));
    where.push(or(...matches));
  }
  return and(...where);
}

/** True when the group is the company's and the membership may see it. */
export async function ipGroupVisible(db: Db, company: CompanyContext, group: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: ipGroups.guid })
    .from(ipGroups)
    .where(and(eq(ipGroups.guid, group), eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups)));
  return Boolean(row);
}

/**
 * One page of IP addresses as a JSON array text, built by the database: a 99,999-row list
 * turned into JavaScript objects row by row costs several times more than the query itself.
 * The shape is `ipAddress` of src/lib/api/ip-addresses.ts, checked against that schema in
 * tests like every answer, and field by field against the rows in tests/api/system.test.ts.
 */
export async function ipListJson(db: Db, filter: SQL | undefined, companyGuid: string, limit: number, offset: number): Promise<{ data: string; total: number }> {
  const rows = await db.execute(sql`
    with page as (
      select * from ${ipAddresses}
      where ${filter ?? sql`true`}
      order by ${ipAddresses.ipNumeric}, ${ipAddresses.guid}
      limit ${limit} offset ${offset}
    ),
    counts as (
      select d.ip_address_guid, count(*)::int as n from domains d
      where d.company_guid = ${companyGuid} and d.ip_address_guid in (select guid from page)
      group by d.ip_address_guid
    )
    select coalesce(json_agg(json_build_object(
      'guid', p.guid,
      'ip_address', p.ip_address,
      'ip_address_type', p.ip_address_type,
      'status', p.status,
      'http_version', p.http_version,
      'country', p.country,
      'country_code', p.country_code,
      'city', p.city,
      'domain_count', coalesce(c.n, 0),
      'domains_allowed', p.domains_allowed,
      'cost', json_build_object(
        'ip_address_cost', p.ip_cost_cents,
        'additional_website_slot_cost', p.slot_cost_cents,
        'additional_website_slots_total_cost', greatest(p.domains_allowed - 1, 0) * p.slot_cost_cents,
        'currency', p.currency),
      'monthly_cost', json_build_object('amount', p.monthly_cost_cents, 'currency', p.currency),
      'order', case when p.order_id is null then null else json_build_object(
        'order_id', p.order_id,
        'renewal_date', to_char(o.date_next_invoice at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
      'signature', case when s.guid is null then null else json_build_object('guid', s.guid, 'signature', s.signature) end,
      'group', json_build_object('guid', g.guid, 'name', g.name),
      'date_cancelled', to_char(p.date_cancelled at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by p.ip_numeric, p.guid), '[]')::text as data,
    -- The total in the same statement: one round trip per page, whatever the database.
    (select count(*)::int from ${ipAddresses} where ${filter ?? sql`true`}) as total
    from page p
    join ip_groups g on g.guid = p.group_guid
    left join signatures s on s.guid = p.signature_guid
    left join orders o on o.id = p.order_id
    left join counts c on c.ip_address_guid = p.guid
  `);
  const [row] = rowsOf<{ data: string; total: number }>(rows);
  return { data: row?.data ?? '[]', total: Number(row?.total ?? 0) };
}

/** node-postgres and PGlite both answer `{ rows }` from execute. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
