import type { Api } from '../api/client';
import { call } from '../api/send';
import type { createContactOp, deleteContactOp, getContactOp, listContactsOp, resendContactOp, updateContactOp } from '../api/company-contacts';
import type { AccountListQuery } from '../api/account-activity';
import type { ContactCreateInput, ContactUpdateInput } from '../schemas/company-contacts';

/** Where each call of this area lives: written once here, spread into its definition in ../api/company-contacts.ts. */
export const companyContactsRoutes = {
  listContacts: { id: 'company.contacts.list', method: 'get', path: '/account/companies/{guid}/contacts/' },
  createContact: { id: 'company.contacts.create', method: 'post', path: '/account/companies/{guid}/contacts/' },
  getContact: { id: 'company.contacts.get', method: 'get', path: '/account/companies/{guid}/contacts/{id}/' },
  updateContact: { id: 'company.contacts.update', method: 'post', path: '/account/companies/{guid}/contacts/{id}/' },
  deleteContact: { id: 'company.contacts.delete', method: 'delete', path: '/account/companies/{guid}/contacts/{id}/' },
  resendContact: { id: 'company.contacts.resend', method: 'post', path: '/account/companies/{guid}/contacts/{id}/verification/' },
} as const;

export const listContacts = (api: Api, guid: string, query: AccountListQuery) => call<typeof listContactsOp>(api, companyContactsRoutes.listContacts, { params: { guid }, query });
export const createContact = (api: Api, guid: string, body: ContactCreateInput) =>
  call<typeof createContactOp>(api, companyContactsRoutes.createContact, { params: { guid }, body });
export const getContact = (api: Api, guid: string, id: string) => call<typeof getContactOp>(api, companyContactsRoutes.getContact, { params: { guid, id } });
export const updateContact = (api: Api, guid: string, id: string, body: ContactUpdateInput) =>
  call<typeof updateContactOp>(api, companyContactsRoutes.updateContact, { params: { guid, id }, body });
export const deleteContact = (api: Api, guid: string, id: string) => call<typeof deleteContactOp>(api, companyContactsRoutes.deleteContact, { params: { guid, id } });
export const resendContactVerification = (api: Api, guid: string, id: string) =>
  call<typeof resendContactOp>(api, companyContactsRoutes.resendContact, { params: { guid, id }, body: { resend_email: true } });
