import { z } from 'zod';
import { noticesRoutes } from '../requests/notices';
import { defineOperation, pageOf } from './define';
import { pagingSchema } from '../schemas/lists';

/**
 * The bell and the banners above every page body (spec part 1, 2.7), polled every minute.
 * Customers, and viewers without the scope a banner's links need, get an empty list rather
 * than 403 (docs/decisions.md, Notifications, banners and the home page): those rules depend
 * on who asks, not on access to the call, so they live in the handlers, not in `scopes`.
 */

/** The bell's four kinds, each with its icon and colour (spec part 1, 2.7). */
export const NOTIFICATION_TYPES = ['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notification = z
  .object({ guid: z.guid(), seen: z.boolean(), notification_type: z.enum(NOTIFICATION_TYPES), message: z.string(), date_created: z.iso.datetime() })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/** The list envelope plus the count of notifications not seen yet (all pages). */
export const notificationPage = pageOf(notification)
  .extend({ unseen: z.number().int().min(0) })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPage>;

export const announcement = z
  .object({
    guid: z.guid(),
    /** INFO, SUCCESS, WARNING or ERROR, as stored: the banner's alert style. */
    type: z.string(),
    title: z.string().nullable(),
    /** HTML as the provider stored it; sanitise before rendering. */
    message: z.string(),
    show_icon: z.boolean(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcement>;

export const issueNotification = z
  .object({
    guid: z.guid(),
    /** HTML as the provider stored it; sanitise before rendering. */
    message: z.string(),
  })
  .meta({ id: 'IssueNotification' });
export type IssueNotification = z.infer<typeof issueNotification>;

export const suspendedHosting = z.object({ guid: z.guid(), name: z.string() }).meta({ id: 'SuspendedHosting' });
export type SuspendedHosting = z.infer<typeof suspendedHosting>;

export const NOTIFICATION_LIST_MAX = 100;
export const notificationListQuery = pagingSchema(NOTIFICATION_LIST_MAX);

const shell = { area: 'shell' } as const;

/** The viewer's notifications about the company of the request and about no company, newest first; customers get an empty list. */
export const listNotificationsOp = defineOperation({
  ...noticesRoutes.listNotifications,
  ...shell,
  summary: 'The bell: notifications, newest first, and the unseen count',
  query: notificationListQuery,
  answer: notificationPage,
});
/** Mark all read: a POST with an empty body (api-calls.tsv); customers have no bell to mark. */
export const markAllNotificationsSeenOp = defineOperation({
  ...noticesRoutes.markAllNotificationsSeen,
  ...shell,
  customers: false,
  summary: 'Marks every notification the bell lists as seen',
  answer: z.object({ unseen: z.number().int().min(0) }),
});
/** Customers get an empty list. */
export const listAnnouncementsOp = defineOperation({
  ...noticesRoutes.listAnnouncements,
  ...shell,
  summary: "The provider's active announcements",
  answer: z.object({ data: z.array(announcement) }),
});
export const listIssueNotificationsOp = defineOperation({
  ...noticesRoutes.listIssueNotifications,
  ...shell,
  summary: 'Ongoing incidents, shown to everyone',
  answer: z.object({ data: z.array(issueNotification) }),
});
/** Needs can_view_billing to list anything; without it, and for customers, the list is empty. */
export const getOverdueNoticeOp = defineOperation({
  ...noticesRoutes.getOverdueNotice,
  ...shell,
  summary: "Ids of the company's open invoices past their due date",
  answer: z.object({ data: z.array(z.number().int()) }),
});
/** Needs can_view_hosting to list anything; without it, and for customers, the list is empty. */
export const getSuspendedNoticeOp = defineOperation({
  ...noticesRoutes.getSuspendedNotice,
  ...shell,
  summary: "The company's suspended hosting accounts the viewer may see",
  answer: z.object({ data: z.array(suspendedHosting) }),
});

/** The account set-up to-do list is defined with the account area; kept here for its callers. */
