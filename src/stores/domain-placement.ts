import { map } from 'nanostores';
import type { GroupIpAddress } from '../lib/api/domains';
import type { HostingAccount } from '../lib/api/hosting';
import type { Signature } from '../lib/api/ip-addresses';
import { createInCpanel, groupIpAddresses, modifyHosting, modifyIp } from '../lib/requests/domains';
import { listHostingAccounts } from '../lib/requests/hosting';
import { listSignatures } from '../lib/requests/ip-addresses';
import { modifyHostingSchema, modifyIpSchema } from '../lib/schemas/domain-placement';
import { IP_LIST_MAX, PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { api } from './api';
import { $openDomain, domainsList, openDomain } from './domains';
import { createForm } from './form';
import { can } from './permissions';
import { toastError, toastSuccess } from './toasts';

const domain = () => $openDomain.get()?.guid ?? '';

async function refresh(): Promise<void> {
  await Promise.all([openDomain(domain()), domainsList.load()]);
}

/** What the Modify IP Address and Modify Hosting Account dialogs offer. */
export const $placementChoices = map<{ loading: boolean; ips: GroupIpAddress[]; signatures: Signature[]; accounts: HostingAccount[] }>({
  loading: false,
  ips: [],
  signatures: [],
  accounts: [],
});

export async function loadIpChoices(group: string): Promise<void> {
  $placementChoices.setKey('loading', true);
  try {
    const [ips, signatures] = await Promise.all([
      groupIpAddresses(api, group, { per_page: IP_LIST_MAX }),
      can('can_view_ip_addresses') ? listSignatures(api, { per_page: IP_LIST_MAX }) : Promise.resolve({ data: [] as Signature[] }),
    ]);
    $placementChoices.set({ ...$placementChoices.get(), loading: false, ips: ips.data, signatures: signatures.data });
  } catch (error) {
    $placementChoices.setKey('loading', false);
    toastError(error);
  }
}

export async function loadAccountChoices(): Promise<void> {
  $placementChoices.setKey('loading', true);
  try {
    const accounts = await listHostingAccounts(api, { per_page: PICKER_PAGE_SIZE });
    $placementChoices.set({ ...$placementChoices.get(), loading: false, accounts: accounts.data });
  } catch (error) {
    $placementChoices.setKey('loading', false);
    toastError(error);
  }
}

export const ipForm = createForm({
  schema: modifyIpSchema,
  send: (input) => modifyIp(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: refresh,
});

export const hostingForm = createForm({
  schema: modifyHostingSchema,
  send: (input) => modifyHosting(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: refresh,
});

export async function addToCpanel(guid: string): Promise<void> {
  try {
    toastSuccess((await createInCpanel(api, guid)).message);
    await refresh();
  } catch (error) {
    toastError(error);
  }
}
