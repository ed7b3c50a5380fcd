import type { Api } from '../api/client';
import { call, withIdempotencyKey } from '../api/send';
import type {
  acceptInvitationOp,
  changePasswordOp,
  closeTodoListOp,
  completeTodoItemOp,
  createCompanyOp,
  getCompanyOp,
  getInvitationCodeOp,
  getProfileOp,
  listCompaniesOp,
  listInvitationsOp,
  makeDefaultCompanyOp,
  revokeInvitationOp,
  updatePreferenceOp,
  updateProfileOp,
} from '../api/account';
import type { AccountListQuery } from '../api/account-activity';
import type { CompanyCreateInput, PasswordChangeInput, PreferenceInput, ProfileInput } from '../schemas/account';
import type { AccountSetupInput } from '../schemas/notices';

/** Where each call of this area lives: written once here, spread into its definition in ../api/account.ts. */
export const accountRoutes = {
  getProfile: { id: 'account.profile.get', method: 'get', path: '/account/profile/' },
  updateProfile: { id: 'account.profile.update', method: 'post', path: '/account/profile/' },
  changePassword: { id: 'account.password.change', method: 'post', path: '/account/password/' },
  updatePreference: { id: 'account.preferences.update', method: 'post', path: '/account/profile/preferences/' },
  listCompanies: { id: 'account.companies.list', method: 'get', path: '/account/companies/' },
  createCompany: { id: 'account.companies.create', method: 'post', path: '/account/companies/' },
  getCompany: { id: 'auth.companies.get', method: 'get', path: '/account/companies/{guid}/' },
  makeDefaultCompany: { id: 'account.companies.make_default', method: 'get', path: '/account/companies/{guid}/make_default/' },
  listInvitations: { id: 'account.invitations.list', method: 'get', path: '/account/invitations/' },
  getInvitationCode: { id: 'account.invitations.code', method: 'get', path: '/account/invitations/code/' },
  revokeInvitation: { id: 'account.invitations.revoke', method: 'delete', path: '/account/invitations/{guid}/' },
  acceptInvitation: { id: 'account.invitations.accept', method: 'post', path: '/account/invitations/{guid}/accept/' },
  completeTodoItem: { id: 'shell.todo.complete', method: 'post', path: '/account/account-setup/' },
  closeTodoList: { id: 'shell.todo.close', method: 'delete', path: '/account/account-setup/' },
} as const;

export const getProfile = (api: Api) => call<typeof getProfileOp>(api, accountRoutes.getProfile);
export const updateProfile = (api: Api, input: ProfileInput) => call<typeof updateProfileOp>(api, accountRoutes.updateProfile, { body: input });
export const changePassword = (api: Api, input: PasswordChangeInput) => call<typeof changePasswordOp>(api, accountRoutes.changePassword, { body: input });
export const updatePreference = (api: Api, input: PreferenceInput) => call<typeof updatePreferenceOp>(api, accountRoutes.updatePreference, { body: input });
export const listCompanies = (api: Api, query: AccountListQuery) => call<typeof listCompaniesOp>(api, accountRoutes.listCompanies, { query });
export const createCompany = (api: Api, input: CompanyCreateInput, idempotencyKey?: string) =>
  call<typeof createCompanyOp>(api, accountRoutes.createCompany, { body: input }, withIdempotencyKey(idempotencyKey));
export const getCompany = (api: Api, guid: string) => call<typeof getCompanyOp>(api, accountRoutes.getCompany, { params: { guid } });
export const makeDefaultCompany = (api: Api, guid: string) => call<typeof makeDefaultCompanyOp>(api, accountRoutes.makeDefaultCompany, { params: { guid } });
export const listInvitations = (api: Api, query: AccountListQuery) => call<typeof listInvitationsOp>(api, accountRoutes.listInvitations, { query });
export const getInvitationCode = (api: Api) => call<typeof getInvitationCodeOp>(api, accountRoutes.getInvitationCode);
export const revokeInvitation = (api: Api, guid: string) => call<typeof revokeInvitationOp>(api, accountRoutes.revokeInvitation, { params: { guid } });
export const acceptInvitation = (api: Api, guid: string) => call<typeof acceptInvitationOp>(api, accountRoutes.acceptInvitation, { params: { guid } });
/** Ticks one step of the account set-up to-do list; answers the list as it now is. */
export const completeTodoItem = (api: Api, input: AccountSetupInput) => call<typeof completeTodoItemOp>(api, accountRoutes.completeTodoItem, { body: input });
/** Closes the to-do list for good. */
export const closeTodoList = (api: Api) => call<typeof closeTodoListOp>(api, accountRoutes.closeTodoList);
