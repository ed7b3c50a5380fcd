import type { Api } from '../api/client';
import { call } from '../api/send';
import type { listCompanyLogsOp } from '../api/company-logs';
import type { AccountListQuery } from '../api/account-activity';

/** Where each call of this area lives: written once here, spread into its definition in ../api/company-logs.ts. */
export const companyLogsRoutes = {
  listLogs: { id: 'company.logs.list', method: 'get', path: '/account/companies/{guid}/logs/' },
} as const;

export const listCompanyLogs = (api: Api, guid: string, query: AccountListQuery) => call<typeof listCompanyLogsOp>(api, companyLogsRoutes.listLogs, { params: { guid }, query });
