import { Hono } from 'hono';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { Notification, NotificationPage, NotificationType } from '../../lib/api/notices';
import { pagingSchema } from '../../lib/schemas/lists';
import type { AppEnv } from '../context';
import { notifications } from '../db/schema/index';
import { notForCustomers } from '../auth/middleware';
import { readQuery } from '../http/validate';
import { recordActivity } from '../services/activity';

const paging = pagingSchema(100);

/**
 * The bell (spec part 1, 2.7): the viewer's notifications about the company of the request,
 * plus those about no company in particular, newest first.
 */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { page, per_page } = readQuery(c, paging);
    // Customers have no bell (spec part 1, 6): an empty list, so a polling client needs no special case.
    if (c.var.viewer.isCustomer) return c.json<NotificationPage>({ data: [], page, per_page, total: 0, unseen: 0 });
    const { db } = c.var.deps;
    const mine = and(eq(notifications.userGuid, c.var.viewer.userGuid), or(eq(notifications.companyGuid, c.var.company.guid), isNull(notifications.companyGuid)));
    const [rows, [totals], [unseen]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.dateCreated), desc(notifications.guid))
        .limit(per_page)
        .offset((page - 1) * per_page),
      db.select({ n: count() }).from(notifications).where(mine),
      db.select({ n: count() }).from(notifications).where(and(mine, eq(notifications.seen, false))),
    ]);
    const data: Notification[] = rows.map((n) => ({
      guid: n.guid,
      seen: n.seen,
      notification_type: n.notificationType as NotificationType,
      message: n.message,
      date_created: n.dateCreated.toISOString(),
    }));
    return c.json<NotificationPage>({ data, page, per_page, total: Number(totals?.n ?? 0), unseen: Number(unseen?.n ?? 0) });
  })
  // Mark all read (api-calls: POST with an empty body). Only what the bell lists is marked.
  .post('/', notForCustomers, async (c) => {
    const { db } = c.var.deps;
    const mine = and(eq(notifications.userGuid, c.var.viewer.userGuid), or(eq(notifications.companyGuid, c.var.company.guid), isNull(notifications.companyGuid)));
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(notifications)
        .set({ seen: true })
        .where(and(mine, eq(notifications.seen, false)))
        .returning({ guid: notifications.guid });
      await recordActivity(
        c,
        { verb: 'marked as read', object: `${marked.length} ${marked.length === 1 ? 'notification' : 'notifications'}`, objectType: 'user', objectGuid: c.var.viewer.userGuid },
        tx,
      );
    });
    return c.json({ unseen: 0 });
  });
