import type { Api } from '../api/client';
import { call } from '../api/send';
import type { addVatOp, disableVatOp, listVatOp } from '../api/company-vat';
import type { AccountListQuery } from '../api/account-activity';
import type { VatAddInput } from '../schemas/company-vat';

/** Where each call of this area lives: written once here, spread into its definition in ../api/company-vat.ts. */
export const companyVatRoutes = {
  listVat: { id: 'company.vat.list', method: 'get', path: '/account/companies/{guid}/vat/' },
  addVat: { id: 'company.vat.add', method: 'post', path: '/account/companies/{guid}/vat/' },
  disableVat: { id: 'company.vat.disable', method: 'delete', path: '/account/companies/{guid}/vat/{vatGuid}/' },
} as const;

export const listVat = (api: Api, guid: string, query: AccountListQuery) => call<typeof listVatOp>(api, companyVatRoutes.listVat, { params: { guid }, query });
export const addVat = (api: Api, guid: string, body: VatAddInput) => call<typeof addVatOp>(api, companyVatRoutes.addVat, { params: { guid }, body });
export const disableVat = (api: Api, guid: string, vatGuid: string) => call<typeof disableVatOp>(api, companyVatRoutes.disableVat, { params: { guid, vatGuid } });
