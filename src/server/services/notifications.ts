import type { Context } from 'hono';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Notification, NotificationType } from '../../lib/api/notices';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { notifications } from '../db/schema/index';
import { recordActivity } from './activity';

/** The bell (spec part 1, 2.7), newest first. */

/** What the bell lists: the user's notifications about the company and about no company. */
const bellOf = (userGuid: string, companyGuid: string) =>
  and(eq(notifications.userGuid, userGuid), or(eq(notifications.companyGuid, companyGuid), isNull(notifications.companyGuid)));

const notificationJson = (n: typeof notifications.$inferSelect): Notification => ({
  guid: n.guid,
  seen: n.seen,
  notification_type: n.notificationType as NotificationType,
  message: n.message,
  date_created: n.dateCreated.toISOString(),
});

/** One page of the bell and how many of all it lists are unseen. */
export async function bellPage(db: Db, userGuid: string, companyGuid: string, paging: Paging) {
  const mine = bellOf(userGuid, companyGuid);
  const [page, unseen] = await Promise.all([
    pageOfRows(
      paging,
      async (limit, offset) =>
        (await db.select().from(notifications).where(mine).orderBy(desc(notifications.dateCreated), desc(notifications.guid)).limit(limit).offset(offset)).map(notificationJson),
      () => countRows(db, notifications, mine),
    ),
    countRows(db, notifications, and(mine, eq(notifications.seen, false))),
  ]);
  return { ...page, unseen };
}

/** Marks seen what the bell lists for the request's company, and logs how many. */
export async function markBellSeen(c: Context<AppEnv>): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ seen: true })
      .where(and(bellOf(c.var.viewer.userGuid, c.var.company.guid), eq(notifications.seen, false)))
      .returning({ guid: notifications.guid });
    await recordActivity(
      c,
      { verb: 'marked as read', object: `${marked.length} ${marked.length === 1 ? 'notification' : 'notifications'}`, objectType: 'user', objectGuid: c.var.viewer.userGuid },
      tx,
    );
  });
}
