import type { Api } from '../api/client';
import { call } from '../api/send';
import type { listHostingAccountsOp } from '../api/hosting';

/** Where each call of this area lives: written once here, spread into its definition in ../api/hosting.ts. */
export const hostingRoutes = {
  listHostingAccounts: { id: 'hosting.accounts.list', method: 'get', path: '/hosting/accounts/' },
} as const;

export const listHostingAccounts = (api: Api, query: { page?: number; per_page?: number } = {}) => call<typeof listHostingAccountsOp>(api, hostingRoutes.listHostingAccounts, { query });
