import { atom, onMount } from 'nanostores';
import type { Domain, DomainDetail } from '../lib/api/domains';
import { getDomain, listDomains } from '../lib/requests/domains';
import { api } from './api';
import { createPagedList, type PagedList } from './paged-list';
import { toastError } from './toasts';
import { debounced, onTaskEvent } from './task-stream';
import { isTaskFinished } from '../lib/schemas/task-event';
import { listFilters, nothingToAsk, routeGroup } from './domain-context';

/** A group's Domains tab (spec part 2, 2.3): the group and the search tags, joined by commas. */
export type DomainFilters = { group: string; search: string };

/** The group's domains: the group of the page shown, else the filter's; no group known, nothing asked ('Unknown domain group.'). */
export const domainsList: PagedList<Domain, DomainFilters> = createPagedList<Domain, DomainFilters>(
  'domains',
  ({ page, per_page }) => {
    const { group, search } = listFilters(domainsList.$list, 'group', routeGroup(), (guid) => ({ group: guid, search: '' }));
    return group ? listDomains(api, { page, per_page, group, search: search || undefined }) : nothingToAsk(per_page);
  },
  { group: '', search: '' },
);

let shown = false;
onMount(domainsList.$list, () => {
  shown = true;
  // A task of the group that finishes changes its domains' states: the page shown follows, and so
  // does the drawer's domain.
  const reload = debounced(() => {
    void domainsList.load();
    const open = $openDomain.get();
    if (open) void openDomain(open.guid);
  });
  const unsubscribe = onTaskEvent((event) => {
    if (event.domain_group === domainsList.$list.get().filters.group && isTaskFinished(event.status)) reload.call();
  });
  return () => {
    shown = false;
    unsubscribe();
    reload.cancel();
  };
});

/**
 * Shows `group`'s domains, keeping the search when the group stays the same. Called before the
 * table first shows, it only sets the filter, so the list loads once, for this group.
 */
export function showGroupDomains(group: string): void {
  const { filters } = domainsList.$list.get();
  if (filters.group === group) return;
  if (shown) domainsList.setFilters({ group, search: '' });
  else domainsList.$list.setKey('filters', { group, search: '' });
}

/** The domain open in the drawer. */
export const $openDomain = atom<{ guid: string; loading: boolean; domain: DomainDetail | null } | null>(null);

export async function openDomain(guid: string): Promise<void> {
  $openDomain.set({ guid, loading: true, domain: $openDomain.get()?.guid === guid ? $openDomain.get()!.domain : null });
  try {
    const domain = await getDomain(api, guid);
    if ($openDomain.get()?.guid === guid) $openDomain.set({ guid, loading: false, domain });
  } catch (error) {
    if ($openDomain.get()?.guid === guid) $openDomain.set(null);
    toastError(error);
  }
}

export const closeDomain = () => $openDomain.set(null);

/**
 * What a drawer tab's list goes by: the domain its filter holds (`held`, set by the tab), and
 * only before it holds one the domain open in the drawer. (The drawer may already show another
 * domain, a subdomain opened with Manage, while the tab's list is still mounted: the list keeps
 * asking for the domain it was shown for.)
 */
export const drawerContext = (held: string): string => (held ? '' : ($openDomain.get()?.guid ?? ''));
