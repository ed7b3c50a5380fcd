import { and, desc, eq } from 'drizzle-orm';
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
  type AffiliateLink,
  type PaymentDetailsRecord,
} from '../../lib/api/affiliate';
import { reportRangeProblem } from '../../lib/rules/affiliate';
import {
  AFFILIATE_EXISTS,
  AFFILIATE_NOT_FOUND,
  APPLICATION_SUBMITTED,
  applicantCompanyName,
  CUSTOM_LINK_REQUESTED,
  LINK_CREATED,
  LINK_DISABLED,
  LINK_HASH_TAKEN,
  LINK_NOT_ACTIVE,
  PAYMENT_DETAILS_UPDATED,
  type PaymentDetailsInput,
} from '../../lib/schemas/affiliate';
import { sellerOf } from '../billing/documents';
import { countRows, pageOfRows } from '../db/lists';
import { affiliateAccounts, affiliateInvoices, affiliateLinks, affiliatePaymentDetails } from '../db/schema/index';
import { downloadAnswer } from '../http/download';
import { badRequest, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { activeAffiliate, affiliateOf, invoiceSummaryOf, loadAffiliateInvoice, overviewOf, PROGRAMME_CURRENCY, randomLinkHash, recentActivityOf, reportOf, statusJson } from '../services/affiliate';
import { affiliateInvoicePdf, affiliateInvoicePdfName } from '../services/affiliate-pdf';
import { sealSecret } from '../services/secret-box';
import { isUniqueViolation } from '../db/locks';

type LinkRow = typeof affiliateLinks.$inferSelect;
type DetailsRow = typeof affiliatePaymentDetails.$inferSelect;

const linkJson = (r: LinkRow): AffiliateLink => ({
  guid: r.guid,
  link_hash: r.linkHash,
  link_type: r.linkType === 'CUSTOM' ? 'CUSTOM' : 'DEFAULT',
  status: r.status,
  date_created: r.dateCreated.toISOString(),
  usage_description: r.usageDescription,
});

const detailsJson = (r: DetailsRow): PaymentDetailsRecord => ({
  guid: r.guid,
  date_created: r.dateCreated.toISOString(),
  description: r.description,
  payment_method: r.paymentMethod,
  currency: r.currency,
});

const lastDigits = (s: string) => `****${s.replace(/\s+/g, '').slice(-4)}`;

/** What the payment details history lists: the method, where the money goes, never a whole account number. */
function detailsDescription(d: PaymentDetailsInput): string {
  switch (d.payment_method) {
    case 'PAYPAL':
      return `PayPal: ${d.paypal_email} (${d.currency})`;
    case 'ACH':
      return `ACH: ${d.bank_name} ${lastDigits(d.ach_account_no)} (${d.currency})`;
    case 'SWIFT':
      return `SWIFT: ${d.bank_name} ${lastDigits(d.iban)} (${d.currency})`;
  }
}

/** The affiliate programme (spec part 3, 2.10 and 7 "Affiliate"): a person's own, keyed by their user. */
export const affiliateOperations = [
  implement(affiliateExistsOp, async (c) => {
    const row = await affiliateOf(c.var.deps.db, c.var.viewer.userGuid);
    if (!row) throw notFound(AFFILIATE_NOT_FOUND);
    return statusJson(row);
  }),

  implement(createAffiliateOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const userGuid = c.var.viewer.userGuid;
    if (await affiliateOf(db, userGuid)) throw problem(409, AFFILIATE_EXISTS, { code: 'conflict' });
    const values = {
      userGuid,
      status: 'PENDING',
      accountType: body.account_type,
      firstName: body.first_name,
      lastName: body.last_name,
      companyName: applicantCompanyName(body),
      address1: body.address1,
      address2: body.address2 || null,
      city: body.city,
      region: body.region,
      postalCode: body.postal_code,
      country: body.country.toUpperCase(),
      phone: body.phone,
      promotionPlatforms: body.promotion_platforms,
      promotionMethods: body.promotion_methods,
      dateCreated: c.var.deps.now(),
    };
    // A double submit races to the unique user_guid: the second one is told it has applied.
    const [row] = await db
      .insert(affiliateAccounts)
      .values(values)
      .onConflictDoNothing({ target: affiliateAccounts.userGuid })
      .returning();
    if (!row) throw problem(409, AFFILIATE_EXISTS, { code: 'conflict' });
    return { message: APPLICATION_SUBMITTED, affiliate: statusJson(row) };
  }),

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
    const mine = eq(affiliateInvoices.affiliateGuid, affiliate.guid);
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(affiliateInvoices).where(mine).orderBy(desc(affiliateInvoices.id)).limit(limit).offset(offset)).map(invoiceSummaryOf),
      () => countRows(db, affiliateInvoices, mine),
    );
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
    const rows = await db
      .select()
      .from(affiliatePaymentDetails)
      .where(eq(affiliatePaymentDetails.affiliateGuid, affiliate.guid))
      .orderBy(desc(affiliatePaymentDetails.dateCreated), desc(affiliatePaymentDetails.guid))
      .limit(50);
    return { data: rows.map(detailsJson) };
  }),

  implement(updatePaymentDetailsOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    const bank = body.payment_method === 'PAYPAL' ? null : body;
    const [row] = await db
      .insert(affiliatePaymentDetails)
      .values({
        affiliateGuid: affiliate.guid,
        description: detailsDescription(body),
        currency: body.currency,
        paymentMethod: body.payment_method,
        paypalEmail: body.payment_method === 'PAYPAL' ? body.paypal_email : null,
        billingEmail: bank?.billing_email ?? null,
        country: bank?.country.toUpperCase() ?? null,
        city: bank?.city ?? null,
        address: bank?.address ?? null,
        postCode: bank?.post_code ?? null,
        accountName: bank?.account_name ?? null,
        bankCountry: bank?.bank_country.toUpperCase() ?? null,
        bankCity: bank?.bank_city ?? null,
        bankAddress: bank?.bank_address ?? null,
        bankPostCode: bank?.bank_post_code ?? null,
        bankName: bank?.bank_name ?? null,
        achRoutingNo: body.payment_method === 'ACH' ? body.ach_routing_no : null,
        // Account numbers are kept sealed (src/server/services/secret-box.ts): only the payout run needs them whole.
        achAccountNo: body.payment_method === 'ACH' ? await sealSecret(db, body.ach_account_no) : null,
        achAccountType: body.payment_method === 'ACH' ? body.ach_account_type : null,
        iban: body.payment_method === 'SWIFT' ? await sealSecret(db, body.iban.replace(/\s+/g, '').toUpperCase()) : null,
        swiftBic: body.payment_method === 'SWIFT' ? body.swift_bic.toUpperCase() : null,
        dateCreated: now(),
      })
      .returning();
    return { message: PAYMENT_DETAILS_UPDATED, payment_details: detailsJson(row!) };
  }),

  implement(listLinksOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    const mine = eq(affiliateLinks.affiliateGuid, affiliate.guid);
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(affiliateLinks).where(mine).orderBy(desc(affiliateLinks.dateCreated), desc(affiliateLinks.guid)).limit(limit).offset(offset)).map(linkJson),
      () => countRows(db, affiliateLinks, mine),
    );
  }),

  implement(createLinkOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    if (body.link_type === 'DEFAULT') {
      // A random hash that collides (about 1 in 2^41 per link) is drawn again.
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db.insert(affiliateLinks).values({ affiliateGuid: affiliate.guid, linkHash: randomLinkHash(), linkType: 'DEFAULT', status: 'ACTIVE', dateCreated: now() }).returning();
          return { message: LINK_CREATED, link: linkJson(row!) };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    }
    // Spec part 3, 4: a custom link is reviewed by hand and must be approved before use.
    const [row] = await db
      .insert(affiliateLinks)
      .values({ affiliateGuid: affiliate.guid, linkHash: body.custom_hash, linkType: 'CUSTOM', status: 'PENDING', usageDescription: body.usage_description, dateCreated: now() })
      .onConflictDoNothing({ target: affiliateLinks.linkHash })
      .returning();
    if (!row) throw badRequest({ custom_hash: LINK_HASH_TAKEN }, 'conflict');
    return { message: CUSTOM_LINK_REQUESTED, link: linkJson(row) };
  }),

  implement(disableLinkOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const affiliate = await activeAffiliate(db, c.var.viewer.userGuid);
    const [link] = await db
      .select()
      .from(affiliateLinks)
      .where(and(eq(affiliateLinks.guid, params.guid), eq(affiliateLinks.affiliateGuid, affiliate.guid)));
    if (!link) throw notFound(disableLinkOp.notFound);
    if (link.status === 'DISABLED') return { message: LINK_DISABLED };
    // A pending custom request may be withdrawn the same way; a declined one is already out of use.
    if (link.status !== 'ACTIVE' && link.status !== 'PENDING') throw problem(409, LINK_NOT_ACTIVE, { code: 'conflict' });
    await db.update(affiliateLinks).set({ status: 'DISABLED' }).where(eq(affiliateLinks.guid, link.guid));
    return { message: LINK_DISABLED };
  }),
];
