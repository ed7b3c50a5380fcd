import { onMount } from 'nanostores';
import type { Task } from '../lib/api/tasks';
import { listGroupTasks } from '../lib/requests/tasks';
import { api } from './api';
import { createPagedList } from './paged-list';
import { debounced, onTaskEvent } from './task-stream';

export { $tasksLive } from './task-stream';

/** A group's Tasks tab (spec part 2, 2.7), newest first. */
export const groupTasksList = createPagedList<Task, { group: string }>('group-tasks', ({ group, ...paging }) => listGroupTasks(api, group ?? '', paging), { group: '' });

let shown = false;
onMount(groupTasksList.$list, () => {
  shown = true;
  const reload = debounced(() => void groupTasksList.load());
  // A change of a task of this group (a new task, an item moving on) reloads the page shown.
  const unsubscribe = onTaskEvent((event) => {
    if (event.domain_group === groupTasksList.$list.get().filters.group) reload.call();
  });
  return () => {
    shown = false;
    unsubscribe();
    reload.cancel();
  };
});

/** Shows `group`'s tasks; before the tab first shows, it only sets the filter. */
export function showGroupTasks(group: string): void {
  if (groupTasksList.$list.get().filters.group === group) return;
  if (shown) groupTasksList.setFilters({ group });
  else groupTasksList.$list.setKey('filters', { group });
}
