import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { getOverdueNoticeOp, getSuspendedNoticeOp, listAnnouncementsOp, listIssueNotificationsOp } from '../../lib/api/notices';
import { OPEN_INVOICE_STATUSES } from '../../lib/rules/status-groups';
import { announcements, companies, hostingAccounts, invoices, issueNotices } from '../db/schema/index';
import { implement } from '../http/operation';
import { restrictTo } from '../services/access';

/*
 * The banners above every page body (spec part 1, 2.7), polled every minute. Customers see
 * issue notices only: the other calls answer them an empty list rather than 403, so the
 * answer to "what banners now" never depends on who asks in a way a client must special-case.
 * The same goes for a viewer without the scope a banner's links need: that scope is checked
 * here, not declared on the definition, since a declared scope refuses (docs/decisions.md).
 */
export const noticeOperations = [
  implement(listAnnouncementsOp, async (c) => {
    if (c.var.viewer.isCustomer) return { data: [] };
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
    return { data: rows.map((a) => ({ guid: a.guid, type: a.type, title: a.title, message: a.message, show_icon: a.showIcon })) };
  }),
  implement(listIssueNotificationsOp, async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(issueNotices)
      .where(and(eq(issueNotices.isActive, true), isNull(issueNotices.dateResolved)))
      .orderBy(desc(issueNotices.dateCreated));
    return { data: rows.map((n) => ({ guid: n.guid, message: n.message })) };
  }),
  /** Ids of the company's open invoices past their due date. */
  implement(getOverdueNoticeOp, async (c) => {
    if (c.var.viewer.isCustomer || !c.var.company.permissions.has('can_view_billing')) return { data: [] };
    const rows = await c.var.deps.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyGuid, c.var.company.guid), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), lt(invoices.dateDue, c.var.deps.now())))
      .orderBy(asc(invoices.id));
    return { data: rows.map((r) => r.id) };
  }),
  /** The company's suspended hosting accounts the viewer may see. */
  implement(getSuspendedNoticeOp, async (c) => {
    const company = c.var.company;
    if (c.var.viewer.isCustomer || !company.permissions.has('can_view_hosting')) return { data: [] };
    const data = await c.var.deps.db
      .select({ guid: hostingAccounts.guid, name: hostingAccounts.name })
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, company.guid), eq(hostingAccounts.status, 'SUSPENDED'), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts)))
      .orderBy(asc(hostingAccounts.name));
    return { data };
  }),
];
