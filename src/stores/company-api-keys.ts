import { atom } from 'nanostores';
import type { ApiKey } from '../lib/api/company';
import { createApiKey, deleteApiKey, listApiKeys, updateCompanyUser } from '../lib/requests/company';
import { apiKeyCreateSchema, companyUserUpdateSchema, type ApiKeyCreateInput, type CompanyUserUpdateInput } from '../lib/schemas/company';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { pageApi, pageCompany } from './company-page';
import { toastError, toastSuccess } from './toasts';

/** The API Keys tab's table (spec part 3, 2.9 API Keys). */
export const apiKeysList = createPagedList<ApiKey>('company-api-keys', (query) => listApiKeys(pageApi(), pageCompany(), query));

const reload = () => apiKeysList.load();

/** What the create and edit dialogs hold: the addresses as the textarea shows them, one a line. */
export interface ApiKeyValues {
  name: string;
  allowed_ip_addresses: string;
  /** YYYY-MM-DD from a date field; empty: never expires. */
  date_expires: string;
  permissions: string[];
}

export const NEW_API_KEY: ApiKeyValues = { name: '', allowed_ip_addresses: '', date_expires: '', permissions: [] };

/** The token of the key just created, shown once (spec part 3, 4 'API key'); null when none is on show. */
export const $newToken = atom<{ name: string; token: string } | null>(null);

/** Create API key: the token comes back this once and goes to the dialog that shows it. */
export const createApiKeyForm = createForm<typeof apiKeyCreateSchema, Awaited<ReturnType<typeof createApiKey>>, ApiKeyValues>({
  schema: apiKeyCreateSchema,
  input: (v): ApiKeyCreateInput => ({ name: v.name, allowed_ip_addresses: v.allowed_ip_addresses, date_expires: v.date_expires || null, permissions: v.permissions }),
  send: (input) => createApiKey(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
  onSuccess: (answer, data) => {
    $newToken.set({ name: data.name, token: answer.token });
    return reload();
  },
});

export interface ApiKeyEditValues extends ApiKeyValues {
  userGuid: string;
}

export const editValuesOfKey = (key: ApiKey): ApiKeyEditValues => ({
  userGuid: key.user_id,
  name: key.name,
  allowed_ip_addresses: key.allowed_ip_addresses.join('\n'),
  date_expires: key.date_expires ? key.date_expires.slice(0, 10) : '',
  permissions: [...key.permissions],
});

/** Edit goes through the user call with `api_key` (spec part 3, 7). */
export const editApiKeyForm = createForm<typeof companyUserUpdateSchema, Awaited<ReturnType<typeof updateCompanyUser>>, ApiKeyEditValues>({
  schema: companyUserUpdateSchema,
  input: (v): CompanyUserUpdateInput => ({
    permissions: v.permissions,
    api_key: { name: v.name, allowed_ip_addresses: v.allowed_ip_addresses, date_expires: v.date_expires || null },
  }),
  send: (input, values) => updateCompanyUser(pageApi(), pageCompany(), values.userGuid, input),
  successToast: (answer) => answer.message,
  onSuccess: reload,
});

export const $deletingKey = atom<string | null>(null);

export async function removeApiKey(guid: string): Promise<void> {
  $deletingKey.set(guid);
  try {
    toastSuccess((await deleteApiKey(pageApi(), pageCompany(), guid)).message);
    await reload();
  } catch (error) {
    toastError(error);
  } finally {
    $deletingKey.set(null);
  }
}
