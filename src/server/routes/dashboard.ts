import type { Context } from 'hono';
import { and, asc, count, desc, eq, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import { LIVE_IP_STATUSES, OPEN_INVOICE_STATUSES } from '../../lib/rules/status-groups';
import { getDashboardOp, type Dashboard } from '../../lib/api/system';
import type { AppEnv } from '../context';
import { domains, invoices, ipAddresses, kbArticles, news, orders } from '../db/schema/index';
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

async function dashboardFor(c: Context<AppEnv>): Promise<Dashboard> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const canBill = company.permissions.has('can_view_billing');
  const mine = company.guid;

  const billing = canBill
    ? await Promise.all([
        db.select({ n: count() }).from(invoices).where(and(eq(invoices.companyGuid, mine), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]))),
        db
          .select({ n: count() })
          .from(invoices)
          .where(and(eq(invoices.companyGuid, mine), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), lt(invoices.dateDue, now()))),
        db.select({ n: count() }).from(orders).where(and(eq(orders.companyGuid, mine), eq(orders.status, 'SUSPENDED'))),
        db.select({ n: count() }).from(orders).where(and(eq(orders.companyGuid, mine), eq(orders.status, 'ACTIVE'))),
      ])
    : null;

  const [[domainCount], [ipStats], newsRows, faqRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(domains)
      .where(and(eq(domains.companyGuid, mine), isNull(domains.parentDomainGuid), restrictTo(domains.groupGuid, company.allowedDomainGroups))),
    db
      .select({
        n: count(),
        slots: sql<number>`coalesce(sum(greatest(${ipAddresses.domainsAllowed} - (select count(*) from ${domains} d where d.ip_address_guid = ${ipAddresses.guid}), 0)), 0)`.mapWith(Number),
      })
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, mine), inArray(ipAddresses.status, [...LIVE_IP_STATUSES]), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups))),
    c.var.viewer.isCustomer ? Promise.resolve([]) : db.select().from(news).orderBy(desc(news.dateModified)).limit(NEWS_ITEMS),
    c.var.viewer.isCustomer
      ? Promise.resolve([])
      : db
          .select({ question: kbArticles.title, answer: kbArticles.content })
          .from(kbArticles)
          .where(like(kbArticles.slug, `${FAQ_SLUG_PREFIX}%`))
          .orderBy(asc(kbArticles.position), asc(kbArticles.title)),
  ]);

  return {
    unpaid_invoices: billing ? Number(billing[0][0]?.n ?? 0) : 0,
    overdue_invoices: billing ? Number(billing[1][0]?.n ?? 0) : 0,
    suspended_orders: billing ? Number(billing[2][0]?.n ?? 0) : 0,
    active_orders: billing ? Number(billing[3][0]?.n ?? 0) : 0,
    domain_count: Number(domainCount?.n ?? 0),
    website_slots_available: Number(ipStats?.slots ?? 0),
    ip_address_count: Number(ipStats?.n ?? 0),
    news: newsRows.map((n) => ({ title: n.title, link: n.link, content: n.content, date_modified: n.dateModified.toISOString() })),
    faq: faqRows,
  };
}
