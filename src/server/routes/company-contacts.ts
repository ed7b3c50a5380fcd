import { createContactOp, deleteContactOp, getContactOp, listContactsOp, resendContactOp, updateContactOp } from '../../lib/api/company-contacts';
import { CONTACT_CREATED, CONTACT_DELETED, CONTACT_RESENT, CONTACT_UPDATED } from '../../lib/schemas/company-contacts';
import { implement } from '../http/operation';
import { companyContact, contactJson, contactsPage, createContact, deleteContact, resendContactVerification, updateContact } from '../services/company-contacts';

/** Company > Contacts (spec part 3, 2.9, 3-7): list, create, one, edit, delete and resend the verification. */
export const companyContactOperations = [
  implement(listContactsOp, async (c, { query }) => contactsPage(c.var.deps.db, c.var.company.guid, query)),
  implement(createContactOp, async (c, { body }) => ({ message: CONTACT_CREATED, contact: contactJson(await createContact(c, body)) })),
  implement(getContactOp, async (c, { params }) => contactJson(await companyContact(c.var.deps.db, c.var.company.guid, params.id))),
  implement(updateContactOp, async (c, { params, body }) => ({ message: CONTACT_UPDATED, contact: contactJson(await updateContact(c, params.id, body)) })),
  implement(deleteContactOp, async (c, { params }) => {
    await deleteContact(c, params.id);
    return { message: CONTACT_DELETED };
  }),
  implement(resendContactOp, async (c, { params }) => {
    await resendContactVerification(c, params.id);
    return { message: CONTACT_RESENT };
  }),
];
