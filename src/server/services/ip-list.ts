import { and, eq } from 'drizzle-orm';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern } from '../db/lists';
import { ipGroups } from '../db/schema/index';
import { preparedStatement } from '../db/prepared';
import { restrictTo } from './access';

/** True when the group is the company's and the membership may see it. */
export async function ipGroupVisible(db: Db, company: CompanyContext, group: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: ipGroups.guid })
    .from(ipGroups)
    .where(and(eq(ipGroups.guid, group), eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups)));
  return Boolean(row);
}

/**
 * Which IP addresses a list shows: $1 the company, $2 the membership's allowed groups (JSON
 * array, empty: all), $3 a group or null, $4 search patterns (JSON array of ILIKE patterns,
 * empty: all; any may match the address, city or country).
 */
const MATCHES = `ip.company_guid = $1
  and (jsonb_array_length($2::jsonb) = 0 or ip.group_guid in (select value::uuid from jsonb_array_elements_text($2::jsonb)))
  and ($3::uuid is null or ip.group_guid = $3::uuid)
  and (jsonb_array_length($4::jsonb) = 0 or exists (select 1 from jsonb_array_elements_text($4::jsonb) pat
       where ip.ip_address ilike pat.value or ip.city ilike pat.value or ip.country ilike pat.value))`;

/**
 * One page of IP addresses as a JSON array text, built by the database and planned once: a
 * 99,999-row list turned into JavaScript objects row by row costs several times more than
 * the query itself, and a short page costs mostly its planning. $5 and $6 are limit and
 * offset. The shape is `ipAddress` of src/lib/api/ip-addresses.ts, checked against that
 * schema in tests like every answer, and field by field against the rows in tests/api/system.test.ts.
 */
const ipPageStatement = preparedStatement<{ data: string; total: number }>(
  'hostdeck_ip_page',
  `with page as (
      select * from ip_addresses ip
      where ${MATCHES}
      order by ip.ip_numeric, ip.guid
      limit $5 offset $6
    ),
    counts as (
      select d.ip_address_guid, count(*)::int as n from domains d
      where d.company_guid = $1 and d.ip_address_guid in (select guid from page)
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
    (select count(*)::int from ip_addresses ip where ${MATCHES}) as total
    from page p
    join ip_groups g on g.guid = p.group_guid
    left join signatures s on s.guid = p.signature_guid
    left join orders o on o.id = p.order_id
    left join counts c on c.ip_address_guid = p.guid
`,
  ['uuid', 'text', 'uuid', 'text', 'int', 'int'],
);

export interface IpListFilter {
  company: CompanyContext;
  group: string | undefined;
  tags: readonly string[];
}

export async function ipListJson(db: Db, filter: IpListFilter, limit: number, offset: number): Promise<{ data: string; total: number }> {
  const [row] = await ipPageStatement(db, [
    filter.company.guid,
    JSON.stringify(filter.company.allowedIpGroups),
    filter.group ?? null,
    JSON.stringify(filter.tags.map(containsPattern)),
    String(limit),
    String(offset),
  ]);
  return { data: row?.data ?? '[]', total: Number(row?.total ?? 0) };
}
