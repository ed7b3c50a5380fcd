import { z } from 'zod';
import { companyContactsRoutes } from '../requests/company-contacts';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { accountListQuery } from './account-activity';
import { CONTACT_NOT_FOUND, CONTACT_SCOPES, contactCreateSchema, contactResendSchema, contactUpdateSchema } from '../schemas/company-contacts';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** Company > Contacts (spec part 3, 2.9, 3 "Contact", 4, 5, 6, 7). */
export const contact = z
  .object({
    guid: z.guid(),
    first_name: z.string(),
    last_name: z.string(),
    email_address: z.string(),
    /** VERIFICATION until the emailed link and code are entered, then ACTIVE. */
    status: z.string(),
    date_created: z.iso.datetime(),
    can_be_disabled: z.boolean(),
    /** Empty: every email, transactional ones included. */
    selected_events: z.array(z.string()),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contact>;

const area = 'company';
const own = { area, customers: false } as const;
const companyParams = z.object({ guid: guidParam });
const contactParams = z.object({ guid: guidParam, id: guidParam });
const withContact = messageAnswer.extend({ contact });

export const listContactsOp = defineOperation({
  ...companyContactsRoutes.listContacts,
  ...own,
  summary: "The company's contacts, oldest first",
  params: companyParams,
  query: accountListQuery,
  answer: pageOf(contact),
  scopes: CONTACT_SCOPES.view,
  notFound: COMPANY_NOT_FOUND,
  companyPath: COMPANY_NOT_FOUND,
});
export const createContactOp = defineOperation({
  ...companyContactsRoutes.createContact,
  ...own,
  summary: 'Adds a contact in VERIFICATION and emails it the verification link and code',
  params: companyParams,
  companyPath: COMPANY_NOT_FOUND,
  body: contactCreateSchema,
  answer: withContact,
  status: 201,
  scopes: CONTACT_SCOPES.add,
  notFound: COMPANY_NOT_FOUND,
});
export const getContactOp = defineOperation({
  ...companyContactsRoutes.getContact,
  ...own,
  summary: 'One contact',
  params: contactParams,
  answer: contact,
  scopes: CONTACT_SCOPES.view,
  notFound: CONTACT_NOT_FOUND,
  companyPath: CONTACT_NOT_FOUND,
});
export const updateContactOp = defineOperation({
  ...companyContactsRoutes.updateContact,
  ...own,
  summary: 'Changes the names and events of a contact (its address cannot change)',
  params: contactParams,
  companyPath: CONTACT_NOT_FOUND,
  body: contactUpdateSchema,
  answer: withContact,
  scopes: CONTACT_SCOPES.edit,
  notFound: CONTACT_NOT_FOUND,
});
export const deleteContactOp = defineOperation({
  ...companyContactsRoutes.deleteContact,
  ...own,
  summary: 'Deletes a contact that can be disabled',
  params: contactParams,
  answer: messageAnswer,
  scopes: CONTACT_SCOPES.remove,
  notFound: CONTACT_NOT_FOUND,
  companyPath: CONTACT_NOT_FOUND,
});
export const resendContactOp = defineOperation({
  ...companyContactsRoutes.resendContact,
  ...own,
  summary: 'Sends a contact in VERIFICATION a new verification email',
  params: contactParams,
  companyPath: CONTACT_NOT_FOUND,
  body: contactResendSchema,
  answer: messageAnswer,
  scopes: CONTACT_SCOPES.edit,
  notFound: CONTACT_NOT_FOUND,
});
