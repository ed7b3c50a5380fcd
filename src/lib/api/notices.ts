import type { Api } from './client';
import type { TodoList } from './auth';
import type { Page } from '../schemas/lists';
import type { AccountSetupInput } from '../schemas/notices';

/** The bell's four kinds, each with its icon and colour (spec part 1, 2.7). */
export const NOTIFICATION_TYPES = ['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Notification {
  guid: string;
  seen: boolean;
  notification_type: NotificationType;
  message: string;
  date_created: string;
}

/** The list envelope plus the count of notifications not seen yet (all pages). */
export interface NotificationPage extends Page<Notification> {
  unseen: number;
}

export interface Announcement {
  guid: string;
  /** INFO, SUCCESS, WARNING or ERROR: the banner's alert style, lowercased. */
  type: string;
  title: string | null;
  /** HTML as the provider stored it; sanitise before rendering. */
  message: string;
  show_icon: boolean;
}

export interface IssueNotification {
  guid: string;
  /** HTML as the provider stored it; sanitise before rendering. */
  message: string;
}

export interface SuspendedHosting {
  guid: string;
  name: string;
}

export const listNotifications = (api: Api, page = 1, perPage = 25) =>
  api.get<NotificationPage>('/account/notifications/', { page, per_page: perPage });
/** Marks every notification of the viewer as seen. */
export const markAllNotificationsSeen = (api: Api) => api.post<{ unseen: number }>('/account/notifications/');

export const listAnnouncements = (api: Api) => api.get<{ data: Announcement[] }>('/system/announcements/');
export const listIssueNotifications = (api: Api) => api.get<{ data: IssueNotification[] }>('/system/issue-notifications/');
/** Ids of the company's overdue invoices. */
export const getOverdueNotice = (api: Api) => api.get<{ data: number[] }>('/billing/overdue-notice/');
export const getSuspendedNotice = (api: Api) => api.get<{ data: SuspendedHosting[] }>('/hosting/suspended-notice/');

/** Ticks one step of the account set-up to-do list; answers the list as it now is. */
export const completeTodoItem = (api: Api, input: AccountSetupInput) => api.post<{ todo_list: TodoList }>('/account/account-setup/', input);
/** Closes the to-do list for good. */
export const closeTodoList = (api: Api) => api.delete<{ todo_list: TodoList }>('/account/account-setup/');
