import { and, asc, eq, sql } from 'drizzle-orm';
import { CLEARING_DAYS } from '../../lib/rules/affiliate';
import { percentOf } from '../../lib/billing/money';
import type { Db } from '../db/connection';
import { affiliateAccounts, affiliateVisits, invoices, memberships, referrals, users } from '../db/schema/index';

/**
 * A paid invoice of a referred company earns its affiliate a payout (spec part 3, 2.10 and 4
 * "Affiliate"). A company is referred when the person who registered it (its OWNER) signed up
 * with an aff_click_id of a recorded click. The payout is the affiliate's payout rate of what
 * the invoice totals, in USD (an EUR invoice converted at its own rate); NEW for the company's
 * first paid invoice, RECURRING after; CLEARING for CLEARING_DAYS (the refund window), then
 * counted as unpaid earnings. Self-referral earns nothing; one payout per invoice.
 */
export async function recordReferralPayout(tx: Db, invoiceId: number, now: Date): Promise<void> {
  const [invoice] = await tx
    .select({ companyGuid: invoices.companyGuid, total: invoices.totalAmountCents, currency: invoices.currency, eurPerUsd: invoices.eurPerUsd })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.total <= 0) return;
  const [owner] = await tx
    .select({ userGuid: users.guid, clickId: sql<string | null>`${users.tracking} ->> 'aff_click_id'` })
    .from(memberships)
    .innerJoin(users, eq(users.guid, memberships.userGuid))
    .where(and(eq(memberships.companyGuid, invoice.companyGuid), eq(memberships.accountType, 'OWNER')))
    .orderBy(asc(memberships.dateCreated))
    .limit(1);
  if (!owner?.clickId) return;
  const [visit] = await tx
    .select({
      guid: affiliateVisits.guid,
      affiliateGuid: affiliateVisits.affiliateGuid,
      payoutRate: affiliateAccounts.payoutRate,
      affiliateUser: affiliateAccounts.userGuid,
      status: affiliateAccounts.status,
    })
    .from(affiliateVisits)
    .innerJoin(affiliateAccounts, eq(affiliateAccounts.guid, affiliateVisits.affiliateGuid))
    .where(eq(affiliateVisits.clickId, owner.clickId));
  if (visit?.status !== 'ACTIVE' || visit.affiliateUser === owner.userGuid) return;
  const already = await tx
    .select({ invoiceId: referrals.invoiceId })
    .from(referrals)
    .where(and(eq(referrals.affiliateGuid, visit.affiliateGuid), eq(referrals.referredCompanyGuid, invoice.companyGuid)))
    .for('update');
  if (already.some((r) => r.invoiceId === invoiceId)) return;
  const usdTotal = invoice.currency === 'EUR' && invoice.eurPerUsd ? Math.round(invoice.total / invoice.eurPerUsd) : invoice.total;
  const payout = percentOf(usdTotal, visit.payoutRate);
  if (payout <= 0) return;
  await tx.insert(referrals).values({
    affiliateGuid: visit.affiliateGuid,
    referredCompanyGuid: invoice.companyGuid,
    visitGuid: visit.guid,
    invoiceId,
    payoutCents: payout,
    currency: 'USD',
    payoutType: already.length ? 'RECURRING' : 'NEW',
    status: 'CLEARING',
    dateClears: new Date(now.getTime() + CLEARING_DAYS * 86_400_000),
    dateCreated: now,
  });
}
