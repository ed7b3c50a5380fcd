import type { Api } from '../api/client';
import { call } from '../api/send';
import type { getOverdueNoticeOp, getSuspendedNoticeOp, listAnnouncementsOp, listIssueNotificationsOp, listNotificationsOp, markAllNotificationsSeenOp } from '../api/notices';

export { closeTodoList, completeTodoItem } from './account';

/** Where each call of this area lives: written once here, spread into its definition in ../api/notices.ts. */
export const noticesRoutes = {
  listNotifications: { id: 'shell.notifications.list', method: 'get', path: '/account/notifications/' },
  markAllNotificationsSeen: { id: 'shell.notifications.mark_read', method: 'post', path: '/account/notifications/' },
  listAnnouncements: { id: 'shell.announcements.list', method: 'get', path: '/system/announcements/' },
  listIssueNotifications: { id: 'shell.issue_notifications.list', method: 'get', path: '/system/issue-notifications/' },
  getOverdueNotice: { id: 'shell.overdue_notice.get', method: 'get', path: '/billing/overdue-notice/' },
  getSuspendedNotice: { id: 'shell.suspended_notice.get', method: 'get', path: '/hosting/suspended-notice/' },
} as const;

export const listNotifications = (api: Api, page = 1, perPage = 25) =>
  call<typeof listNotificationsOp>(api, noticesRoutes.listNotifications, { query: { page, per_page: perPage } });
/** Marks every notification of the viewer as seen. */
export const markAllNotificationsSeen = (api: Api) => call<typeof markAllNotificationsSeenOp>(api, noticesRoutes.markAllNotificationsSeen);
export const listAnnouncements = (api: Api) => call<typeof listAnnouncementsOp>(api, noticesRoutes.listAnnouncements);
export const listIssueNotifications = (api: Api) => call<typeof listIssueNotificationsOp>(api, noticesRoutes.listIssueNotifications);
/** Ids of the company's overdue invoices. */
export const getOverdueNotice = (api: Api) => call<typeof getOverdueNoticeOp>(api, noticesRoutes.getOverdueNotice);
export const getSuspendedNotice = (api: Api) => call<typeof getSuspendedNoticeOp>(api, noticesRoutes.getSuspendedNotice);
