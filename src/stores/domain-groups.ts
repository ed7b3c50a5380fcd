import { atom, map } from 'nanostores';
import type { DomainGroup } from '../lib/api/domains';
import type { HostingAccount } from '../lib/api/hosting';
import type { IpGroup } from '../lib/api/ip-addresses';
import { createDomainGroup, deleteDomainGroup, getDomainGroup, groupExpiring, listDomainGroups, updateDomainGroup } from '../lib/requests/domains';
import { listHostingAccounts } from '../lib/requests/hosting';
import { listIpGroups } from '../lib/requests/ip-addresses';
import { DOMAIN_GROUP_PAGE_SIZE } from '../lib/rules/domain-groups';
import { domainGroupCreateSchema, domainGroupUpdateSchema } from '../lib/schemas/domain-groups';
import { PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { ApiError, errorMessages } from '../lib/errors';
import { api } from './api';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { can } from './permissions';
import { toastError, toastSuccess } from './toasts';

/** The domain groups page (spec part 2, 2.2): its own default page size, 10. */
export const domainGroupsList = createPagedList<DomainGroup>('domain-groups', (q) => listDomainGroups(api, q), {}, DOMAIN_GROUP_PAGE_SIZE);

export interface GroupChoices {
  loading: boolean;
  /** Every hosting account; only ACTIVE ones may be chosen (spec part 2, 2.2). */
  accounts: HostingAccount[];
  ipGroups: IpGroup[];
}

/** What the group dialogs offer, loaded when one opens (up to 9999 of each, spec part 2, 7.1). */
export const $groupChoices = map<GroupChoices>({ loading: false, accounts: [], ipGroups: [] });

export async function loadGroupChoices(): Promise<void> {
  $groupChoices.setKey('loading', true);
  try {
    const [accounts, ipGroups] = await Promise.all([
      listHostingAccounts(api, { per_page: PICKER_PAGE_SIZE }),
      // Without can_view_ip_groups the choice is not offered and every group is allowed.
      can('can_view_ip_groups') ? listIpGroups(api, { per_page: PICKER_PAGE_SIZE }) : Promise.resolve({ data: [] as IpGroup[] }),
    ]);
    $groupChoices.set({ loading: false, accounts: accounts.data, ipGroups: ipGroups.data });
  } catch (error) {
    $groupChoices.setKey('loading', false);
    toastError(error);
  }
}

export const addGroupForm = createForm({
  schema: domainGroupCreateSchema,
  send: (input) => createDomainGroup(api, input),
  successToast: (answer) => answer.message,
  onSuccess: () => domainGroupsList.load(),
});

export async function removeGroup(group: DomainGroup): Promise<void> {
  try {
    const answer = await deleteDomainGroup(api, group.guid);
    toastSuccess(answer.message);
    const { answer: page } = domainGroupsList.$list.get();
    // The last row of a later page gone: show the page before.
    const current = domainGroupsList.$list.get().page;
    await domainGroupsList.load(page && page.data.length === 1 && current > 1 ? current - 1 : current);
  } catch (error) {
    toastError(error);
  }
}

/**
 * The group the group page shows, and how many of its domains expire in less than 10 days.
 * `missing`: the server's sentence when there is no such group for this company (an old link,
 * another company's group), which the page shows in place of its tabs.
 */
export const $group = atom<{ guid: string; loading: boolean; group: DomainGroup | null; expiring: number; missing: string | null }>({
  guid: '',
  loading: false,
  group: null,
  expiring: 0,
  missing: null,
});

export async function loadGroup(guid: string): Promise<void> {
  const same = $group.get().guid === guid;
  $group.set({ guid, loading: true, group: same ? $group.get().group : null, expiring: same ? $group.get().expiring : 0, missing: null });
  try {
    const [group, expiring] = await Promise.all([getDomainGroup(api, guid), groupExpiring(api, guid)]);
    if ($group.get().guid === guid) $group.set({ guid, loading: false, group, expiring: expiring.expiring_domains, missing: null });
  } catch (error) {
    // No such group: one sentence on the page says so, not a toast per call that asked.
    const missing = error instanceof ApiError && error.status === 404 ? errorMessages(error).join(' ') : null;
    if ($group.get().guid === guid) $group.set({ ...$group.get(), loading: false, ...(missing ? { group: null, missing } : {}) });
    if (!missing) toastError(error);
  }
}

export const groupSettingsForm = createForm({
  schema: domainGroupUpdateSchema,
  send: (input) => updateDomainGroup(api, $group.get().guid, input),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    $group.set({ ...$group.get(), group: answer.group });
  },
});
