import { atom, onMount } from 'nanostores';
import type { Task } from '../lib/api/tasks';
import { followTaskEvents } from '../lib/requests/task-events';
import { listGroupTasks } from '../lib/requests/tasks';
import { api } from './api';
import { environment } from './environment';
import { createPagedList } from './paged-list';
import { toastError } from './toasts';

/** A group's Tasks tab (spec part 2, 2.7), newest first. */
export const groupTasksList = createPagedList<Task, { group: string }>('group-tasks', ({ group, ...paging }) => listGroupTasks(api, group ?? '', paging), { group: '' });

/** Whether the live stream is connected, so the tab can say so. */
export const $tasksLive = atom(false);

/** Tasks changed by the stream since the last reload, so the reload waits for a burst of changes to pass. */
let reloadTimer: ReturnType<typeof setTimeout> | undefined;
const RELOAD_AFTER_MS = 250;

function scheduleReload(): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void groupTasksList.load(), RELOAD_AFTER_MS);
}

let shown = false;
onMount(groupTasksList.$list, () => {
  shown = true;
  const options = environment().apiOptions;
  const stop = new AbortController();
  if (options) {
    // A change of a task of this group (a new task, an item moving on) reloads the page shown.
    followTaskEvents(options, {
      signal: stop.signal,
      onReady: () => $tasksLive.set(true),
      onTask: (event) => {
        if (event.domain_group === groupTasksList.$list.get().filters.group) scheduleReload();
      },
    })
      .catch((error: unknown) => toastError(error))
      .finally(() => $tasksLive.set(false));
  }
  return () => {
    shown = false;
    stop.abort();
    clearTimeout(reloadTimer);
  };
});

/** Shows `group`'s tasks; before the tab first shows, it only sets the filter. */
export function showGroupTasks(group: string): void {
  if (groupTasksList.$list.get().filters.group === group) return;
  if (shown) groupTasksList.setFilters({ group });
  else groupTasksList.$list.setKey('filters', { group });
}
