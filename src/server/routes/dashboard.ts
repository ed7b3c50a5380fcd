import type { Context } from 'hono';
import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { LIVE_IP_STATUSES, OPEN_INVOICE_STATUSES } from '../../lib/rules/status-groups';
import { getDashboardOp, type Dashboard } from '../../lib/api/system';
import type { AppEnv } from '../context';
import { companies, domains, invoices, ipAddresses, kbArticles, news, orders } from '../db/schema/index';
import { implement } from '../http/operation';
import { restrictTo } from '../services/access';

const NEWS_ITEMS = 5;
/** Knowledge-base articles whose slug starts with this are the home page's Quick FAQ (question = title). */
export const FAQ_SLUG_PREFIX = 'faq-';

/**
 * Counts for the home page (spec part 1, 2.5). Billing counts are 0 for viewers without
 * can_view_billing and customers get no news or FAQ: the page shows, it does not refuse.
 */
export const dashboardOperations = [implement(getDashboardOp, (c) => dashboardFor(c))];

/** `select count(*)` of a table and a condition, as a scalar subquery. */
const countOf = (table: AnyPgTable, where: SQL | undefined) => sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * Every figure in one statement anchored on the company's row: the home page is asked for
 * on every visit, and each separate query would be another round trip.
 */
async function dashboardFor(c: Context<AppEnv>): Promise<Dashboard> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const canBill = company.permissions.has('can_view_billing');
  const showContent = !c.var.viewer.isCustomer;
  const mine = company.guid;
  const openInvoices = and(eq(invoices.companyGuid, mine), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]));
  const zero = sql<number>`0`.mapWith(Number);

  const [row] = await db
    .select({
      unpaid: canBill ? countOf(invoices, openInvoices) : zero,
      overdue: canBill ? countOf(invoices, and(openInvoices, lt(invoices.dateDue, now()))) : zero,
      suspended: canBill ? countOf(orders, and(eq(orders.companyGuid, mine), eq(orders.status, 'SUSPENDED'))) : zero,
      active: canBill ? countOf(orders, and(eq(orders.companyGuid, mine), eq(orders.status, 'ACTIVE'))) : zero,
      domains: countOf(domains, and(eq(domains.companyGuid, mine), isNull(domains.parentDomainGuid), restrictTo(domains.groupGuid, company.allowedDomainGroups))),
      ips: countOf(ipAddresses, liveIps(company)),
      slots: sql<number>`(select coalesce(sum(greatest(${ipAddresses.domainsAllowed} - (select count(*) from ${domains} d where d.ip_address_guid = ${ipAddresses.guid}), 0)), 0) from ${ipAddresses} where ${liveIps(company)})`.mapWith(Number),
      news: showContent
        ? sql<NewsRow[]>`(select coalesce(json_agg(json_build_object('title', n.title, 'link', n.link, 'content', n.content, 'date_modified', to_char(n.date_modified at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by n.date_modified desc), '[]') from (select * from ${news} order by ${news.dateModified} desc limit ${NEWS_ITEMS}) n)`
        : sql<NewsRow[]>`'[]'::json`,
      faq: showContent
        ? sql<FaqRow[]>`(select coalesce(json_agg(json_build_object('question', k.title, 'answer', k.content) order by k.position, k.title), '[]') from ${kbArticles} k where k.slug like ${`${FAQ_SLUG_PREFIX}%`})`
        : sql<FaqRow[]>`'[]'::json`,
    })
    .from(companies)
    .where(eq(companies.guid, mine));

  return {
    unpaid_invoices: row?.unpaid ?? 0,
    overdue_invoices: row?.overdue ?? 0,
    suspended_orders: row?.suspended ?? 0,
    active_orders: row?.active ?? 0,
    domain_count: row?.domains ?? 0,
    website_slots_available: row?.slots ?? 0,
    ip_address_count: row?.ips ?? 0,
    news: parsed(row?.news),
    faq: parsed(row?.faq),
  };
}

type NewsRow = Dashboard['news'][number];
type FaqRow = Dashboard['faq'][number];

const liveIps = (company: AppEnv['Variables']['company']) =>
  and(eq(ipAddresses.companyGuid, company.guid), inArray(ipAddresses.status, [...LIVE_IP_STATUSES]), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups));

/** node-postgres parses json columns; PGlite may hand them over as text. */
const parsed = <T>(v: T[] | string | undefined): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []));
