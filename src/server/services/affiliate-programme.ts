import { and, desc, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { AffiliateLink, AffiliateStatus, createAffiliateOp, createLinkOp, PaymentDetailsRecord, updatePaymentDetailsOp } from '../../lib/api/affiliate';
import { AFFILIATE_EXISTS, applicantCompanyName, LINK_HASH_TAKEN, LINK_NOT_ACTIVE } from '../../lib/schemas/affiliate';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { isUniqueViolation } from '../db/locks';
import { affiliateAccounts, affiliateInvoices, affiliateLinks, affiliatePaymentDetails, affiliateVisits } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { invoiceSummaryOf, newClickId, randomLinkHash, statusJson } from './affiliate';
import { sealSecret } from './secret-box';

/** The affiliate programme's writes and lists (spec part 3, 2.10 and 7 "Affiliate"): a person's own, keyed by their user. */

type LinkRow = typeof affiliateLinks.$inferSelect;
type Application = ParsedInput<typeof createAffiliateOp>['body'];
type PaymentDetailsInput = ParsedInput<typeof updatePaymentDetailsOp>['body'];
type CustomLink = Extract<ParsedInput<typeof createLinkOp>['body'], { link_type: 'CUSTOM' }>;
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

/** The application (PENDING until approved); a person applies once: a double submit races to the unique user_guid and is told it has applied. */
export async function applyAsAffiliate(db: Db, userGuid: string, body: Application, now: Date): Promise<AffiliateStatus> {
  const [row] = await db
    .insert(affiliateAccounts)
    .values({
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
      dateCreated: now,
    })
    .onConflictDoNothing({ target: affiliateAccounts.userGuid })
    .returning();
  if (!row) throw problem(409, AFFILIATE_EXISTS, { code: 'conflict' });
  return statusJson(row);
}

export function affiliateInvoicesPage(db: Db, affiliateGuid: string, paging: Paging) {
  const mine = eq(affiliateInvoices.affiliateGuid, affiliateGuid);
  return pageOfRows(
    paging,
    async (limit, offset) => (await db.select().from(affiliateInvoices).where(mine).orderBy(desc(affiliateInvoices.id)).limit(limit).offset(offset)).map(invoiceSummaryOf),
    () => countRows(db, affiliateInvoices, mine),
  );
}

/** The payment details history, newest first (the newest is the one in use). */
export async function paymentDetailsOf(db: Db, affiliateGuid: string): Promise<PaymentDetailsRecord[]> {
  const rows = await db
    .select()
    .from(affiliatePaymentDetails)
    .where(eq(affiliatePaymentDetails.affiliateGuid, affiliateGuid))
    .orderBy(desc(affiliatePaymentDetails.dateCreated), desc(affiliatePaymentDetails.guid))
    .limit(50);
  return rows.map(detailsJson);
}

/** New payment details, kept beside the old ones; account numbers are sealed (src/server/services/secret-box.ts): only the payout run needs them whole. */
export async function addPaymentDetails(db: Db, affiliateGuid: string, body: PaymentDetailsInput, now: Date): Promise<PaymentDetailsRecord> {
  const bank = body.payment_method === 'PAYPAL' ? null : body;
  const [row] = await db
    .insert(affiliatePaymentDetails)
    .values({
      affiliateGuid,
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
      achAccountNo: body.payment_method === 'ACH' ? await sealSecret(db, body.ach_account_no) : null,
      achAccountType: body.payment_method === 'ACH' ? body.ach_account_type : null,
      iban: body.payment_method === 'SWIFT' ? await sealSecret(db, body.iban.replace(/\s+/g, '').toUpperCase()) : null,
      swiftBic: body.payment_method === 'SWIFT' ? body.swift_bic.toUpperCase() : null,
      dateCreated: now,
    })
    .returning();
  return detailsJson(row!);
}

export function linksPage(db: Db, affiliateGuid: string, paging: Paging) {
  const mine = eq(affiliateLinks.affiliateGuid, affiliateGuid);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (await db.select().from(affiliateLinks).where(mine).orderBy(desc(affiliateLinks.dateCreated), desc(affiliateLinks.guid)).limit(limit).offset(offset)).map(linkJson),
    () => countRows(db, affiliateLinks, mine),
  );
}

/** A DEFAULT link with a random hash, ACTIVE at once. */
export async function createDefaultLink(db: Db, affiliateGuid: string, now: Date): Promise<AffiliateLink> {
  // A random hash that collides (about 1 in 2^41 per link) is drawn again.
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db.insert(affiliateLinks).values({ affiliateGuid, linkHash: randomLinkHash(), linkType: 'DEFAULT', status: 'ACTIVE', dateCreated: now }).returning();
      return linkJson(row!);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** Spec part 3, 4: a custom link is reviewed by hand and must be approved before use; its hash is anyone's once only. */
export async function requestCustomLink(db: Db, affiliateGuid: string, body: CustomLink, now: Date): Promise<AffiliateLink> {
  const [row] = await db
    .insert(affiliateLinks)
    .values({ affiliateGuid, linkHash: body.custom_hash, linkType: 'CUSTOM', status: 'PENDING', usageDescription: body.usage_description, dateCreated: now })
    .onConflictDoNothing({ target: affiliateLinks.linkHash })
    .returning();
  if (!row) throw badRequest({ custom_hash: LINK_HASH_TAKEN }, 'conflict');
  return linkJson(row);
}

/** Disables one of the affiliate's links; a pending custom request may be withdrawn the same way, a declined one is already out of use. */
export async function disableLink(db: Db, affiliateGuid: string, guid: string, missing: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(affiliateLinks)
      .where(and(eq(affiliateLinks.guid, guid), eq(affiliateLinks.affiliateGuid, affiliateGuid)))
      .for('update');
    if (!link) throw notFound(missing);
    if (link.status === 'DISABLED') return;
    if (link.status !== 'ACTIVE' && link.status !== 'PENDING') throw problem(409, LINK_NOT_ACTIVE, { code: 'conflict' });
    await tx.update(affiliateLinks).set({ status: 'DISABLED' }).where(eq(affiliateLinks.guid, link.guid));
  });
}

/** What a followed referral link records about the visit. */
export interface ReferralVisit {
  ipAddress: string | null;
  userAgent: string | null;
  referer: string | null;
  landingUrl: string;
}

/**
 * A click on an ACTIVE link of an ACTIVE affiliate: recorded with a new click id, answered with
 * how many days the cookie keeps it. Any other hash (unknown, pending, disabled) records nothing.
 */
export async function recordReferralClick(db: Db, hash: string, visit: ReferralVisit, now: Date): Promise<{ clickId: string; cookieDays: number } | null> {
  const [link] = await db
    .select({ guid: affiliateLinks.guid, affiliateGuid: affiliateLinks.affiliateGuid, cookieDays: affiliateAccounts.cookieDurationDays })
    .from(affiliateLinks)
    .innerJoin(affiliateAccounts, eq(affiliateAccounts.guid, affiliateLinks.affiliateGuid))
    .where(and(eq(affiliateLinks.linkHash, hash), eq(affiliateLinks.status, 'ACTIVE'), eq(affiliateAccounts.status, 'ACTIVE')));
  if (!link) return null;
  const clickId = newClickId();
  await db.insert(affiliateVisits).values({ affiliateGuid: link.affiliateGuid, linkGuid: link.guid, clickId, ...visit, dateCreated: now });
  return { clickId, cookieDays: link.cookieDays };
}
