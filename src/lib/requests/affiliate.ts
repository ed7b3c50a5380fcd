import type { Api } from '../api/client';
import { call, fillPath } from '../api/send';
import type {
  affiliateExistsOp,
  createAffiliateOp,
  createLinkOp,
  disableLinkOp,
  getAffiliateBillingOp,
  getAffiliateInvoiceOp,
  getAffiliateOp,
  getAffiliateReportOp,
  getPaymentDetailsOp,
  listAffiliateInvoicesOp,
  listLinksOp,
  recentReferralActivityOp,
  updatePaymentDetailsOp,
} from '../api/affiliate';
import type { ApplicationInput, LinkCreateInput, PaymentDetailsInput, ReportQuery } from '../schemas/affiliate';

/** Where each call of the affiliate programme lives (spec part 3, 7 "Affiliate"): spread into its definition in ../api/affiliate.ts. */
export const affiliateRoutes = {
  exists: { id: 'affiliate.exists', method: 'get', path: '/affiliate/exists/' },
  create: { id: 'affiliate.create', method: 'post', path: '/affiliate/create/' },
  get: { id: 'affiliate.get', method: 'get', path: '/affiliate/' },
  recentActivity: { id: 'affiliate.recent_activity', method: 'get', path: '/affiliate/recent-referral-activity/' },
  report: { id: 'affiliate.reports', method: 'get', path: '/affiliate/reports/' },
  billing: { id: 'affiliate.billing', method: 'get', path: '/affiliate/billing/' },
  listInvoices: { id: 'affiliate.invoices.list', method: 'get', path: '/affiliate/billing/invoices/' },
  getInvoice: { id: 'affiliate.invoices.get', method: 'get', path: '/affiliate/billing/invoices/{id}/' },
  invoicePdf: { id: 'affiliate.invoices.pdf', method: 'get', path: '/affiliate/billing/invoices/{id}/pdf/' },
  getPaymentDetails: { id: 'affiliate.payment_details.get', method: 'get', path: '/affiliate/billing/payment-details/' },
  updatePaymentDetails: { id: 'affiliate.payment_details.update', method: 'post', path: '/affiliate/billing/payment-details/' },
  listLinks: { id: 'affiliate.links.list', method: 'get', path: '/affiliate/links/' },
  createLink: { id: 'affiliate.links.create', method: 'post', path: '/affiliate/links/' },
  disableLink: { id: 'affiliate.links.disable', method: 'delete', path: '/affiliate/links/{guid}/' },
} as const;

type Paging = { page?: number; per_page?: number };

/** The viewer's programme status; 404 when they have not applied (the panel then opens /affiliate/create). */
export const affiliateExists = (api: Api) => call<typeof affiliateExistsOp>(api, affiliateRoutes.exists);
export const createAffiliate = (api: Api, body: ApplicationInput) => call<typeof createAffiliateOp>(api, affiliateRoutes.create, { body });
export const getAffiliate = (api: Api) => call<typeof getAffiliateOp>(api, affiliateRoutes.get);
export const recentReferralActivity = (api: Api) => call<typeof recentReferralActivityOp>(api, affiliateRoutes.recentActivity);
export const getAffiliateReport = (api: Api, query: ReportQuery) => call<typeof getAffiliateReportOp>(api, affiliateRoutes.report, { query });
export const getAffiliateBilling = (api: Api) => call<typeof getAffiliateBillingOp>(api, affiliateRoutes.billing);
export const listAffiliateInvoices = (api: Api, query: Paging = {}) => call<typeof listAffiliateInvoicesOp>(api, affiliateRoutes.listInvoices, { query });
export const getAffiliateInvoice = (api: Api, id: number) => call<typeof getAffiliateInvoiceOp>(api, affiliateRoutes.getInvoice, { params: { id: String(id) } });
/** The affiliate invoice as a PDF, named by the server's x-suggested-filename. */
export const downloadAffiliateInvoicePdf = (api: Api, id: number) => api.download(fillPath(affiliateRoutes.invoicePdf.path, { id }));
export const getPaymentDetails = (api: Api) => call<typeof getPaymentDetailsOp>(api, affiliateRoutes.getPaymentDetails);
export const updatePaymentDetails = (api: Api, body: PaymentDetailsInput) => call<typeof updatePaymentDetailsOp>(api, affiliateRoutes.updatePaymentDetails, { body });
/** Sends `per_page` (spec decisions, 2); the server also takes the original's `per_month`. */
export const listLinks = (api: Api, query: Paging = {}) => call<typeof listLinksOp>(api, affiliateRoutes.listLinks, { query });
export const createLink = (api: Api, body: LinkCreateInput) => call<typeof createLinkOp>(api, affiliateRoutes.createLink, { body });
export const disableLink = (api: Api, guid: string) => call<typeof disableLinkOp>(api, affiliateRoutes.disableLink, { params: { guid } });
