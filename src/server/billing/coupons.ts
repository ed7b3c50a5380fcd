import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { CouponTermsAnswer } from '../../lib/api/ip-orders';
import type { CouponTerms, Currency } from '../../lib/billing';
import { BAD_COUPON } from '../../lib/schemas/ip-orders';
import type { Db } from '../db/connection';
import { companies, coupons } from '../db/schema/index';
import { badRequest } from '../http/errors';

/**
 * Coupons and the company's currency as every order reads them (spec part 3, 3 "Coupon";
 * 9 "Ordering"): IP address orders and shared hosting orders differ only in their order type.
 */

export type CouponRow = typeof coupons.$inferSelect;

/** The currency a company is billed in (spec part 3, 3 "Company": USD unless EUR). */
export async function companyCurrency(db: Db, companyGuid: string): Promise<Currency> {
  const [row] = await db.select({ currency: companies.currency }).from(companies).where(eq(companies.guid, companyGuid));
  return row?.currency === 'EUR' ? 'EUR' : 'USD';
}

/** A coupon usable on an order of `orderType` today: active, not expired, redemptions left, for this order type. */
export async function usableCoupon(db: Db, orderType: string, code: string, now: Date): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(
      and(
        sql`upper(${coupons.code}) = ${code.toUpperCase()}`,
        eq(coupons.isActive, true),
        or(isNull(coupons.dateExpires), gt(coupons.dateExpires, now)),
        or(isNull(coupons.maxRedemptions), sql`${coupons.redemptions} < ${coupons.maxRedemptions}`),
      ),
    );
  if (!row || (row.orderTypes.length > 0 && !row.orderTypes.includes(orderType))) return null;
  if (row.discountType === 'FIXED_AMOUNT' ? row.amountCents === null : row.percentageValue === null) return null;
  return row;
}

export function couponTermsOf(row: CouponRow): CouponTerms {
  return row.discountType === 'FIXED_AMOUNT'
    ? { code: row.code, discountType: 'FIXED_AMOUNT', amountCents: row.amountCents!, currency: row.currency === 'EUR' ? 'EUR' : 'USD' }
    : { code: row.code, discountType: 'PERCENTAGE', percentageValue: row.percentageValue! };
}

export function couponAnswer(row: CouponRow): CouponTermsAnswer {
  const terms = couponTermsOf(row);
  return terms.discountType === 'FIXED_AMOUNT'
    ? { code: row.code, name: row.name, discount_type: 'FIXED_AMOUNT', amount: terms.amountCents, currency: terms.currency }
    : { code: row.code, name: row.name, discount_type: 'PERCENTAGE', percentage_value: terms.percentageValue };
}

/** The coupon a code names, usable on `orderType` today: null without a code, 400 with the spec's message for one that cannot be used. */
export async function orderCoupon(db: Db, orderType: string, code: string | null | undefined, now: Date): Promise<CouponRow | null> {
  if (!code) return null;
  const row = await usableCoupon(db, orderType, code, now);
  if (!row) throw badRequest({ coupon: BAD_COUPON });
  return row;
}

/** The order options' `coupon`, as an order would take it. */
export async function couponOption(db: Db, orderType: string, code: string | undefined, now: Date): Promise<CouponTermsAnswer | null> {
  const row = await orderCoupon(db, orderType, code, now);
  return row && couponAnswer(row);
}

/**
 * Counts one redemption inside the order's transaction. Counted under the row's own condition:
 * two orders at once cannot both take the last redemption (the loser gets BAD_COUPON).
 */
export async function redeemCoupon(tx: Db, couponGuid: string): Promise<void> {
  const redeemed = await tx
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(and(eq(coupons.guid, couponGuid), or(isNull(coupons.maxRedemptions), sql`${coupons.redemptions} < ${coupons.maxRedemptions}`)))
    .returning({ guid: coupons.guid });
  if (!redeemed.length) throw badRequest({ coupon: BAD_COUPON });
}
