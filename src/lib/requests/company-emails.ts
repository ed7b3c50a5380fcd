import type { Api } from '../api/client';
import { call } from '../api/send';
import type { CompanyEmailListQuery, getCompanyEmailOp, listCompanyEmailsOp } from '../api/company-emails';

/** Where each call of this area lives: written once here, spread into its definition in ../api/company-emails.ts. */
export const companyEmailsRoutes = {
  listEmails: { id: 'company.emails.list', method: 'get', path: '/account/companies/{guid}/emails/' },
  getEmail: { id: 'company.emails.get', method: 'get', path: '/account/companies/{guid}/emails/{emailGuid}/' },
} as const;

export const listCompanyEmails = (api: Api, guid: string, query: CompanyEmailListQuery) =>
  call<typeof listCompanyEmailsOp>(api, companyEmailsRoutes.listEmails, { params: { guid }, query });
export const getCompanyEmail = (api: Api, guid: string, emailGuid: string) => call<typeof getCompanyEmailOp>(api, companyEmailsRoutes.getEmail, { params: { guid, emailGuid } });
