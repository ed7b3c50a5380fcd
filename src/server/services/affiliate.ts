import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { AffiliateInvoice, AffiliateOverview, AffiliateStatus, ReportRow } from '../../lib/api/affiliate';
import { addDays, conversionRate, daysBetween, type ReportRange } from '../../lib/rules/affiliate';
import { AFFILIATE_NOT_ACTIVE, AFFILIATE_NOT_FOUND } from '../../lib/schemas/affiliate';
import type { Db } from '../db/connection';
import { affiliateAccounts, affiliateInvoiceItems, affiliateInvoices, affiliateVisits, referrals } from '../db/schema/index';
import { problem, notFound } from '../http/errors';
import type { Seller } from '../../lib/api/billing';
import { partyOf } from '../billing/documents';

/**
 * The affiliate programme's data (spec part 3, 2.10): a person's affiliate account, its
 * figures, its daily report and its invoices. The programme's money is USD cents.
 */

export type AffiliateRow = typeof affiliateAccounts.$inferSelect;

export const PROGRAMME_CURRENCY = 'USD';

export async function affiliateOf(db: Db, userGuid: string): Promise<AffiliateRow | undefined> {
  const [row] = await db.select().from(affiliateAccounts).where(eq(affiliateAccounts.userGuid, userGuid));
  return row;
}

/**
 * The viewer's approved affiliate account. None answers 404 (the panel then opens the
 * application); one not approved yet answers 403 with its state, so the panel shows the
 * application's status rather than the tabs.
 */
export async function activeAffiliate(db: Db, userGuid: string): Promise<AffiliateRow> {
  const row = await affiliateOf(db, userGuid);
  if (!row) throw notFound(AFFILIATE_NOT_FOUND);
  if (row.status !== 'ACTIVE')
    throw problem(403, row.status === 'PENDING' ? AFFILIATE_NOT_ACTIVE : `Your affiliate account is ${row.status.toLowerCase()}.`, { code: 'affiliate_not_active' });
  return row;
}

export const statusJson = (r: AffiliateRow): AffiliateStatus => ({
  guid: r.guid,
  status: r.status,
  account_type: r.accountType,
  company_name: r.companyName,
  date_created: r.dateCreated.toISOString(),
  date_approved: r.dateApproved?.toISOString() ?? null,
});

/** A referral's status as of `now`: a CLEARING payout whose date has come counts as UNPAID. */
export const referralStatusAt = (now: Date) =>
  sql<string>`case when ${referrals.status} = 'CLEARING' and ${referrals.dateClears} <= ${now} then 'UNPAID' else ${referrals.status} end`;

async function countsSince(db: Db, affiliateGuid: string, since: Date | null) {
  const visitWhere = since ? and(eq(affiliateVisits.affiliateGuid, affiliateGuid), gte(affiliateVisits.dateCreated, since)) : eq(affiliateVisits.affiliateGuid, affiliateGuid);
  const referralWhere = and(
    eq(referrals.affiliateGuid, affiliateGuid),
    eq(referrals.payoutType, 'NEW'),
    ne(referrals.status, 'REVERSED'),
    ...(since ? [gte(referrals.dateCreated, since)] : []),
  );
  const [[visits], [refs]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(affiliateVisits).where(visitWhere),
    db.select({ n: sql<number>`count(*)::int` }).from(referrals).where(referralWhere),
  ]);
  const visits_count = Number(visits?.n ?? 0);
  const referrals_count = Number(refs?.n ?? 0);
  return { referrals_count, visits_count, conversion_rate: conversionRate(referrals_count, visits_count) };
}

/** Spec part 3, 3 "Affiliate overview": all-time figures and earnings, and the last 30 days' counts. */
export async function overviewOf(db: Db, affiliateGuid: string, now: Date): Promise<AffiliateOverview> {
  const status = referralStatusAt(now);
  const [allTime, recent, [money]] = await Promise.all([
    countsSince(db, affiliateGuid, null),
    countsSince(db, affiliateGuid, new Date(now.getTime() - 30 * 86_400_000)),
    db
      .select({
        total: sql<number>`coalesce(sum(${referrals.payoutCents}), 0)::int`,
        clearing: sql<number>`coalesce(sum(${referrals.payoutCents}) filter (where ${status} = 'CLEARING'), 0)::int`,
        unpaid: sql<number>`coalesce(sum(${referrals.payoutCents}) filter (where ${status} = 'UNPAID'), 0)::int`,
      })
      .from(referrals)
      .where(and(eq(referrals.affiliateGuid, affiliateGuid), ne(referrals.status, 'REVERSED'))),
  ]);
  return {
    ...allTime,
    total_earnings: Number(money?.total ?? 0),
    clearing_earnings: Number(money?.clearing ?? 0),
    unpaid_earnings: Number(money?.unpaid ?? 0),
    currency: PROGRAMME_CURRENCY,
    last_30_days: recent,
  };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const utcDay = (column: typeof affiliateVisits.dateCreated | typeof referrals.dateCreated) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Spec part 3, 3 "Report row": per UTC day from start to end, every day present (zeros too). */
export async function reportOf(db: Db, affiliateGuid: string, range: ReportRange): Promise<ReportRow[]> {
  const from = dayStart(range.start);
  const until = dayStart(addDays(range.end, 1));
  const visitDay = utcDay(affiliateVisits.dateCreated);
  const referralDay = utcDay(referrals.dateCreated);
  const [clicks, earned] = await Promise.all([
    db
      .select({ day: visitDay, n: sql<number>`count(*)::int` })
      .from(affiliateVisits)
      .where(and(eq(affiliateVisits.affiliateGuid, affiliateGuid), gte(affiliateVisits.dateCreated, from), lt(affiliateVisits.dateCreated, until)))
      .groupBy(visitDay),
    db
      .select({
        day: referralDay,
        referrals: sql<number>`(count(*) filter (where ${referrals.payoutType} = 'NEW'))::int`,
        earnings: sql<number>`coalesce(sum(${referrals.payoutCents}), 0)::int`,
      })
      .from(referrals)
      .where(and(eq(referrals.affiliateGuid, affiliateGuid), ne(referrals.status, 'REVERSED'), gte(referrals.dateCreated, from), lt(referrals.dateCreated, until)))
      .groupBy(referralDay),
  ]);
  const clicksOf = new Map(clicks.map((r) => [r.day, Number(r.n)]));
  const earnedOf = new Map(earned.map((r) => [r.day, r]));
  return daysBetween(range).map((date) => ({
    date,
    referrals: Number(earnedOf.get(date)?.referrals ?? 0),
    clicks: clicksOf.get(date) ?? 0,
    earnings: Number(earnedOf.get(date)?.earnings ?? 0),
  }));
}

type InvoiceRow = typeof affiliateInvoices.$inferSelect;

export const invoiceSummaryOf = (r: InvoiceRow) => ({
  id: r.id,
  status: r.status,
  currency: r.currency,
  gross_amount: r.grossAmountCents,
  tax: r.taxCents,
  net_amount: r.netAmountCents,
  period_start: r.periodStart.toISOString(),
  period_end: r.periodEnd.toISOString(),
  date_created: r.dateCreated.toISOString(),
});

/** The affiliate's own invoice with its items; another person's, or none, answers 404 with `missing`. */
export async function loadAffiliateInvoice(db: Db, affiliateGuid: string, id: number, issuer: Seller, missing: string): Promise<AffiliateInvoice> {
  const [r] = await db
    .select()
    .from(affiliateInvoices)
    .where(and(eq(affiliateInvoices.id, id), eq(affiliateInvoices.affiliateGuid, affiliateGuid)));
  if (!r) throw notFound(missing);
  const items = await db.select().from(affiliateInvoiceItems).where(eq(affiliateInvoiceItems.invoiceId, id)).orderBy(asc(affiliateInvoiceItems.description));
  return {
    ...invoiceSummaryOf(r),
    tax_rate: r.taxRate,
    issuer,
    ...partyOf(r),
    vat: r.vatId ? { vat_id: r.vatId } : null,
    payment_terms: { payment_term: r.paymentTerm, billing_cycle: r.billingCycle },
    items: items.map((i) => ({ guid: i.guid, description: i.description, payout: i.payoutCents })),
    date_paid: r.datePaid?.toISOString() ?? null,
  };
}

/** The newest referral payouts (spec part 3, 2.10: the Overview's recent activity table). */
export async function recentActivityOf(db: Db, affiliateGuid: string, now: Date, limit = 10) {
  const rows = await db
    .select({
      guid: referrals.guid,
      payout: referrals.payoutCents,
      currency: referrals.currency,
      payoutType: referrals.payoutType,
      status: referralStatusAt(now),
      dateCreated: referrals.dateCreated,
      dateClears: referrals.dateClears,
    })
    .from(referrals)
    .where(eq(referrals.affiliateGuid, affiliateGuid))
    .orderBy(desc(referrals.dateCreated), desc(referrals.guid))
    .limit(limit);
  return rows.map((r) => ({
    guid: r.guid,
    payout: r.payout,
    currency: r.currency,
    payout_type: r.payoutType === 'RECURRING' ? ('RECURRING' as const) : ('NEW' as const),
    status: r.status,
    date_created: r.dateCreated.toISOString(),
    date_clears: r.dateClears.toISOString(),
  }));
}

/** A DEFAULT link's hash: 8 random characters of a-z and 0-9 (about 41 bits). */
export function randomLinkHash(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** A click id for a followed link: unguessable, carried back at sign-up as aff_click_id. */
export const newClickId = () => `clk_${randomBytes(12).toString('base64url')}`;
