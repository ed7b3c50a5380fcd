import type { CouponTermsAnswer } from '../api/ip-orders';
import type { CouponTerms } from '../billing';

/** A coupon as the options calls answer it, as the pricing module takes it (IP and shared hosting orders alike). */
export const couponTermsOf = (coupon: CouponTermsAnswer): CouponTerms =>
  coupon.discount_type === 'FIXED_AMOUNT'
    ? { code: coupon.code, discountType: 'FIXED_AMOUNT', amountCents: coupon.amount, currency: coupon.currency }
    : { code: coupon.code, discountType: 'PERCENTAGE', percentageValue: coupon.percentage_value };
