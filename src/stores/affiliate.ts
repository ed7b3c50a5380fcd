import { atom } from 'nanostores';
import type {
  AffiliateInvoice,
  AffiliateInvoiceSummary,
  AffiliateLink,
  AffiliateOverview,
  AffiliateStatus,
  BillingInfo,
  PaymentDetailsRecord,
  ReferralActivity,
  ReportRow,
} from '../lib/api/affiliate';
import { ApiError } from '../lib/errors';
import {
  affiliateExists,
  createAffiliate,
  createLink,
  disableLink,
  downloadAffiliateInvoicePdf,
  getAffiliate,
  getAffiliateBilling,
  getAffiliateInvoice,
  getAffiliateReport,
  getPaymentDetails,
  listAffiliateInvoices,
  listLinks,
  recentReferralActivity,
  updatePaymentDetails,
} from '../lib/requests/affiliate';
import { dayOf, presetRange, reportRangeProblem, type ReportPreset, type ReportRange } from '../lib/rules/affiliate';
import {
  applicationSchema,
  linkCreateSchema,
  paymentDetailsSchema,
  type AffiliateAccountType,
  type ApplicationInput,
  type PaymentDetailsInput,
  type PaymentMethod,
} from '../lib/schemas/affiliate';
import { api } from './api';
import { documentStore } from './document-page';
import { environment } from './environment';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { navigate } from './router';
import { toastError, toastSuccess } from './toasts';

/**
 * The affiliate area (spec part 3, 2.10). The exists check runs first: 404 sends the person to
 * the application (/affiliate/create, spec part 3, 8); an application not yet approved shows its
 * status instead of the tabs.
 */
export interface AffiliateState {
  loading: boolean;
  status: AffiliateStatus | null;
}
export const $affiliate = atom<AffiliateState>({ loading: true, status: null });

export async function loadAffiliate(): Promise<AffiliateStatus | null> {
  $affiliate.set({ loading: true, status: $affiliate.get().status });
  try {
    const status = await affiliateExists(api);
    $affiliate.set({ loading: false, status });
    return status;
  } catch (error) {
    $affiliate.set({ loading: false, status: null });
    if (error instanceof ApiError && error.status === 404) {
      // Spec part 3, 8: no affiliate account opens the application.
      if (environment().location().pathname !== '/affiliate/create') navigate('/affiliate/create', { replace: true });
    } else toastError(error);
    return null;
  }
}

/** One thing a tab loads whole (no paging): loading, the answer or null after a failure (toasted). */
function loaded<T>(fetch: () => Promise<T>) {
  const $state = atom<{ loading: boolean; data: T | null }>({ loading: false, data: null });
  async function load(): Promise<void> {
    $state.set({ loading: true, data: $state.get().data });
    try {
      $state.set({ loading: false, data: await fetch() });
    } catch (error) {
      $state.set({ loading: false, data: null });
      toastError(error);
    }
  }
  return { $state, load };
}

export const overview = loaded<AffiliateOverview>(() => getAffiliate(api));
export const recentActivity = loaded<ReferralActivity[]>(async () => (await recentReferralActivity(api)).data);
export const billingInfo = loaded<BillingInfo>(() => getAffiliateBilling(api));
export const paymentDetails = loaded<PaymentDetailsRecord[]>(async () => (await getPaymentDetails(api)).data);

export const linksList = createPagedList<AffiliateLink>('affiliate-links', (q) => listLinks(api, q));
export const affiliateInvoicesList = createPagedList<AffiliateInvoiceSummary>('affiliate-invoices', (q) => listAffiliateInvoices(api, q));

/** Reports: the chosen preset (or none for dates typed by hand), the range and its rows. */
export interface ReportState {
  preset: ReportPreset | null;
  range: ReportRange;
  loading: boolean;
  rows: ReportRow[] | null;
  problem: string | null;
}
const today = () => dayOf(new Date());
export const $report = atom<ReportState>({ preset: 'LAST_30_DAYS', range: presetRange('LAST_30_DAYS', today()), loading: false, rows: null, problem: null });

export async function loadReport(range: ReportRange = $report.get().range, preset: ReportPreset | null = $report.get().preset): Promise<void> {
  const problem = reportRangeProblem(range);
  $report.set({ ...$report.get(), preset, range, problem, loading: !problem });
  if (problem) return;
  try {
    const answer = await getAffiliateReport(api, range);
    if ($report.get().range === range) $report.set({ ...$report.get(), loading: false, rows: answer.data });
  } catch (error) {
    if ($report.get().range === range) $report.set({ ...$report.get(), loading: false });
    toastError(error);
  }
}

export const choosePreset = (preset: ReportPreset) => loadReport(presetRange(preset, today()), preset);

/** The application form's values: every field as text, the agreement as a box. */
export interface ApplicationValues {
  account_type: AffiliateAccountType;
  first_name: string;
  last_name: string;
  company_name: string;
  address1: string;
  address2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
  promotion_platforms: string;
  promotion_methods: string;
  agreement: boolean;
}

export const $applicationSent = atom<AffiliateStatus | null>(null);

export const applicationForm = createForm({
  schema: applicationSchema,
  input: (v: ApplicationValues): ApplicationInput => ({
    ...v,
    company_name: v.account_type === 'PERSONAL' ? undefined : v.company_name,
    address2: v.address2 || undefined,
    // The schema says why an unticked box is refused; the cast only carries the value there.
    agreement: v.agreement as true,
  }),
  send: (data) => createAffiliate(api, data),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    $applicationSent.set(answer.affiliate);
    $affiliate.set({ loading: false, status: answer.affiliate });
  },
});

export interface CustomLinkValues {
  custom_hash: string;
  usage_description: string;
}

export const customLinkForm = createForm({
  schema: linkCreateSchema,
  input: (v: CustomLinkValues) => ({ link_type: 'CUSTOM' as const, ...v }),
  send: (data) => createLink(api, data),
  successToast: (answer) => answer.message,
  onSuccess: () => linksList.load(1),
});

export const $linkBusy = atom<string | null>(null);

/** 'Create a Link': a DEFAULT link with a new random hash. */
export async function createDefaultLink(): Promise<void> {
  if ($linkBusy.get()) return;
  $linkBusy.set('create');
  try {
    const answer = await createLink(api, { link_type: 'DEFAULT' });
    toastSuccess(answer.message);
    await linksList.load(1);
  } catch (error) {
    toastError(error);
  } finally {
    $linkBusy.set(null);
  }
}

export async function disableAffiliateLink(guid: string): Promise<void> {
  if ($linkBusy.get()) return;
  $linkBusy.set(guid);
  try {
    toastSuccess((await disableLink(api, guid)).message);
    await linksList.load();
  } catch (error) {
    toastError(error);
  } finally {
    $linkBusy.set(null);
  }
}

/** The payment details dialog: every field of every method as text; only the chosen method's are sent. */
export interface PaymentDetailsValues {
  payment_method: PaymentMethod;
  currency: 'USD' | 'EUR';
  paypal_email: string;
  billing_email: string;
  country: string;
  city: string;
  address: string;
  post_code: string;
  account_name: string;
  bank_country: string;
  bank_city: string;
  bank_address: string;
  bank_post_code: string;
  bank_name: string;
  ach_routing_no: string;
  ach_account_no: string;
  ach_account_type: string;
  iban: string;
  swift_bic: string;
}

export function paymentDetailsPayload(v: PaymentDetailsValues): PaymentDetailsInput {
  if (v.payment_method === 'PAYPAL') return { payment_method: 'PAYPAL', currency: v.currency, paypal_email: v.paypal_email };
  const bank = {
    currency: v.currency,
    billing_email: v.billing_email,
    country: v.country,
    city: v.city,
    address: v.address,
    post_code: v.post_code,
    account_name: v.account_name,
    bank_country: v.bank_country,
    bank_city: v.bank_city,
    bank_address: v.bank_address,
    bank_post_code: v.bank_post_code,
    bank_name: v.bank_name,
  };
  if (v.payment_method === 'ACH')
    return { payment_method: 'ACH', ...bank, ach_routing_no: v.ach_routing_no, ach_account_no: v.ach_account_no, ach_account_type: v.ach_account_type as 'CHECKING' | 'SAVINGS' };
  return { payment_method: 'SWIFT', ...bank, iban: v.iban, swift_bic: v.swift_bic };
}

export const paymentDetailsForm = createForm({
  schema: paymentDetailsSchema,
  input: paymentDetailsPayload,
  send: (data) => updatePaymentDetails(api, data),
  successToast: (answer) => answer.message,
  onSuccess: () => paymentDetails.load(),
});

/** The affiliate invoice page's document. */
export const affiliateInvoicePage = documentStore<AffiliateInvoice>((id) => getAffiliateInvoice(api, id));

export const $pdfBusy = atom<number | null>(null);

export async function downloadAffiliateInvoice(id: number): Promise<void> {
  if ($pdfBusy.get() === id) return;
  $pdfBusy.set(id);
  try {
    environment().save(await downloadAffiliateInvoicePdf(api, id));
  } catch (error) {
    toastError(error);
  } finally {
    $pdfBusy.set(null);
  }
}
