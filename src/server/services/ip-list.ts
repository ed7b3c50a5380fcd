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
 * array) unless $7 (all groups), $3 a group or null, $4 search patterns (JSON array of ILIKE
 * patterns; any may match the address, city or country) unless $8 (no search). The two
 * flags are tested per row instead of the arrays, which costs a third of the count.
 */
const MATCHES = `ip.company_guid = $1
  and ($7 or ip.group_guid in (select value::uuid from jsonb_array_elements_text($2)))
  and ($3::uuid is null or ip.group_guid = $3::uuid)
  and ($8 or exists (select 1 from jsonb_array_elements_text($4) pat
       where ip.ip_address ilike pat.value or ip.city ilike pat.value or ip.country ilike pat.value))`;

const UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * One page of IP addresses as a JSON array text, built by the database and planned once: a
 * 99,999-row list turned into JavaScript objects row by row costs several times more than
 * the query itself, and a short page costs mostly its planning. $5 and $6 are limit and
 * offset. Each element is a row whose columns are named as the answer's fields (nested
 * objects are rows too): turning a row into JSON costs a third less than json_build_object,
 * which looks up the type of every argument on every call. The shape is `ipAddress` of
 * src/lib/api/ip-addresses.ts, checked against that schema in tests like every answer, and
 * field by field against the rows in tests/api/system.test.ts.
 */
const ipPageStatement = preparedStatement<{ data: string; total: number }>(
  'hostdeck_ip_page',
  `with page as (
      select * from ip_addresses ip
      where ${MATCHES}
      order by ip.ip_numeric, ip.guid
      limit $5 offset $6
    ),
    -- One pass for the page's domain counts: a lookup per row would scan a small table 25 times.
    counts as (
      select d.ip_address_guid, count(*)::int as n from domains d
      where d.company_guid = $1 and d.ip_address_guid = any(array(select guid from page))
      group by d.ip_address_guid
    )
    select coalesce(json_agg(item order by p.ip_numeric, p.guid), '[]')::text as data,
    -- The total in the same statement: one round trip per page, whatever the database. Without
    -- a search or a group restriction ($7 and $8) it reads only the (company, group, address)
    -- index; a CASE runs only the subquery of its branch.
    case when $7 and $8 then (select count(*)::int from ip_addresses ip where ip.company_guid = $1 and ($3::uuid is null or ip.group_guid = $3::uuid))
      else (select count(*)::int from ip_addresses ip where ${MATCHES}) end as total
    from page p
    join ip_groups g on g.guid = p.group_guid
    left join signatures s on s.guid = p.signature_guid
    left join orders o on o.id = p.order_id
    left join counts c on c.ip_address_guid = p.guid
    cross join lateral (select p.guid, p.ip_address, p.ip_address_type, p.status, p.http_version,
      p.country, p.country_code, p.city, coalesce(c.n, 0) as domain_count, p.domains_allowed,
      (select cost from (select p.ip_cost_cents as ip_address_cost, p.slot_cost_cents as additional_website_slot_cost,
        greatest(p.domains_allowed - 1, 0) * p.slot_cost_cents as additional_website_slots_total_cost, p.currency) cost) as cost,
      (select cost from (select p.monthly_cost_cents as amount, p.currency) cost) as monthly_cost,
      case when p.order_id is null then null else
        (select o2 from (select p.order_id, to_char(o.date_next_invoice at time zone 'UTC', ${UTC}) as renewal_date) o2) end as "order",
      case when s.guid is null then null else (select s2 from (select s.guid, s.signature) s2) end as signature,
      (select g2 from (select g.guid, g.name) g2) as "group",
      to_char(p.date_cancelled at time zone 'UTC', ${UTC}) as date_cancelled) item
`,
  ['uuid', 'jsonb', 'uuid', 'jsonb', 'int', 'int', 'boolean', 'boolean'],
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
    String(filter.company.allowedIpGroups.length === 0),
    String(filter.tags.length === 0),
  ]);
  return { data: row?.data ?? '[]', total: Number(row?.total ?? 0) };
}
