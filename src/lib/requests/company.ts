import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  createApiKeyOp,
  createCompanyUserOp,
  deleteApiKeyOp,
  deleteCompanyUserOp,
  getCompanyUserOp,
  inviteCompanyUserOp,
  listApiKeyPermissionsOp,
  listApiKeysOp,
  listCompanyUsersOp,
  updateCompanyProfileOp,
  updateCompanyUserOp,
  updateInvoiceNotesOp,
} from '../api/company';
import type { CompanyListQuery as Paging } from '../api/company';
import type { ApiKeyCreateInput, CompanyProfileInput, CompanyUserUpdateInput, CreateUserInput, InviteUserInput, InvoiceNotesInput } from '../schemas/company';

/** Where each call of the company area's profile, users and API keys lives (spec part 3, 7 'Company area'). */
export const companyRoutes = {
  updateProfile: { id: 'company.profile.update', method: 'post', path: '/account/companies/{guid}/' },
  updateInvoiceNotes: { id: 'company.invoice_notes.update', method: 'post', path: '/account/companies/{guid}/invoice-notes/' },
  listUsers: { id: 'company.users.list', method: 'get', path: '/account/companies/{guid}/users/' },
  createUser: { id: 'company.users.create', method: 'post', path: '/account/companies/{guid}/users/' },
  getUser: { id: 'company.users.get', method: 'get', path: '/account/companies/{guid}/users/{userGuid}/' },
  updateUser: { id: 'company.users.update', method: 'post', path: '/account/companies/{guid}/users/{userGuid}/' },
  deleteUser: { id: 'company.users.delete', method: 'delete', path: '/account/companies/{guid}/users/{userGuid}/' },
  inviteUser: { id: 'company.invitations.create', method: 'post', path: '/account/companies/{guid}/invitations/' },
  listApiKeyPermissions: { id: 'company.api_keys.permissions', method: 'get', path: '/account/companies/{guid}/api/permissions/' },
  listApiKeys: { id: 'company.api_keys.list', method: 'get', path: '/account/companies/{guid}/api/' },
  createApiKey: { id: 'company.api_keys.create', method: 'post', path: '/account/companies/{guid}/api/' },
  deleteApiKey: { id: 'company.api_keys.delete', method: 'delete', path: '/account/companies/{guid}/api/{keyGuid}/' },
} as const;

export const updateCompanyProfile = (api: Api, guid: string, body: CompanyProfileInput) =>
  call<typeof updateCompanyProfileOp>(api, companyRoutes.updateProfile, { params: { guid }, body });
export const updateInvoiceNotes = (api: Api, guid: string, body: InvoiceNotesInput) =>
  call<typeof updateInvoiceNotesOp>(api, companyRoutes.updateInvoiceNotes, { params: { guid }, body });
export const listCompanyUsers = (api: Api, guid: string, query: Paging) => call<typeof listCompanyUsersOp>(api, companyRoutes.listUsers, { params: { guid }, query });
export const createCompanyUser = (api: Api, guid: string, body: CreateUserInput) => call<typeof createCompanyUserOp>(api, companyRoutes.createUser, { params: { guid }, body });
export const getCompanyUser = (api: Api, guid: string, userGuid: string) => call<typeof getCompanyUserOp>(api, companyRoutes.getUser, { params: { guid, userGuid } });
export const updateCompanyUser = (api: Api, guid: string, userGuid: string, body: CompanyUserUpdateInput) =>
  call<typeof updateCompanyUserOp>(api, companyRoutes.updateUser, { params: { guid, userGuid }, body });
export const deleteCompanyUser = (api: Api, guid: string, userGuid: string) => call<typeof deleteCompanyUserOp>(api, companyRoutes.deleteUser, { params: { guid, userGuid } });
export const inviteCompanyUser = (api: Api, guid: string, body: InviteUserInput) => call<typeof inviteCompanyUserOp>(api, companyRoutes.inviteUser, { params: { guid }, body });
export const listApiKeyPermissions = (api: Api, guid: string) => call<typeof listApiKeyPermissionsOp>(api, companyRoutes.listApiKeyPermissions, { params: { guid } });
export const listApiKeys = (api: Api, guid: string, query: Paging) => call<typeof listApiKeysOp>(api, companyRoutes.listApiKeys, { params: { guid }, query });
export const createApiKey = (api: Api, guid: string, body: ApiKeyCreateInput) => call<typeof createApiKeyOp>(api, companyRoutes.createApiKey, { params: { guid }, body });
export const deleteApiKey = (api: Api, guid: string, keyGuid: string) => call<typeof deleteApiKeyOp>(api, companyRoutes.deleteApiKey, { params: { guid, keyGuid } });
