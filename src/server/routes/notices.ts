import { getOverdueNoticeOp, getSuspendedNoticeOp, listAnnouncementsOp, listIssueNotificationsOp } from '../../lib/api/notices';
import { implement } from '../http/operation';
import { announcementsFor, openIssueNotices, overdueInvoiceIds, suspendedHostingAccounts } from '../services/notices';

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
    return { data: await announcementsFor(c.var.deps.db, c.var.company.guid, c.var.deps.now()) };
  }),
  implement(listIssueNotificationsOp, async (c) => ({ data: await openIssueNotices(c.var.deps.db) })),
  /** Ids of the company's open invoices past their due date. */
  implement(getOverdueNoticeOp, async (c) => {
    if (c.var.viewer.isCustomer || !c.var.company.permissions.has('can_view_billing')) return { data: [] };
    return { data: await overdueInvoiceIds(c.var.deps.db, c.var.company.guid, c.var.deps.now()) };
  }),
  /** The company's suspended hosting accounts the viewer may see. */
  implement(getSuspendedNoticeOp, async (c) => {
    const company = c.var.company;
    if (c.var.viewer.isCustomer || !company.permissions.has('can_view_hosting')) return { data: [] };
    return { data: await suspendedHostingAccounts(c.var.deps.db, company) };
  }),
];
