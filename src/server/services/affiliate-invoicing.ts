import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { affiliateAccounts, affiliateInvoiceItems, affiliateInvoices, referrals } from '../db/schema/index';
import { PROVIDER_TAX_RATE } from '../../lib/billing';

/** The first instant of `now`'s month, UTC. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The programme's monthly payout run (spec part 3, 9 "Affiliate": payments in USD above a
 * threshold, monthly): for each ACTIVE affiliate, the payouts that cleared before this month began
 * and are on no invoice yet go on one self-billed invoice (the provider issues it to the
 * affiliate, spec part 3, 2.10) once they reach the affiliate's payment threshold; below it they
 * wait for the next month. Idempotent, so it can run as often as the job does: a payout is
 * claimed by its invoice in the same transaction, under a lock on the affiliate's row. The
 * provider then pays the invoice by the payment details on file; that step is the provider's.
 */
export async function invoiceClearedPayouts(db: Db, now: Date): Promise<number[]> {
  const cutoff = monthStart(now);
  const due = await db
    .selectDistinct({ affiliate: referrals.affiliateGuid })
    .from(referrals)
    .innerJoin(affiliateAccounts, eq(affiliateAccounts.guid, referrals.affiliateGuid))
    .where(and(eq(affiliateAccounts.status, 'ACTIVE'), isNull(referrals.affiliateInvoiceId), sql`${referrals.status} in ('CLEARING', 'UNPAID')`, lt(referrals.dateClears, cutoff)));
  const made: number[] = [];
  for (const { affiliate } of due) {
    const id = await db.transaction(async (tx) => {
      const [account] = await tx.select().from(affiliateAccounts).where(eq(affiliateAccounts.guid, affiliate)).for('update');
      if (account?.status !== 'ACTIVE') return null;
      const payouts = await tx
        .select()
        .from(referrals)
        .where(
          and(eq(referrals.affiliateGuid, affiliate), isNull(referrals.affiliateInvoiceId), sql`${referrals.status} in ('CLEARING', 'UNPAID')`, lt(referrals.dateClears, cutoff)),
        )
        .orderBy(asc(referrals.dateClears), asc(referrals.guid));
      const gross = payouts.reduce((sum, r) => sum + r.payoutCents, 0);
      if (!payouts.length || gross < account.paymentThresholdCents) return null;
      const [invoice] = await tx
        .insert(affiliateInvoices)
        .values({
          affiliateGuid: affiliate,
          status: 'UNPAID',
          currency: 'USD',
          grossAmountCents: gross,
          taxCents: 0,
          taxRate: PROVIDER_TAX_RATE,
          netAmountCents: gross,
          periodStart: payouts[0]!.dateClears,
          periodEnd: cutoff,
          companyName: account.companyName,
          firstName: account.firstName,
          lastName: account.lastName,
          address1: account.address1,
          address2: account.address2,
          region: account.region,
          country: account.country,
          postalCode: account.postalCode,
          vatId: account.vatId,
          paymentTerm: account.paymentTerm,
          billingCycle: account.billingCycle,
          dateCreated: now,
        })
        .returning({ id: affiliateInvoices.id });
      await tx.insert(affiliateInvoiceItems).values(
        payouts.map((r) => ({
          invoiceId: invoice!.id,
          referralGuid: r.guid,
          description: `${r.payoutType === 'NEW' ? 'New referral' : 'Recurring'} commission, cleared ${r.dateClears.toISOString().slice(0, 10)}`,
          payoutCents: r.payoutCents,
        })),
      );
      await tx
        .update(referrals)
        .set({ affiliateInvoiceId: invoice!.id, status: 'UNPAID' })
        .where(
          inArray(
            referrals.guid,
            payouts.map((r) => r.guid),
          ),
        );
      return invoice!.id;
    });
    if (id !== null) made.push(id);
  }
  return made;
}
