import { z } from 'zod';
import { affiliateRoutes } from '../requests/affiliate';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { billedParty, documentIdParams, seller } from './billing';
import {
  AFFILIATE_INVOICE_NOT_FOUND,
  applicationSchema,
  invoiceListQuery,
  LINK_NOT_FOUND,
  linkCreateSchema,
  linkListQuery,
  paymentDetailsSchema,
  reportQuery,
} from '../schemas/affiliate';

/**
 * The affiliate programme's contract (spec part 3, 2.10, 3 and 7 "Affiliate"). The programme is
 * a person's, not a company's (spec part 3, 2.1: account routes): closed to customer-type users
 * and refused to API keys, which act for a company. Money is integer cents in USD, the
 * programme's currency (spec part 3, 9: threshold in USD).
 */

const area = 'affiliate';
const own = { area, customers: false, apiKeys: false } as const;

/** The application's state: PENDING (reviewed within 2 working days), ACTIVE, DECLINED or SUSPENDED. */
export const affiliateStatus = z
  .object({ guid: z.guid(), status: z.string(), account_type: z.string(), company_name: z.string(), date_created: z.iso.datetime(), date_approved: z.iso.datetime().nullable() })
  .meta({ id: 'AffiliateStatus' });
export type AffiliateStatus = z.infer<typeof affiliateStatus>;

export const affiliateOverview = z
  .object({
    referrals_count: z.number().int(),
    visits_count: z.number().int(),
    /** Percent, two decimals. */
    conversion_rate: z.number(),
    total_earnings: z.number().int(),
    clearing_earnings: z.number().int(),
    unpaid_earnings: z.number().int(),
    currency: z.string(),
    last_30_days: z.object({ referrals_count: z.number().int(), visits_count: z.number().int(), conversion_rate: z.number() }),
  })
  .meta({ id: 'AffiliateOverview' });
export type AffiliateOverview = z.infer<typeof affiliateOverview>;

export const referralActivity = z
  .object({
    guid: z.guid(),
    payout: z.number().int(),
    currency: z.string(),
    payout_type: z.enum(['NEW', 'RECURRING']),
    /** CLEARING until date_clears, then UNPAID, then PAID; REVERSED on refund. */
    status: z.string(),
    date_created: z.iso.datetime(),
    date_clears: z.iso.datetime(),
  })
  .meta({ id: 'ReferralActivity' });
export type ReferralActivity = z.infer<typeof referralActivity>;

export const reportRow = z.object({ date: z.string(), referrals: z.number().int(), clicks: z.number().int(), earnings: z.number().int() }).meta({ id: 'AffiliateReportRow' });
export type ReportRow = z.infer<typeof reportRow>;

export const billingInfo = z
  .object({
    payment_threshold: z.number().int(),
    /** NET days. */
    payment_term: z.number().int(),
    billing_cycle: z.string(),
    cookie_duration: z.number().int(),
    /** Percent of each referred payment. */
    payout_rate: z.number(),
    currency: z.string(),
  })
  .meta({ id: 'AffiliateBillingInfo' });
export type BillingInfo = z.infer<typeof billingInfo>;

export const affiliateInvoiceSummary = z
  .object({
    id: z.number().int(),
    status: z.string(),
    currency: z.string(),
    gross_amount: z.number().int(),
    tax: z.number().int(),
    net_amount: z.number().int(),
    period_start: z.iso.datetime(),
    period_end: z.iso.datetime(),
    date_created: z.iso.datetime(),
  })
  .meta({ id: 'AffiliateInvoiceSummary' });
export type AffiliateInvoiceSummary = z.infer<typeof affiliateInvoiceSummary>;

export const affiliateInvoice = affiliateInvoiceSummary
  .extend({
    tax_rate: z.number(),
    /** The provider, who issues the invoice for the affiliate (self-billing). */
    issuer: seller,
    ...billedParty,
    vat: z.object({ vat_id: z.string() }).nullable(),
    payment_terms: z.object({ payment_term: z.number().int(), billing_cycle: z.string() }),
    items: z.array(z.object({ guid: z.guid(), description: z.string(), payout: z.number().int() })),
    date_paid: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AffiliateInvoice' });
export type AffiliateInvoice = z.infer<typeof affiliateInvoice>;

export const paymentDetailsRecord = z
  .object({ guid: z.guid(), date_created: z.iso.datetime(), description: z.string(), payment_method: z.string(), currency: z.string() })
  .meta({ id: 'AffiliatePaymentDetailsRecord' });
export type PaymentDetailsRecord = z.infer<typeof paymentDetailsRecord>;

export const affiliateLink = z
  .object({
    guid: z.guid(),
    link_hash: z.string(),
    link_type: z.enum(['DEFAULT', 'CUSTOM']),
    status: z.string(),
    date_created: z.iso.datetime(),
    usage_description: z.string().nullable(),
  })
  .meta({ id: 'AffiliateLink' });
export type AffiliateLink = z.infer<typeof affiliateLink>;

export const affiliateExistsOp = defineOperation({
  ...affiliateRoutes.exists,
  ...own,
  summary: "The viewer's affiliate account and its status; 404 when they have not applied",
  answer: affiliateStatus,
});
export const createAffiliateOp = defineOperation({
  ...affiliateRoutes.create,
  ...own,
  summary: 'Applies to the affiliate programme; the application is PENDING, reviewed within 2 working days',
  body: applicationSchema,
  answer: z.object({ message: z.string(), affiliate: affiliateStatus }),
  status: 201,
});
export const getAffiliateOp = defineOperation({
  ...affiliateRoutes.get,
  ...own,
  summary: 'Referrals, visits, conversion and earnings, all time and the last 30 days',
  answer: affiliateOverview,
});
export const recentReferralActivityOp = defineOperation({
  ...affiliateRoutes.recentActivity,
  ...own,
  summary: 'The latest referral payouts, newest first',
  answer: z.object({ data: z.array(referralActivity) }),
});
export const getAffiliateReportOp = defineOperation({
  ...affiliateRoutes.report,
  ...own,
  summary: 'Referrals, clicks and earnings per day from start to end (YYYY-MM-DD, at most 2 years)',
  query: reportQuery,
  answer: z.object({ start: z.string(), end: z.string(), currency: z.string(), data: z.array(reportRow) }),
});
export const getAffiliateBillingOp = defineOperation({
  ...affiliateRoutes.billing,
  ...own,
  summary: 'Payment terms: threshold, NET days, cycle, cookie duration, payout rate',
  answer: billingInfo,
});
export const listAffiliateInvoicesOp = defineOperation({
  ...affiliateRoutes.listInvoices,
  ...own,
  summary: "The affiliate's invoices, newest first",
  query: invoiceListQuery,
  answer: pageOf(affiliateInvoiceSummary),
});
export const getAffiliateInvoiceOp = defineOperation({
  ...affiliateRoutes.getInvoice,
  ...own,
  summary: 'One affiliate invoice with its items',
  params: documentIdParams,
  answer: affiliateInvoice,
  notFound: AFFILIATE_INVOICE_NOT_FOUND,
});
export const affiliateInvoicePdfOp = defineOperation({
  ...affiliateRoutes.invoicePdf,
  ...own,
  summary: 'The affiliate invoice as a PDF',
  params: documentIdParams,
  answer: 'file',
  notFound: AFFILIATE_INVOICE_NOT_FOUND,
});
export const getPaymentDetailsOp = defineOperation({
  ...affiliateRoutes.getPaymentDetails,
  ...own,
  summary: 'The payout details saved so far, newest (the one that counts) first',
  answer: z.object({ data: z.array(paymentDetailsRecord) }),
});
export const updatePaymentDetailsOp = defineOperation({
  ...affiliateRoutes.updatePaymentDetails,
  ...own,
  summary: 'Saves new payout details (PayPal, ACH or SWIFT; USD or EUR)',
  body: paymentDetailsSchema,
  answer: z.object({ message: z.string(), payment_details: paymentDetailsRecord }),
});
export const listLinksOp = defineOperation({
  ...affiliateRoutes.listLinks,
  ...own,
  summary: "The affiliate's links, newest first; `per_month` is taken as `per_page`",
  query: linkListQuery,
  answer: pageOf(affiliateLink),
});
export const createLinkOp = defineOperation({
  ...affiliateRoutes.createLink,
  ...own,
  // Spec part 3, 6: can_add_domain_groups also gates affiliate link creation.
  scopes: ['can_add_domain_groups'],
  summary: 'A DEFAULT link with a new random hash, or a CUSTOM one requested for approval',
  body: linkCreateSchema,
  answer: z.object({ message: z.string(), link: affiliateLink }),
  status: 201,
});
export const disableLinkOp = defineOperation({
  ...affiliateRoutes.disableLink,
  ...own,
  summary: 'Disables a link: it records no more clicks',
  params: z.object({ guid: guidParam }),
  answer: messageAnswer,
  notFound: LINK_NOT_FOUND,
});
