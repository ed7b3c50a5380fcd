import { atom, map } from 'nanostores';
import type { CompanyUser } from '../lib/api/company';
import { createCompanyUser, deleteCompanyUser, inviteCompanyUser, listCompanyUsers, updateCompanyUser } from '../lib/requests/company';
import { listDomainGroups } from '../lib/requests/domains';
import { listHostingAccounts } from '../lib/requests/hosting';
import { listIpGroups } from '../lib/requests/ip-addresses';
import { listPresets } from '../lib/requests/presets';
import { companyUserUpdateSchema, createUserSchema, inviteUserSchema, type CompanyUserUpdateInput, type UserAccountType } from '../lib/schemas/company';
import { PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { pageApi, pageCompany } from './company-page';
import { toastError, toastSuccess } from './toasts';

/** The Users tab's table (spec part 3, 2.9 Users): the people of the page's company. */
export const companyUsersList = createPagedList<CompanyUser>('company-users', (query) => listCompanyUsers(pageApi(), pageCompany(), query));

const reload = () => companyUsersList.load();

/** Invite user (spec part 3, 5 'Invite user'). */
export const inviteUserForm = createForm({
  schema: inviteUserSchema,
  send: (input) => inviteCompanyUser(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
});

/** Create user (spec part 3, 5 'Create user'): the new person joins as STAFF without permissions. */
export const createUserForm = createForm({
  schema: createUserSchema,
  send: (input) => createCompanyUser(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
  onSuccess: reload,
});

/** What the edit dialog holds: the member it edits and every field it saves. */
export interface UserEditValues {
  userGuid: string;
  account_type: UserAccountType;
  status: 'ACTIVE' | 'DISABLED';
  permissions: string[];
  allowed_ip_groups: string[];
  allowed_domain_groups: string[];
  allowed_hosting_accounts: string[];
  allowed_software_presets: string[];
}

export const editableAccountType = (type: string): UserAccountType => (type === 'ADMIN' || type === 'CUSTOMER' ? type : 'STAFF');

export const editValuesOf = (member: CompanyUser): UserEditValues => ({
  userGuid: member.user.guid,
  account_type: editableAccountType(member.account_type),
  status: member.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
  permissions: [...member.permissions],
  allowed_ip_groups: [...member.allowed_ip_groups],
  allowed_domain_groups: [...member.allowed_domain_groups],
  allowed_hosting_accounts: [...member.allowed_hosting_accounts],
  allowed_software_presets: [...member.allowed_software_presets],
});

/** The edit dialog's save (spec part 3, 7: account type, status, permissions, allowed_* lists). */
export const editUserForm = createForm<typeof companyUserUpdateSchema, Awaited<ReturnType<typeof updateCompanyUser>>, UserEditValues>({
  schema: companyUserUpdateSchema,
  input: ({ userGuid: _user, ...rest }): CompanyUserUpdateInput => rest,
  send: (input, values) => updateCompanyUser(pageApi(), pageCompany(), values.userGuid, input),
  successToast: (answer) => answer.message,
  onSuccess: reload,
});

/** The row being deleted, so its buttons show busy. */
export const $deletingUser = atom<string | null>(null);

export async function removeCompanyUser(userGuid: string): Promise<void> {
  $deletingUser.set(userGuid);
  try {
    toastSuccess((await deleteCompanyUser(pageApi(), pageCompany(), userGuid)).message);
    await reload();
  } catch (error) {
    toastError(error);
  } finally {
    $deletingUser.set(null);
  }
}

export interface PickerChoice {
  value: string;
  label: string;
}

/** The access restriction pickers' choices (spec part 3, 7: page 1, size 9999, active groups). */
export interface RestrictionChoices {
  loaded: boolean;
  ipGroups: PickerChoice[];
  domainGroups: PickerChoice[];
  hostingAccounts: PickerChoice[];
  softwarePresets: PickerChoice[];
}

export const $restrictionChoices = map<RestrictionChoices>({ loaded: false, ipGroups: [], domainGroups: [], hostingAccounts: [], softwarePresets: [] });

/** A list the viewer may not read offers nothing to pick; the dialog still works. */
const orNone = async <T>(load: () => Promise<{ data: T[] }>): Promise<T[]> => {
  try {
    return (await load()).data;
  } catch {
    return [];
  }
};

export async function loadRestrictionChoices(): Promise<void> {
  const api = pageApi();
  const [ip, domain, hosting, presets] = await Promise.all([
    orNone(() => listIpGroups(api, { page: 1, per_page: PICKER_PAGE_SIZE })),
    orNone(() => listDomainGroups(api, { page: 1, per_page: PICKER_PAGE_SIZE })),
    orNone(() => listHostingAccounts(api, { page: 1, per_page: PICKER_PAGE_SIZE })),
    orNone(() => listPresets(api, { page: 1, per_page: 100 })),
  ]);
  $restrictionChoices.set({
    loaded: true,
    ipGroups: ip.filter((g) => !('status' in g) || g.status === 'ACTIVE').map((g) => ({ value: g.guid, label: g.name })),
    domainGroups: domain.filter((g) => !('status' in g) || g.status === 'ACTIVE').map((g) => ({ value: g.guid, label: g.name })),
    hostingAccounts: hosting.map((h) => ({ value: h.guid, label: h.name })),
    softwarePresets: presets.map((p) => ({ value: p.guid, label: p.name })),
  });
}
