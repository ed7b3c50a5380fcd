import { LIVE_IP_STATUSES, OPEN_INVOICE_STATUSES } from '../../lib/rules/status-groups';
import type { Dashboard } from '../../lib/api/system';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { preparedStatement } from '../db/prepared';

const NEWS_ITEMS = 5;
/** Knowledge-base articles whose slug starts with this are the home page's Quick FAQ (question = title). */
export const FAQ_SLUG_PREFIX = 'faq-';

/** Fixed lists of the project's own constants, written into the statement's text. */
const listOf = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface Row {
  unpaid: number;
  overdue: number;
  suspended: number;
  active: number;
  domains: number;
  ips: number;
  slots: number;
  news: Dashboard['news'];
  faq: Dashboard['faq'];
}

/**
 * Every figure of the home page in one statement, planned once: $1 the company, $2 whether
 * billing may be seen, $3 whether news and FAQ are shown (not to customers), $4 and $5 the
 * membership's allowed domain and IP groups as JSON arrays (empty: all), $6 now.
 */
const dashboardStatement = preparedStatement<Row>(
  'hostdeck_dashboard',
  `with allowed_domain_groups as (select value::uuid as g from jsonb_array_elements_text($4::jsonb)),
        allowed_ip_groups as (select value::uuid as g from jsonb_array_elements_text($5::jsonb)),
        live_ips as (
          select ip.guid, ip.domains_allowed from ip_addresses ip
          where ip.company_guid = $1 and ip.status in (${listOf(LIVE_IP_STATUSES)})
            and (not exists (select 1 from allowed_ip_groups) or ip.group_guid in (select g from allowed_ip_groups))),
        -- Free slots per address: a domain count per live address, from one pass over each
        -- table. A join or a lookup per address leaves the plan to table statistics, which
        -- PGlite never gathers by itself; this shape costs the same either way.
        per_ip as (
          select max(u.allowed) as allowed, count(u.domain) as used from (
            select l.guid, l.domains_allowed as allowed, null::uuid as domain from live_ips l
            union all
            select d.ip_address_guid, null, d.guid from domains d where d.company_guid = $1 and d.ip_address_guid is not null
          ) u group by u.guid),
        ip_usage as (
          select count(*)::int as ips, coalesce(sum(greatest(p.allowed - p.used, 0)), 0)::int as slots
          from per_ip p where p.allowed is not null)
   select
     case when $2 then (select count(*)::int from invoices i where i.company_guid = $1 and i.status in (${listOf(OPEN_INVOICE_STATUSES)})) else 0 end as unpaid,
     case when $2 then (select count(*)::int from invoices i where i.company_guid = $1 and i.status in (${listOf(OPEN_INVOICE_STATUSES)}) and i.date_due < $6) else 0 end as overdue,
     case when $2 then (select count(*)::int from orders o where o.company_guid = $1 and o.status = 'SUSPENDED') else 0 end as suspended,
     case when $2 then (select count(*)::int from orders o where o.company_guid = $1 and o.status = 'ACTIVE') else 0 end as active,
     (select count(*)::int from domains d where d.company_guid = $1 and d.parent_domain_guid is null
        and (not exists (select 1 from allowed_domain_groups) or d.group_guid in (select g from allowed_domain_groups))) as domains,
     ip_usage.ips, ip_usage.slots,
     case when $3 then (select coalesce(json_agg(json_build_object('title', n.title, 'link', n.link, 'content', n.content,
          'date_modified', to_char(n.date_modified at time zone 'UTC', ${UTC})) order by n.date_modified desc), '[]')
        from (select * from news order by date_modified desc limit ${NEWS_ITEMS}) n) else '[]'::json end as news,
     case when $3 then (select coalesce(json_agg(json_build_object('question', k.title, 'answer', k.content) order by k.position, k.title), '[]')
        from kb_articles k where k.slug like '${FAQ_SLUG_PREFIX}%') else '[]'::json end as faq
   from ip_usage`,
  ['uuid', 'boolean', 'boolean', 'text', 'text', 'timestamptz'],
);

/**
 * Counts for the home page (spec part 1, 2.5). Billing counts are 0 for viewers without
 * can_view_billing and customers get no news or FAQ: the page shows, it does not refuse.
 */
export async function dashboardOf(db: Db, company: CompanyContext, isCustomer: boolean, now: Date): Promise<Dashboard> {
  // Every argument comes from the membership and the clock, never from the request.
  const [row] = await dashboardStatement(db, [
    company.guid,
    String(company.permissions.has('can_view_billing')),
    String(!isCustomer),
    JSON.stringify(company.allowedDomainGroups),
    JSON.stringify(company.allowedIpGroups),
    now.toISOString(),
  ]);
  return {
    unpaid_invoices: row?.unpaid ?? 0,
    overdue_invoices: row?.overdue ?? 0,
    suspended_orders: row?.suspended ?? 0,
    active_orders: row?.active ?? 0,
    domain_count: row?.domains ?? 0,
    website_slots_available: row?.slots ?? 0,
    ip_address_count: row?.ips ?? 0,
    news: row?.news ?? [],
    faq: row?.faq ?? [],
  };
}
