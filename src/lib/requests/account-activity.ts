import type { Api } from '../api/client';
import { call } from '../api/send';
import type { AccountListQuery, EmailListQuery, getEmailOp, listEmailsOp, listLoginsOp, listLogsOp } from '../api/account-activity';

/** Where each call of this area lives: written once here, spread into its definition in ../api/account-activity.ts. */
export const accountActivityRoutes = {
  listEmails: { id: 'account.emails.list', method: 'get', path: '/account/emails/' },
  getEmail: { id: 'account.emails.get', method: 'get', path: '/account/emails/{guid}/' },
  listLogins: { id: 'account.logins.list', method: 'get', path: '/account/logins/' },
  listLogs: { id: 'account.logs.list', method: 'get', path: '/account/logs/' },
} as const;

export const listEmails = (api: Api, query: EmailListQuery) => call<typeof listEmailsOp>(api, accountActivityRoutes.listEmails, { query });
export const getEmail = (api: Api, guid: string) => call<typeof getEmailOp>(api, accountActivityRoutes.getEmail, { params: { guid } });
export const listLogins = (api: Api, query: AccountListQuery) => call<typeof listLoginsOp>(api, accountActivityRoutes.listLogins, { query });
export const listLogs = (api: Api, query: AccountListQuery) => call<typeof listLogsOp>(api, accountActivityRoutes.listLogs, { query });
