import { z } from 'zod';
import { companyRoutes } from '../requests/company';
import { COMPANY_SCOPES } from '../rules/company-tabs';
import { pagingSchema } from '../schemas/lists';
import {
  API_KEY_NOT_FOUND,
  COMPANY_NOT_FOUND,
  USER_NOT_FOUND,
  apiKeyCreateSchema,
  companyProfileSchema,
  companyUserUpdateSchema,
  createUserSchema,
  inviteUserSchema,
  invoiceNotesSchema,
} from '../schemas/company';
import { companyDetail } from './account';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';

/**
 * The company area's profile, users and permissions, and API keys (spec part 3, 2.9, 3, 6, 7).
 * Every path names the company; it must be the company of the request (the `Company` header),
 * else 404, so a member of two companies manages each with that company's permissions.
 */

export const companyListQuery = pagingSchema();
export type CompanyListQuery = z.input<typeof companyListQuery>;

export const apiKey = z
  .object({
    guid: z.guid(),
    name: z.string(),
    /** The key's own user, whose membership holds its permissions. */
    user_id: z.guid(),
    date_created: z.iso.datetime(),
    /** Null: the key never expires. */
    date_expires: z.iso.datetime().nullable(),
    allowed_ip_addresses: z.array(z.string()),
    permissions: z.array(z.string()),
    /** When and from where the key was last accepted (to the minute); null until first used. */
    date_last_used: z.iso.datetime().nullable(),
    last_used_ip_address: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKey>;

export const companyUser = z
  .object({
    user: z.object({ guid: z.guid(), first_name: z.string(), last_name: z.string(), email: z.string() }),
    /** OWNER, ADMIN, STAFF, CUSTOMER (also BILLING from older data), or API_USER for a key. */
    account_type: z.string(),
    status: z.string(),
    date_created: z.iso.datetime(),
    permissions: z.array(z.string()),
    allowed_ip_groups: z.array(z.guid()),
    allowed_domain_groups: z.array(z.guid()),
    allowed_hosting_accounts: z.array(z.guid()),
    allowed_software_presets: z.array(z.guid()),
    /** The key, for an API key's user. */
    api_key: apiKey.nullable(),
    /** The viewer themselves: they may not edit or delete their own membership. */
    is_self: z.boolean(),
  })
  .meta({ id: 'CompanyUser' });
export type CompanyUser = z.infer<typeof companyUser>;

const area = 'company';
/** The company area is closed to customer accounts (spec part 3, 6). */
const members = { area, customers: false } as const;
/** Who joins a company and what keys exist are a person's decisions: a key could otherwise mint a wider key. */
const people = { ...members, apiKeys: false } as const;
const companyParams = { params: z.object({ guid: guidParam }), notFound: COMPANY_NOT_FOUND, companyPath: COMPANY_NOT_FOUND } as const;
const userParams = { params: z.object({ guid: guidParam, userGuid: guidParam }), notFound: USER_NOT_FOUND, companyPath: COMPANY_NOT_FOUND } as const;

export const updateCompanyProfileOp = defineOperation({
  ...companyRoutes.updateProfile,
  ...members,
  summary: "Changes the company's name and address",
  scopes: ['can_view_company_info', 'can_edit_company_profile'],
  ...companyParams,
  body: companyProfileSchema,
  answer: z.object({ message: z.string(), company: companyDetail }),
});
export const updateInvoiceNotesOp = defineOperation({
  ...companyRoutes.updateInvoiceNotes,
  ...members,
  summary: "Sets the notes printed on the company's new invoices",
  scopes: ['can_view_company_info', 'can_edit_company_profile'],
  ...companyParams,
  body: invoiceNotesSchema,
  answer: z.object({ message: z.string(), invoice_notes: z.string().nullable() }),
});

export const listCompanyUsersOp = defineOperation({
  ...companyRoutes.listUsers,
  ...members,
  summary: "The company's people (API keys are listed apart), oldest first",
  scopes: ['can_view_company_info', 'can_view_company_users'],
  ...companyParams,
  query: companyListQuery,
  answer: pageOf(companyUser),
});
export const createCompanyUserOp = defineOperation({
  ...companyRoutes.createUser,
  ...people,
  summary: 'Creates an account and makes it a STAFF member without permissions',
  scopes: ['can_view_company_info', 'can_view_company_users', 'can_add_company_users'],
  ...companyParams,
  body: createUserSchema,
  answer: z.object({ message: z.string(), user: companyUser }),
  status: 201,
});
/** A person needs can_view_company_users, an API key's user can_view_api_keys (checked by the handler). */
export const getCompanyUserOp = defineOperation({
  ...companyRoutes.getUser,
  ...members,
  summary: 'One member of the company, a person or an API key',
  scopes: ['can_view_company_info'],
  ...userParams,
  answer: companyUser,
});
/** A person needs can_edit_company_users, an API key's user can_create_api_keys (checked by the handler). */
export const updateCompanyUserOp = defineOperation({
  ...companyRoutes.updateUser,
  ...people,
  summary: "Changes a member's account type, status, permissions and access restrictions, or an API key",
  scopes: ['can_view_company_info'],
  ...userParams,
  body: companyUserUpdateSchema,
  answer: z.object({ message: z.string(), user: companyUser }),
});
export const deleteCompanyUserOp = defineOperation({
  ...companyRoutes.deleteUser,
  ...people,
  summary: 'Removes a person from the company (their account stays)',
  scopes: COMPANY_SCOPES.deleteUsers,
  ...userParams,
  answer: messageAnswer,
});
export const inviteCompanyUserOp = defineOperation({
  ...companyRoutes.inviteUser,
  ...people,
  summary: 'Invites the user whose current invitation code is given',
  scopes: ['can_view_company_info', 'can_view_company_users', 'can_add_company_users'],
  ...companyParams,
  body: inviteUserSchema,
  answer: messageAnswer,
  status: 201,
});

export const listApiKeyPermissionsOp = defineOperation({
  ...companyRoutes.listApiKeyPermissions,
  ...members,
  summary: 'The permissions an API key can hold; the caller may grant only those they hold',
  scopes: ['can_view_company_info', 'can_view_api_keys'],
  ...companyParams,
  answer: z.object({ permissions: z.array(z.string()), grantable: z.array(z.string()) }),
});
export const listApiKeysOp = defineOperation({
  ...companyRoutes.listApiKeys,
  ...members,
  summary: "The company's API keys, newest first, with when and where each was last used",
  scopes: ['can_view_company_info', 'can_view_api_keys'],
  ...companyParams,
  query: companyListQuery,
  answer: pageOf(apiKey),
});
export const createApiKeyOp = defineOperation({
  ...companyRoutes.createApiKey,
  ...people,
  summary: 'Creates an API key; its token is answered this once',
  scopes: ['can_view_company_info', 'can_view_api_keys', 'can_create_api_keys'],
  ...companyParams,
  body: apiKeyCreateSchema,
  answer: z.object({ message: z.string(), guid: z.guid(), user_id: z.guid(), token: z.string() }),
  status: 201,
});
export const deleteApiKeyOp = defineOperation({
  ...companyRoutes.deleteApiKey,
  ...people,
  summary: 'Deletes an API key; its token stops working at once',
  scopes: ['can_view_company_info', 'can_view_api_keys', 'can_create_api_keys'],
  params: z.object({ guid: guidParam, keyGuid: guidParam }),
  companyPath: COMPANY_NOT_FOUND,
  notFound: API_KEY_NOT_FOUND,
  answer: messageAnswer,
});
