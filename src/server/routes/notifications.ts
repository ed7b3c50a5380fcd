import { listNotificationsOp, markAllNotificationsSeenOp } from '../../lib/api/notices';
import { implement } from '../http/operation';
import { bellPage, markBellSeen } from '../services/notifications';

/** The bell (spec part 1, 2.7), newest first. */
export const notificationOperations = [
  implement(listNotificationsOp, async (c, { query }) => {
    // Customers have no bell (spec part 1, 6): an empty list, so a polling client needs no special case.
    if (c.var.viewer.isCustomer) return { data: [], page: query.page, per_page: query.per_page, total: 0, unseen: 0 };
    return bellPage(c.var.deps.db, c.var.viewer.userGuid, c.var.company.guid, query);
  }),
  // Mark all read (api-calls: POST with an empty body). Only what the bell lists is marked.
  implement(markAllNotificationsSeenOp, async (c) => {
    await markBellSeen(c);
    return { unseen: 0 };
  }),
];
