import { map } from 'nanostores';
import { createApi, type Api } from '../lib/api/client';
import type { CompanyDetail } from '../lib/api/account';
import { getCompany } from '../lib/requests/account';
import { updateCompanyProfile, updateInvoiceNotes } from '../lib/requests/company';
import { companyProfileSchema, invoiceNotesSchema } from '../lib/schemas/company';
import { createForm } from './form';
import { api, withSessionGuard } from './api';
import { $companyGuid, $token } from './credentials';
import { environment } from './environment';
import { toastError } from './toasts';

/**
 * The company the company page shows: the one its address names (/company/{guid}, the account
 * area's Manage Company), else the company the panel acts for. Its calls carry that company in
 * the `Company` header, so the server checks the viewer's permissions in that company.
 */
export interface CompanyPageState {
  guid: string | null;
  loading: boolean;
  company: CompanyDetail | null;
}

export const $companyPage = map<CompanyPageState>({ guid: null, loading: true, company: null });

const apis = new Map<string, Api>();

/** The API acting for `guid`: the panel's own when it is the current company. */
export function companyApi(guid: string | null | undefined): Api {
  if (!guid || guid === $companyGuid.get()) return api;
  let found = apis.get(guid);
  if (!found) {
    found = withSessionGuard(() => {
      const options = environment().apiOptions;
      // Without the options (store tests), the environment's API is all there is.
      return options ? createApi({ ...options, credentials: () => ({ token: $token.get() ?? null, company: guid }) }) : environment().api;
    });
    apis.set(guid, found);
  }
  return found;
}

/** The company of the page, as the page's stores use it. */
export const pageCompany = (): string => $companyPage.get().guid ?? $companyGuid.get() ?? '';
export const pageApi = (): Api => companyApi($companyPage.get().guid);

/** Loads the company the page shows (its profile and the viewer's permissions in it). */
export async function loadCompanyPage(guid: string | null): Promise<void> {
  const target = guid ?? $companyGuid.get() ?? null;
  $companyPage.set({ guid: target, loading: true, company: $companyPage.get().guid === target ? $companyPage.get().company : null });
  if (!target) {
    $companyPage.setKey('loading', false);
    return;
  }
  try {
    const company = await getCompany(companyApi(target), target);
    if ($companyPage.get().guid === target) $companyPage.set({ guid: target, loading: false, company });
  } catch (error) {
    if ($companyPage.get().guid === target) $companyPage.setKey('loading', false);
    toastError(error);
  }
}

/** After a save: the page shows the company as the server now holds it. */
export function companySaved(company: CompanyDetail): void {
  if ($companyPage.get().guid === company.guid) $companyPage.setKey('company', company);
}

/** The Profile tab's company form (spec part 3, 5 'Company profile'). */
export const companyProfileForm = createForm({
  schema: companyProfileSchema,
  send: (input) => updateCompanyProfile(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => companySaved(answer.company),
});

/** The Profile tab's invoice notes, printed on the company's new invoices. */
export const invoiceNotesForm = createForm({
  schema: invoiceNotesSchema,
  send: (input) => updateInvoiceNotes(pageApi(), pageCompany(), input),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    const company = $companyPage.get().company;
    if (company) $companyPage.setKey('company', { ...company, invoice_notes: answer.invoice_notes });
  },
});
