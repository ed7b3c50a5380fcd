import { onMount } from 'nanostores';
import type { Task } from '../lib/api/tasks';
import { listGroupTasks } from '../lib/requests/tasks';
import { api } from './api';
import { createPagedList, type PagedList } from './paged-list';
import { debounced, onTaskEvent } from './task-stream';
import { listFilters, nothingToAsk, routeGroup } from './domain-context';

export { $tasksLive } from './task-stream';

/** A group's Tasks tab (spec part 2, 2.7), newest first. */
export const groupTasksList: PagedList<Task, { group: string }> = createPagedList<Task, { group: string }>(
  'group-tasks',
  // The group of the page shown, else the filter's; none known, nothing asked (not `/domains/groups//tasks/`).
  ({ page, per_page }) => {
    const { group } = listFilters(groupTasksList.$list, 'group', routeGroup(), (guid) => ({ group: guid }));
    return group ? listGroupTasks(api, group, { page, per_page }) : nothingToAsk(per_page);
  },
  { group: '' },
);

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
