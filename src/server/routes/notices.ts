import { Hono } from 'hono';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Announcement, IssueNotification, SuspendedHosting } from '../../lib/api/notices';
import { OPEN_INVOICE_STATUSES } from '../../lib/rules/status-groups';
import type { AppEnv } from '../context';
import { announcements, companies, hostingAccounts, invoices, issueNotices } from '../db/schema/index';
import { restrictTo } from '../services/access';

/*
 * The banners above every page body (spec part 1, 2.7), polled every minute. Customers see
 * issue notices only: the other calls answer them an empty list rather than 403, so the
 * answer to "what banners now" never depends on who asks in a way a client must special-case.
 * The same goes for a viewer without the scope a banner's links need.
 */

/** GET /system/announcements/ and GET /system/issue-notifications/. */
export const systemNoticeRoutes = new Hono<AppEnv>()
  .get('/announcements', async (c) => {
    if (c.var.viewer.isCustomer) return c.json({ data: [] as Announcement[] });
    const { db, now } = c.var.deps;
    const [company] = await db.select({ provider: companies.providerGuid }).from(companies).where(eq(companies.guid, c.var.company.guid));
    const at = now();
    const rows = await db
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.isActive, true),
          // An announcement of no provider in particular is for every provider's customers.
          company?.provider ? or(eq(announcements.providerGuid, company.provider), isNull(announcements.providerGuid)) : isNull(announcements.providerGuid),
          or(isNull(announcements.dateStart), lte(announcements.dateStart, at)),
          or(isNull(announcements.dateEnd), gt(announcements.dateEnd, at)),
        ),
      )
      .orderBy(desc(announcements.dateCreated));
    const data: Announcement[] = rows.map((a) => ({ guid: a.guid, type: a.type, title: a.title, message: a.message, show_icon: a.showIcon }));
    return c.json({ data });
  })
  .get('/issue-notifications', async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(issueNotices)
      .where(and(eq(issueNotices.isActive, true), isNull(issueNotices.dateResolved)))
      .orderBy(desc(issueNotices.dateCreated));
    const data: IssueNotification[] = rows.map((n) => ({ guid: n.guid, message: n.message }));
    return c.json({ data });
  });

/** GET /billing/overdue-notice/: ids of the company's open invoices past their due date. */
export const overdueNoticeRoutes = new Hono<AppEnv>().get('/', async (c) => {
  if (c.var.viewer.isCustomer || !c.var.company.permissions.has('can_view_billing')) return c.json({ data: [] as number[] });
  const rows = await c.var.deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyGuid, c.var.company.guid), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), lt(invoices.dateDue, c.var.deps.now())))
    .orderBy(asc(invoices.id));
  return c.json({ data: rows.map((r) => r.id) });
});

/** GET /hosting/suspended-notice/: the company's suspended hosting accounts the viewer may see. */
export const suspendedNoticeRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const company = c.var.company;
  if (c.var.viewer.isCustomer || !company.permissions.has('can_view_hosting')) return c.json({ data: [] as SuspendedHosting[] });
  const rows = await c.var.deps.db
    .select({ guid: hostingAccounts.guid, name: hostingAccounts.name })
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.companyGuid, company.guid), eq(hostingAccounts.status, 'SUSPENDED'), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts)))
    .orderBy(asc(hostingAccounts.name));
  return c.json({ data: rows satisfies SuspendedHosting[] });
});
