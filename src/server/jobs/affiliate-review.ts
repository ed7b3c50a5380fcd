import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { affiliateAccounts, affiliateLinks } from '../db/schema/index';

/**
 * The reference API's stand-in for the affiliate team (spec part 3, 4 "Affiliate"): in a real
 * programme a person reviews each application (within 2 working days) and each custom link by
 * hand. Here a job approves every PENDING application and custom link once it has waited
 * AFFILIATE_REVIEW_MINUTES (default 5; 0 approves at the next run), so the whole path can be
 * walked locally. It runs once a minute across all processes.
 */
export const AFFILIATE_REVIEW_QUEUE = 'affiliate.review';
export const AFFILIATE_REVIEW_CRON = '* * * * *';
export const DEFAULT_AFFILIATE_REVIEW_MINUTES = 5;

export function affiliateReviewDelayMs(env: Record<string, string | undefined> = process.env): number {
  const minutes = Number(env.AFFILIATE_REVIEW_MINUTES);
  return (env.AFFILIATE_REVIEW_MINUTES !== undefined && Number.isFinite(minutes) && minutes >= 0 ? minutes : DEFAULT_AFFILIATE_REVIEW_MINUTES) * 60_000;
}

/** Approves what has waited `delayMs` by `now`; answers how many applications and links it approved. */
export async function approveDueAffiliateRequests(db: Db, now: Date, delayMs = affiliateReviewDelayMs()): Promise<{ applications: number; links: number }> {
  const due = new Date(now.getTime() - delayMs);
  const applications = await db
    .update(affiliateAccounts)
    .set({ status: 'ACTIVE', dateApproved: now })
    .where(and(eq(affiliateAccounts.status, 'PENDING'), lte(affiliateAccounts.dateCreated, due)))
    .returning({ guid: affiliateAccounts.guid });
  const links = await db
    .update(affiliateLinks)
    .set({ status: 'ACTIVE' })
    .where(and(eq(affiliateLinks.status, 'PENDING'), eq(affiliateLinks.linkType, 'CUSTOM'), lte(affiliateLinks.dateCreated, due)))
    .returning({ guid: affiliateLinks.guid });
  return { applications: applications.length, links: links.length };
}
