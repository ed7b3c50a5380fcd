import { map, onMount } from 'nanostores';
import type { Announcement, IssueNotification, Notification, SuspendedHosting } from '../lib/api/notices';
import { getOverdueNotice, getSuspendedNotice, listAnnouncements, listIssueNotifications, listNotifications, markAllNotificationsSeen } from '../lib/requests/notices';
import { ApiError, UnauthorizedError, errorMessages } from '../lib/errors';
import { POLL_INTERVAL_MS } from '../lib/rules/polling';
import { api } from './api';
import { $session } from './session';
import { pushToast } from './toasts';

/** How many of the latest notifications the bell's popover lists. */
export const BELL_LIST_SIZE = 10;

export interface ShellNotices {
  /** The latest notifications, for the bell's popover. */
  notifications: Notification[];
  /** Notifications with seen false: the bell's count. */
  unseen: number;
  /** True while the bell's list reloads. */
  loadingNotifications: boolean;
  announcements: Announcement[];
  issues: IssueNotification[];
  /** Ids of overdue invoices. */
  overdue: number[];
  suspended: SuspendedHosting[];
}

const EMPTY: ShellNotices = { notifications: [], unseen: 0, loadingNotifications: false, announcements: [], issues: [], overdue: [], suspended: [] };

/**
 * The bell and the banners above every page body (spec part 1, 2.7): loaded when the
 * signed-in user is known and again every POLL_INTERVAL_MS while something shows them.
 */
export const $notices = map<ShellNotices>({ ...EMPTY });

/**
 * A poll that failed (spec part 1, 4): a 401 is left to the session handling, a failure with
 * no answer is ignored (spec part 1, 8), any other answer shows the server's sentences.
 */
function reportPollError(error: unknown, shown: Set<string>): void {
  if (error instanceof UnauthorizedError || !(error instanceof ApiError)) return;
  for (const sentence of errorMessages(error)) {
    // Five calls failing for one reason (the API is down) make one toast, not five.
    if (shown.has(sentence)) continue;
    shown.add(sentence);
    pushToast('error', sentence);
  }
}

/** What the viewer is shown at all: customers see issue notices only (spec part 1, 6). */
function audience() {
  const user = $session.get().user;
  if (!user) return null;
  const scopes = new Set(user.company.permissions);
  return {
    staff: !user.is_customer,
    billing: !user.is_customer && scopes.has('can_view_billing'),
    hosting: !user.is_customer && scopes.has('can_view_hosting'),
  };
}

async function loadNotifications(shown: Set<string>): Promise<void> {
  try {
    const page = await listNotifications(api, 1, BELL_LIST_SIZE);
    $notices.set({ ...$notices.get(), notifications: page.data, unseen: page.unseen });
  } catch (error) {
    $notices.set({ ...$notices.get(), notifications: [], unseen: 0 });
    reportPollError(error, shown);
  }
}

/** Loads one banner's data into its key; a failure keeps what was shown. */
async function loadInto<K extends 'announcements' | 'issues' | 'overdue' | 'suspended'>(key: K, load: () => Promise<{ data: ShellNotices[K] }>, shown: Set<string>): Promise<void> {
  try {
    const { data } = await load();
    $notices.set({ ...$notices.get(), [key]: data });
  } catch (error) {
    reportPollError(error, shown);
  }
}

/** One poll: everything the bell and the banners show, in parallel. */
export async function refreshNotices(): Promise<void> {
  const who = audience();
  if (!who) return;
  const shown = new Set<string>();
  const work: Promise<void>[] = [loadInto('issues', () => listIssueNotifications(api), shown)];
  if (who.staff) {
    work.push(
      loadNotifications(shown),
      loadInto('announcements', () => listAnnouncements(api), shown),
    );
  } else {
    $notices.set({ ...$notices.get(), notifications: [], unseen: 0, announcements: [] });
  }
  if (who.billing) work.push(loadInto('overdue', () => getOverdueNotice(api), shown));
  else $notices.setKey('overdue', []);
  if (who.hosting) work.push(loadInto('suspended', () => getSuspendedNotice(api), shown));
  else $notices.setKey('suspended', []);
  await Promise.all(work);
}

/** Opening the bell's popover reloads its list (spec part 1, 2.7). */
export async function reloadBell(): Promise<void> {
  $notices.setKey('loadingNotifications', true);
  try {
    await loadNotifications(new Set());
  } finally {
    $notices.setKey('loadingNotifications', false);
  }
}

/** 'Mark all read': the count drops to zero at once, then the list reloads. */
export async function markAllRead(): Promise<void> {
  $notices.setKey('unseen', 0);
  try {
    await markAllNotificationsSeen(api);
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) for (const sentence of errorMessages(error)) pushToast('error', sentence);
  }
  await reloadBell();
}

onMount($notices, () => {
  let userKey: string | null = null;
  // A new user or another company: load at once rather than at the next tick.
  const unbind = $session.subscribe(({ user }) => {
    const key = user ? `${user.guid}:${user.company.guid}` : null;
    if (key === userKey) return;
    userKey = key;
    if (key) void refreshNotices();
    else $notices.set({ ...EMPTY });
  });
  const timer = setInterval(() => void refreshNotices(), POLL_INTERVAL_MS);
  return () => {
    unbind();
    clearInterval(timer);
  };
});
