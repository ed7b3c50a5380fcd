import { atom } from 'nanostores';
import type { VatIdRow } from '../lib/api/company-vat';
import type { LogRecord } from '../lib/api/account-activity';
import type { CompanyEmail } from '../lib/api/company-emails';
import type { Contact } from '../lib/api/company-contacts';
import { addVat, disableVat, listVat } from '../lib/requests/company-vat';
import { listCompanyLogs } from '../lib/requests/company-logs';
import { getCompanyEmail, listCompanyEmails } from '../lib/requests/company-emails';
import { createContact, deleteContact, listContacts, resendContactVerification, updateContact } from '../lib/requests/company-contacts';
import { vatAddSchema } from '../lib/schemas/company-vat';
import { companyEmailFilterSchema, type CompanyEmailFilterKey } from '../lib/schemas/company-emails';
import { contactCreateSchema, contactUpdateSchema, type ContactEvent } from '../lib/schemas/company-contacts';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { pageApi, pageCompany } from './company-page';
import { toastError, toastSuccess } from './toasts';

/**
 * The company area's VAT, Logs, Emails and Contacts tabs (spec part 3, 2.9). Their lists act for
 * the company the page shows (pageApi: its `Company` header), so the server checks the viewer's
 * permissions in that company.
 */

/** One row action at a time per tab: the guid it runs on. */
const busyRow = () => atom<string | null>(null);
async function rowAction(busy: ReturnType<typeof busyRow>, guid: string, run: () => Promise<{ message: string }>, after: () => Promise<void>): Promise<void> {
  busy.set(guid);
  try {
    toastSuccess((await run()).message);
    await after();
  } catch (error) {
    toastError(error);
  } finally {
    busy.set(null);
  }
}

// VAT

export const vatList = createPagedList<VatIdRow>('company-vat', (q) => listVat(pageApi(), pageCompany(), q));
export const vatForm = createForm({
  schema: vatAddSchema,
  send: (input) => addVat(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
  onSuccess: () => vatList.load(1),
});
export const $vatBusy = busyRow();
export const disableVatId = (guid: string) =>
  rowAction(
    $vatBusy,
    guid,
    () => disableVat(pageApi(), pageCompany(), guid),
    () => vatList.load(),
  );

// Logs

export const companyLogsList = createPagedList<LogRecord>('company-logs', (q) => listCompanyLogs(pageApi(), pageCompany(), q));

// Emails

export type CompanyEmailFilters = Partial<Record<CompanyEmailFilterKey, string>>;
export const companyEmailsList = createPagedList<CompanyEmail, CompanyEmailFilters>('company-emails', (q) => listCompanyEmails(pageApi(), pageCompany(), q));

/** Adds a filter; one of the same key replaces it (as the account Emails tab does). */
export function addCompanyEmailFilter(key: CompanyEmailFilterKey, value: string): void {
  const clean = key === 'sent' ? value.trim().toLowerCase() : value.trim();
  companyEmailsList.setFilters({ ...companyEmailsList.$list.get().filters, [key]: clean });
}
export function removeCompanyEmailFilter(key: CompanyEmailFilterKey): void {
  const next = { ...companyEmailsList.$list.get().filters };
  delete next[key];
  companyEmailsList.setFilters(next);
}
export const clearCompanyEmailFilters = () => companyEmailsList.setFilters({});
export const companyEmailFilterForm = createForm({
  schema: companyEmailFilterSchema,
  send: (filter) => addCompanyEmailFilter(filter.key, filter.value),
});

/** The email open in the detail dialog. */
export const $openCompanyEmail = atom<{ email: CompanyEmail | null } | null>(null);
export async function openCompanyEmail(guid: string): Promise<void> {
  $openCompanyEmail.set({ email: null });
  try {
    $openCompanyEmail.set({ email: await getCompanyEmail(pageApi(), pageCompany(), guid) });
  } catch (error) {
    $openCompanyEmail.set(null);
    toastError(error);
  }
}
export const closeCompanyEmail = () => $openCompanyEmail.set(null);

// Contacts

export const contactsList = createPagedList<Contact>('company-contacts', (q) => listContacts(pageApi(), pageCompany(), q));

export interface ContactValues {
  first_name: string;
  last_name: string;
  email_address: string;
  events: ContactEvent[];
}
export const NEW_CONTACT: ContactValues = { first_name: '', last_name: '', email_address: '', events: [] };
export const contactValues = (c: Contact): ContactValues & { guid: string } => ({
  guid: c.guid,
  first_name: c.first_name,
  last_name: c.last_name,
  email_address: c.email_address,
  events: c.selected_events as ContactEvent[],
});

export const createContactForm = createForm<typeof contactCreateSchema, Awaited<ReturnType<typeof createContact>>, ContactValues>({
  schema: contactCreateSchema,
  input: (v) => v,
  send: (input) => createContact(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
  onSuccess: () => contactsList.load(),
});

/** Edit: the address stays as created (spec part 3, 5), so it is not sent. */
export const editContactForm = createForm<typeof contactUpdateSchema, Awaited<ReturnType<typeof updateContact>>, ContactValues & { guid: string }>({
  schema: contactUpdateSchema,
  input: (v) => ({ first_name: v.first_name, last_name: v.last_name, events: v.events }),
  send: (input, values) => updateContact(pageApi(), pageCompany(), values.guid, input),
  successToast: (answer) => answer.message,
  onSuccess: () => contactsList.load(),
});

export const $contactBusy = busyRow();
export const removeContact = (guid: string) =>
  rowAction(
    $contactBusy,
    guid,
    () => deleteContact(pageApi(), pageCompany(), guid),
    () => contactsList.load(),
  );
export const resendVerification = (guid: string) =>
  rowAction(
    $contactBusy,
    guid,
    () => resendContactVerification(pageApi(), pageCompany(), guid),
    async () => {},
  );
