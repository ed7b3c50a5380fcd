import { atom } from 'nanostores';
import type { Notification } from '../lib/api/notices';
import { listNotifications, markAllNotificationsSeen } from '../lib/requests/notices';
import { api } from './api';
import { refreshNotices } from './notices';
import { createPagedList } from './paged-list';
import { toastError } from './toasts';

/** Unseen notifications over all pages, as the last loaded page counted them. */
export const $tabUnseen = atom<number | null>(null);

/** Every notification of the viewer, paged: the account area's Notifications tab. */
export const notificationsTab = createPagedList<Notification>('notifications', async ({ page, per_page }) => {
  const answer = await listNotifications(api, page, per_page);
  $tabUnseen.set(answer.unseen);
  return answer;
});

/** Marks everything read, then reloads this page and the bell's count. */
export async function markAllReadFromTab(): Promise<void> {
  try {
    await markAllNotificationsSeen(api);
  } catch (error) {
    toastError(error);
  }
  await Promise.all([notificationsTab.load(), refreshNotices()]);
}
