import type { Context } from 'hono';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { listNotificationsOp, markAllNotificationsSeenOp, type Notification, type NotificationType } from '../../lib/api/notices';
import type { AppEnv } from '../context';
import { notifications } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';

/** What the bell lists: the viewer's notifications about the company of the request and about no company. */
const bellOf = (c: Context<AppEnv>) =>
  and(eq(notifications.userGuid, c.var.viewer.userGuid), or(eq(notifications.companyGuid, c.var.company.guid), isNull(notifications.companyGuid)));

const notificationJson = (n: typeof notifications.$inferSelect): Notification => ({
  guid: n.guid,
  seen: n.seen,
  notification_type: n.notificationType as NotificationType,
  message: n.message,
  date_created: n.dateCreated.toISOString(),
});

/** The bell (spec part 1, 2.7), newest first. */
export const notificationOperations = [
  implement(listNotificationsOp, async (c, { query: q }) => {
    // Customers have no bell (spec part 1, 6): an empty list, so a polling client needs no special case.
    if (c.var.viewer.isCustomer) return { data: [], page: q.page, per_page: q.per_page, total: 0, unseen: 0 };
    const { db } = c.var.deps;
    const mine = bellOf(c);
    const [page, unseen] = await Promise.all([
      pageOfRows(
        q,
        async (limit, offset) => (await db.select().from(notifications).where(mine).orderBy(desc(notifications.dateCreated), desc(notifications.guid)).limit(limit).offset(offset)).map(notificationJson),
        () => countRows(db, notifications, mine),
      ),
      countRows(db, notifications, and(mine, eq(notifications.seen, false))),
    ]);
    return { ...page, unseen };
  }),
  // Mark all read (api-calls: POST with an empty body). Only what the bell lists is marked.
  implement(markAllNotificationsSeenOp, async (c) => {
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(notifications)
        .set({ seen: true })
        .where(and(bellOf(c), eq(notifications.seen, false)))
        .returning({ guid: notifications.guid });
      await recordActivity(
        c,
        { verb: 'marked as read', object: `${marked.length} ${marked.length === 1 ? 'notification' : 'notifications'}`, objectType: 'user', objectGuid: c.var.viewer.userGuid },
        tx,
      );
    });
    return { unseen: 0 };
  }),
];
