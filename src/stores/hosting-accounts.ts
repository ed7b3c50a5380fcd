import { atom } from 'nanostores';
import type { HostingAccount, HostingAccountDetail, HostingDomain } from '../lib/api/hosting';
import {
  changeCpanelPassword,
  createCustomHost,
  deleteHostingAccount,
  getHostingAccount,
  hostingCpanelLogin,
  listHostingAccountDomains,
  listHostingAccounts,
  revealCpanelPassword,
  updateHostingAccount,
} from '../lib/requests/hosting';
import { cpanelChangeFormSchema, cpanelRevealSchema, customHostSchema, hostingRenameSchema, type DestinationType } from '../lib/schemas/hosting-accounts';
import { api } from './api';
import { environment } from './environment';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { navigate } from './router';
import { pushToast, toastError, toastSuccess } from './toasts';

/** Spec part 3, 8: what a failed load of the account page says. */
export const LOAD_FAILED = 'Something went wrong!';

/** The Hosting Accounts list (spec part 3, 2.8). */
export const hostingAccountsList = createPagedList<HostingAccount>('hosting-accounts', (q) => listHostingAccounts(api, q));

/** The account page's domains table, paged on the server. */
export const hostingDomainsList = createPagedList<HostingDomain, { account: string }>(
  'hosting-account-domains',
  (q) => (q.account ? listHostingAccountDomains(api, q.account, { page: q.page, per_page: q.per_page }) : Promise.resolve({ data: [], page: 1, per_page: q.per_page, total: 0 })),
  { account: '' },
);

export interface AccountPageState {
  guid: string;
  loading: boolean;
  account: HostingAccountDetail | null;
}
/** The account the page shows; a failed load says 'Something went wrong!' and leaves it null. */
export const $hostingAccount = atom<AccountPageState>({ guid: '', loading: false, account: null });
/** The cPanel password once revealed, for the account it belongs to (cleared when the page changes). */
export const $cpanelPassword = atom<{ guid: string; password: string } | null>(null);

const currentGuid = () => $hostingAccount.get().guid;
function showAccount(account: HostingAccountDetail): void {
  if (currentGuid() === account.guid) $hostingAccount.set({ guid: account.guid, loading: false, account });
}

export async function loadHostingAccount(guid: string): Promise<void> {
  const current = $hostingAccount.get();
  $hostingAccount.set({ guid, loading: true, account: current.guid === guid ? current.account : null });
  if ($cpanelPassword.get()?.guid !== guid) $cpanelPassword.set(null);
  try {
    const { data } = await getHostingAccount(api, guid);
    showAccount(data);
  } catch {
    if (currentGuid() === guid) $hostingAccount.set({ guid, loading: false, account: null });
    pushToast('error', LOAD_FAILED);
  }
}

/** Rename (spec part 3, 2.8; 5 'Please enter your account name!'). */
export const renameForm = createForm({
  schema: hostingRenameSchema,
  send: (data) => updateHostingAccount(api, currentGuid(), { name: data.name }),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    showAccount(answer.data);
    void hostingAccountsList.load();
  },
});

/** The domain deletion switch, after its confirmation ('Domain deletion successfully enabled!' / '...disabled!'). */
export async function setDomainDeletion(guid: string, allow: boolean): Promise<void> {
  try {
    const answer = await updateHostingAccount(api, guid, { allow_domain_deletion: allow });
    toastSuccess(answer.message);
    showAccount(answer.data);
  } catch (error) {
    toastError(error);
  }
}

/** View cPanel password: the user's own account password first; the answer shows in the dialog. */
export const revealForm = createForm({
  schema: cpanelRevealSchema,
  send: (data) => revealCpanelPassword(api, currentGuid(), data),
  onSuccess: (answer) => $cpanelPassword.set({ guid: currentGuid(), password: answer.password }),
});

/** Change cPanel password: current, new, repeat ('Your new passwords do not match!'). */
export const changePasswordForm = createForm({
  schema: cpanelChangeFormSchema,
  send: (data) => changeCpanelPassword(api, currentGuid(), data),
  successToast: (answer) => answer.message,
  // A password revealed earlier is the old one now.
  onSuccess: () => $cpanelPassword.set(null),
});

/**
 * cPanel Login (spec part 3, 2.8: "opens a new tab"): the tab opens at the click, before the link
 * is asked for, so no popup blocker stops it, and closes again if the link is refused.
 */
export async function openCpanel(guid: string): Promise<void> {
  const tab = environment().openTab();
  try {
    const { redirect_url } = await hostingCpanelLogin(api, guid);
    tab.show(redirect_url);
  } catch (error) {
    tab.close();
    toastError(error);
  }
}

/** Delete a custom host ('Hosting account successfully deleted!'); from its page, back to the list. */
export async function deleteCustomHost(guid: string, fromItsPage: boolean): Promise<void> {
  try {
    toastSuccess((await deleteHostingAccount(api, guid)).message);
    // The list may hold the account from before this page opened: it is asked again either way.
    if (fromItsPage) navigate('/hosting');
    await hostingAccountsList.load();
  } catch (error) {
    toastError(error);
  }
}

export interface CustomHostValues {
  name: string;
  destination_type: DestinationType;
  hostname: string;
  ip_address: string;
}
export const NEW_CUSTOM_HOST: CustomHostValues = { name: '', destination_type: 'IP_ADDRESS', hostname: '', ip_address: '' };

/** Own Server (spec part 3, 5 "Custom host"): only the address of the chosen type is sent. */
export const customHostForm = createForm({
  schema: customHostSchema,
  input: (v: CustomHostValues) => ({
    name: v.name,
    destination_type: v.destination_type,
    hostname: v.destination_type === 'HOSTNAME' ? v.hostname : null,
    ip_address: v.destination_type === 'IP_ADDRESS' ? v.ip_address : null,
  }),
  send: (data) => createCustomHost(api, data),
  successToast: (answer) => answer.message,
  onSuccess: () => hostingAccountsList.load(),
});
