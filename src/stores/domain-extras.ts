import { map, onMount } from 'nanostores';
import type { EmailForwarder } from '../lib/api/domain-extras';
import type { Domain, GroupIpAddress } from '../lib/api/domains';
import type { HostingAccount } from '../lib/api/hosting';
import { createForwarder, createSubdomain, deleteForwarder, listForwarders, listSubdomains } from '../lib/requests/domain-extras';
import { deleteDomain, getDomain, groupIpAddresses } from '../lib/requests/domains';
import { listHostingAccounts } from '../lib/requests/hosting';
import { forwarderCreateSchema, subdomainCreateSchema } from '../lib/schemas/domain-extras';
import { IP_LIST_MAX, PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { isTaskFinished, type TaskEvent } from '../lib/schemas/task-event';
import { api } from './api';
import { $openDomain, drawerContext, openDomain } from './domains';
import { createForm } from './form';
import { createPagedList, type PagedList } from './paged-list';
import { debounced, onTaskEvent } from './task-stream';
import { listFilters, nothingToAsk } from './domain-context';
import { toastError, toastSuccess } from './toasts';

/** The drawer's Subdomains and Email Addresses tabs (spec part 2, 2.7, 4.1, 5 and 8). */

/** Spec part 2, 4.1: subdomains and forwarders ACTIVE or PENDING may be deleted. */
export const mayDeleteExtra = (status: string) => status === 'ACTIVE' || status === 'PENDING';

/** The domain a drawer tab's list asks for: its filter's, before the tab has set one the drawer's; none known, nothing asked (not `/domains//subdomains/`). */
const drawerDomain = ($list: PagedList<unknown, { domain: string }>['$list']): string =>
  listFilters($list, 'domain', drawerContext($list.get().filters.domain), (guid) => ({ domain: guid })).domain;

/** Reloads `list` when a task of one of `kinds` finishes while it is shown (a burst gives one reload). */
function followTasks<T>(list: PagedList<T, { domain: string }>, kinds: readonly string[]): void {
  onMount(list.$list, () => {
    const reload = debounced(() => void list.load());
    const stop = onTaskEvent((event: TaskEvent) => {
      if (kinds.includes(event.kind) && isTaskFinished(event.status) && list.$list.get().filters.domain) reload.call();
    });
    return () => {
      stop();
      reload.cancel();
    };
  });
}

// ---- Subdomains ------------------------------------------------------------------------------

export const subdomainsList: PagedList<Domain, { domain: string }> = createPagedList<Domain, { domain: string }>(
  'domain-subdomains',
  ({ page, per_page }) => {
    const domain = drawerDomain(subdomainsList.$list);
    return domain ? listSubdomains(api, domain, { page, per_page }) : nothingToAsk(per_page);
  },
  { domain: '' },
);
followTasks(subdomainsList, ['ADD_SUBDOMAIN', 'DELETE_DOMAIN']);

/** Shows `domain`'s subdomains. */
export function showSubdomains(domain: string): void {
  if (subdomainsList.$list.get().filters.domain !== domain) subdomainsList.setFilters({ domain });
}

/** What the Add a Subdomain dialog offers: the group's addresses (full ones disabled) and the company's hosting accounts. */
export const $subdomainChoices = map<{ loading: boolean; ips: GroupIpAddress[]; accounts: HostingAccount[] }>({ loading: false, ips: [], accounts: [] });

/** The domain group of `domain`: the drawer's domain when it is the one, else asked for. */
async function groupOf(domain: string): Promise<string> {
  const open = $openDomain.get();
  if (open?.guid === domain && open.domain) return open.domain.group.guid;
  return (await getDomain(api, domain)).group.guid;
}

export async function loadSubdomainChoices(domain: string): Promise<void> {
  $subdomainChoices.setKey('loading', true);
  try {
    const [ips, accounts] = await Promise.all([
      groupOf(domain).then((group) => groupIpAddresses(api, group, { per_page: IP_LIST_MAX })),
      listHostingAccounts(api, { per_page: PICKER_PAGE_SIZE }),
    ]);
    $subdomainChoices.set({ loading: false, ips: ips.data, accounts: accounts.data });
  } catch (error) {
    $subdomainChoices.setKey('loading', false);
    toastError(error);
  }
}

/** The Add a Subdomain dialog's fields, as the person fills them. */
export interface SubdomainValues {
  subdomain: string;
  ip_address: string;
  hosting_account: string;
}

export const subdomainForm = createForm({
  schema: subdomainCreateSchema,
  input: (values: SubdomainValues) => values,
  send: (data) => createSubdomain(api, subdomainsList.$list.get().filters.domain, data),
  successToast: (answer) => answer.message,
  onSuccess: () => subdomainsList.load(1),
});

/** Deletes a subdomain with the domains' own call (spec part 2, 7.2 `DELETE /domains/{guid}/`). */
export async function removeSubdomain(guid: string): Promise<void> {
  try {
    toastSuccess((await deleteDomain(api, guid)).message);
  } catch (error) {
    toastError(error);
  }
  await subdomainsList.load();
}

/** Manage: the subdomain opens in the drawer in place of its parent. */
export const manageSubdomain = (guid: string) => openDomain(guid);

// ---- Email forwarders ------------------------------------------------------------------------

export const forwardersList: PagedList<EmailForwarder, { domain: string }> = createPagedList<EmailForwarder, { domain: string }>(
  'domain-email-addresses',
  ({ page, per_page }) => {
    const domain = drawerDomain(forwardersList.$list);
    return domain ? listForwarders(api, domain, { page, per_page }) : nothingToAsk(per_page);
  },
  { domain: '' },
);
followTasks(forwardersList, ['ADD_EMAIL_FORWARDER', 'DELETE_EMAIL_FORWARDER']);

export function showForwarders(domain: string): void {
  if (forwardersList.$list.get().filters.domain !== domain) forwardersList.setFilters({ domain });
}

/** The Add Email Address dialog's fields. */
export interface ForwarderValues {
  email_address: string;
  forward_to_email_address: string;
}

export const forwarderForm = createForm({
  schema: forwarderCreateSchema,
  input: (values: ForwarderValues) => ({ ...values, email_address_type: 'FORWARDER' as const }),
  send: (data) => createForwarder(api, forwardersList.$list.get().filters.domain, data),
  successToast: (answer) => answer.message,
  onSuccess: () => forwardersList.load(1),
});

export async function removeForwarder(guid: string): Promise<void> {
  try {
    toastSuccess((await deleteForwarder(api, guid)).message);
  } catch (error) {
    toastError(error);
  }
  await forwardersList.load();
}
