import {
  affiliateExistsOp,
  affiliateInvoicePdfOp,
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
} from '../../lib/api/affiliate';
import { reportRangeProblem } from '../../lib/rules/affiliate';
import { AFFILIATE_NOT_FOUND, APPLICATION_SUBMITTED, CUSTOM_LINK_REQUESTED, LINK_CREATED, LINK_DISABLED, PAYMENT_DETAILS_UPDATED } from '../../lib/schemas/affiliate';
import { sellerOf } from '../billing/documents';
import { downloadAnswer } from '../http/download';
import { notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { activeAffiliate, affiliateOf, loadAffiliateInvoice, overviewOf, PROGRAMME_CURRENCY, recentActivityOf, reportOf, statusJson } from '../services/affiliate';
import { affiliateInvoicePdf, affiliateInvoicePdfName } from '../services/affiliate-pdf';
import {
  addPaymentDetails,
  affiliateInvoicesPage,
  applyAsAffiliate,
  createDefaultLink,
  disableLink,
  linksPage,
  paymentDetailsOf,
  requestCustomLink,
} from '../services/affiliate-programme';

/** The affiliate programme (spec part 3, 2.10 and 7 "Affiliate"): a person's own, keyed by their user. */
export const affiliateOperations = [
  implement(affiliateExistsOp, async (c) => {
    const row = await affiliateOf(c.var.deps.db, c.var.viewer.userGuid);
    if (!row) throw notFound(AFFILIATE_NOT_FOUND);
    return statusJson(row);
  }),

  implement(createAffiliateOp, async (c, { body }) => ({
    message: APPLICATION_SUBMITTED,
    affiliate: await applyAsAffiliate(c.var.deps.db, c.var.viewer.userGuid, body, c.var.deps.now()),
  })),

  implement(getAffiliateOp, async (c) => {
    const { db, now } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return overviewOf(db, affiliate.guid, now());
  }),

  implement(recentReferralActivityOp, async (c) => {
    const { db, now } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return { data: await recentActivityOf(db, affiliate.guid, now()) };
  }),

  implement(getAffiliateReportOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    const range = { start: query.start, end: query.end };
    const wrong = reportRangeProblem(range);
    if (wrong) throw problem(400, wrong, { code: 'invalid', fields: { start: wrong } });
    return { ...range, currency: PROGRAMME_CURRENCY, data: await reportOf(db, affiliate.guid, range) };
  }),

  implement(getAffiliateBillingOp, async (c) => {
    const a = await activeAffiliate(c.var.deps.db, c.var.viewer.userGuid);
    return {
      payment_threshold: a.paymentThresholdCents,
      payment_term: a.paymentTerm,
      billing_cycle: a.billingCycle,
      cookie_duration: a.cookieDurationDays,
      payout_rate: a.payoutRate,
      currency: PROGRAMME_CURRENCY,
    };
  }),

  implement(listAffiliateInvoicesOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return affiliateInvoicesPage(db, affiliate.guid, query);
  }),

  implement(getAffiliateInvoiceOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return loadAffiliateInvoice(db, affiliate.guid, params.id, await sellerOf(db, c.var.company.guid), getAffiliateInvoiceOp.notFound);
  }),

  implement(affiliateInvoicePdfOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    const invoice = await loadAffiliateInvoice(db, affiliate.guid, params.id, await sellerOf(db, c.var.company.guid), affiliateInvoicePdfOp.notFound);
    return downloadAnswer(await affiliateInvoicePdf(invoice), 'application/pdf', affiliateInvoicePdfName(invoice));
  }),

  implement(getPaymentDetailsOp, async (c) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return { data: await paymentDetailsOf(db, affiliate.guid) };
  }),

  implement(updatePaymentDetailsOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return { message: PAYMENT_DETAILS_UPDATED, payment_details: await addPaymentDetails(db, affiliate.guid, body, now()) };
  }),

  implement(listLinksOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    return linksPage(db, affiliate.guid, query);
  }),

  implement(createLinkOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    if (body.link_type === 'DEFAULT') return { message: LINK_CREATED, link: await createDefaultLink(db, affiliate.guid, now()) };
    return { message: CUSTOM_LINK_REQUESTED, link: await requestCustomLink(db, affiliate.guid, body, now()) };
  }),

  implement(disableLinkOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    await disableLink(db, affiliate.guid, params.guid, disableLinkOp.notFound);
    return { message: LINK_DISABLED };
  }),
];
