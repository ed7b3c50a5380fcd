import { describe, expect, it } from 'vitest';
import {
  extraContentPerWebsiteUsd,
  invoiceOf,
  ipLocationMonthlyTotal,
  priceIpOrder,
  priceWebsiteSetup,
  type BillingCycleTerms,
  type CouponTerms,
  type IpOrderLocation,
  type PricedInvoice,
} from '../../../../src/lib/billing/pricing';

const MONTHLY: BillingCycleTerms = { name: 'MONTHLY', months: 1, discountPercentage: null };
const QUARTERLY: BillingCycleTerms = { name: 'QUARTERLY', months: 3, discountPercentage: 5 };
const ANNUALLY: BillingCycleTerms = { name: 'ANNUALLY', months: 12, discountPercentage: 15 };
const WELCOME10: CouponTerms = { code: 'WELCOME10', discountType: 'PERCENTAGE', percentageValue: 10 };
const IPANNUAL20: CouponTerms = { code: 'IPANNUAL20', discountType: 'PERCENTAGE', percentageValue: 20 };

/** 3 dedicated addresses at $4.00 with 5 website slots each, extra slots at $0.50. */
const DALLAS: IpOrderLocation = { city: 'Dallas', country: 'United States', count: 3, slots: 5, priceCents: 400, sitePriceCents: 50 };
/** 2 dedicated addresses at $3.50 with 1 slot (no extra slots), extra slots at $1.00. */
const FRANKFURT: IpOrderLocation = { city: 'Frankfurt', country: 'Germany', count: 2, slots: 1, priceCents: 350, sitePriceCents: 100 };

/** What every invoice must satisfy whatever its inputs. */
function expectConsistent(invoice: PricedInvoice) {
  for (const item of invoice.items) expect(item.sub_total).toBe(item.quantity * item.rate);
  expect(invoice.sub_total).toBe(invoice.items.reduce((sum, item) => sum + item.sub_total, 0));
  expect(invoice.initial_amount).toBe(invoice.sub_total - invoice.discount_amount);
  expect(invoice.total_amount).toBe(invoice.initial_amount + invoice.initial_tax);
}

describe('the monthly total of a location (spec part 3, 9)', () => {
  it('is count x price + (slots - 1) x site price x count', () => {
    // 3 x $4.00 + (5 - 1) x $0.50 x 3 = $12.00 + $6.00 = $18.00
    expect(ipLocationMonthlyTotal(DALLAS)).toBe(1800);
    // 2 x $3.50 + 0 = $7.00
    expect(ipLocationMonthlyTotal(FRANKFURT)).toBe(700);
    // 1 x $2.25 + (10 - 1) x $0.75 x 1 = $2.25 + $6.75 = $9.00
    expect(ipLocationMonthlyTotal({ count: 1, slots: 10, priceCents: 225, sitePriceCents: 75 })).toBe(900);
  });
});

describe('priceIpOrder', () => {
  it('prices one location monthly: an address line and an extra slots line', () => {
    const priced = priceIpOrder({ ipAddressType: 'DEDICATED', locations: [DALLAS], cycle: MONTHLY }, { currency: 'USD' });
    expect(priced.items).toEqual([
      { description: 'Dedicated IP address hosting, Dallas, United States', period_start: null, period_end: null, quantity: 3, rate: 400, sub_total: 1200 },
      { description: 'Additional website slots, Dallas, United States', period_start: null, period_end: null, quantity: 12, rate: 50, sub_total: 600 },
    ]);
    expect(priced).toMatchObject({
      monthly_total: 1800,
      sub_total: 1800,
      coupon_code: null,
      discount_source: null,
      discount_amount: 0,
      tax_rate: 0,
      initial_amount: 1800,
      initial_tax: 0,
      total_amount: 1800,
    });
    expectConsistent(priced);
  });

  it('prices two cities annually with the cycle default 15% off', () => {
    const priced = priceIpOrder({ ipAddressType: 'DEDICATED', locations: [DALLAS, FRANKFURT], cycle: ANNUALLY }, { currency: 'USD' });
    // Dallas: 3 x ($4.00 x 12) = $144.00 and 12 slots x ($0.50 x 12) = $72.00; Frankfurt: 2 x ($3.50 x 12) = $84.00.
    expect(priced.items.map((i) => [i.description, i.quantity, i.rate, i.sub_total])).toEqual([
      ['Dedicated IP address hosting, Dallas, United States', 3, 4800, 14_400],
      ['Additional website slots, Dallas, United States', 12, 600, 7200],
      ['Dedicated IP address hosting, Frankfurt, Germany', 2, 4200, 8400],
    ]);
    expect(priced.locations).toEqual([
      { city: 'Dallas', country: 'United States', monthly_total: 1800 },
      { city: 'Frankfurt', country: 'Germany', monthly_total: 700 },
    ]);
    // $25.00 a month x 12 = $300.00; 15% off = $45.00; $255.00 due.
    expect(priced.monthly_total).toBe(2500);
    expect(priced).toMatchObject({ sub_total: 30_000, discount_source: 'BILLING_CYCLE', discount_amount: 4500, total_amount: 25_500 });
    expectConsistent(priced);
  });

  it('lets a coupon on ANNUALLY override the default discount, even a smaller one', () => {
    const order = { ipAddressType: 'DEDICATED' as const, locations: [DALLAS, FRANKFURT], cycle: ANNUALLY };
    // 10% of $300.00 = $30.00 instead of 15% = $45.00: $270.00.
    expect(priceIpOrder({ ...order, coupon: WELCOME10 }, { currency: 'USD' })).toMatchObject({
      coupon_code: { name: 'WELCOME10', value: '10%' },
      discount_source: 'COUPON',
      discount_amount: 3000,
      total_amount: 27_000,
    });
    // 20% of $300.00 = $60.00, not 15% + 20%: $240.00.
    expect(priceIpOrder({ ...order, coupon: IPANNUAL20 }, { currency: 'USD' })).toMatchObject({ discount_amount: 6000, total_amount: 24_000 });
  });

  it('lets a coupon replace the default discount on other cycles too', () => {
    const priced = priceIpOrder({ ipAddressType: 'DEDICATED', locations: [DALLAS, FRANKFURT], cycle: QUARTERLY, coupon: WELCOME10 }, { currency: 'USD' });
    // $25.00 x 3 = $75.00; 10% = $7.50 (not 5% + 10%); $67.50.
    expect(priced).toMatchObject({ sub_total: 7500, discount_amount: 750, total_amount: 6750 });
    // Without the coupon the quarter's 5%: $3.75.
    expect(priceIpOrder({ ipAddressType: 'DEDICATED', locations: [DALLAS, FRANKFURT], cycle: QUARTERLY }, { currency: 'USD' }).discount_amount).toBe(375);
  });

  it('takes a fixed amount coupon off, never below zero, converting a USD coupon once for EUR', () => {
    const five: CouponTerms = { code: 'FIVE', discountType: 'FIXED_AMOUNT', amountCents: 500, currency: 'USD' };
    const hundred: CouponTerms = { code: 'HUNDRED', discountType: 'FIXED_AMOUNT', amountCents: 10_000, currency: 'USD' };
    const order = { ipAddressType: 'DEDICATED' as const, locations: [DALLAS], cycle: MONTHLY };
    expect(priceIpOrder({ ...order, coupon: five }, { currency: 'USD' })).toMatchObject({
      coupon_code: { name: 'FIVE', value: '$5.00' },
      discount_amount: 500,
      total_amount: 1300,
    });
    expect(priceIpOrder({ ...order, coupon: hundred }, { currency: 'USD' })).toMatchObject({ discount_amount: 1800, total_amount: 0 });
    // An EUR invoice of €18.00 (EUR marketplace prices): $5.00 at 0.92 = €4.60 off.
    expect(priceIpOrder({ ...order, coupon: five }, { currency: 'EUR', eurPerUsd: 0.92 })).toMatchObject({ discount_amount: 460, total_amount: 1340 });
    expect(() => priceIpOrder({ ...order, coupon: five }, { currency: 'EUR' })).toThrow(RangeError);
    const euroCoupon: CouponTerms = { code: 'EURO', discountType: 'FIXED_AMOUNT', amountCents: 500, currency: 'EUR' };
    expect(() => priceIpOrder({ ...order, coupon: euroCoupon }, { currency: 'USD', eurPerUsd: 0.92 })).toThrow(RangeError);
  });

  it('charges tax on the discounted amount, rounding odd cents once', () => {
    const annual = priceIpOrder({ ipAddressType: 'DEDICATED', locations: [DALLAS, FRANKFURT], cycle: ANNUALLY, coupon: WELCOME10 }, { currency: 'USD', taxRate: 21 });
    // $270.00 x 21% = $56.70; $326.70.
    expect(annual).toMatchObject({ tax_rate: 21, initial_amount: 27_000, initial_tax: 5670, total_amount: 32_670 });

    const odd: IpOrderLocation = { city: 'Tallinn', country: 'Estonia', count: 1, slots: 1, priceCents: 1999, sitePriceCents: 100 };
    // $19.99 - 15% ($2.9985 -> $3.00) = $16.99; tax 21% = $3.5679 -> $3.57; $20.56.
    const priced = priceIpOrder({ ipAddressType: 'DEDICATED', locations: [odd], cycle: { name: 'X', months: 1, discountPercentage: 15 } }, { currency: 'USD', taxRate: 21 });
    expect(priced).toMatchObject({ sub_total: 1999, discount_amount: 300, initial_amount: 1699, initial_tax: 357, total_amount: 2056 });
    expectConsistent(priced);
  });

  it('rounds a half cent of discount away from zero', () => {
    const location: IpOrderLocation = { city: 'Oslo', country: 'Norway', count: 1, slots: 1, priceCents: 1990, sitePriceCents: 0 };
    // 15% of $19.90 = $2.985 -> $2.99.
    expect(priceIpOrder({ ipAddressType: 'DEDICATED', locations: [location], cycle: { name: 'X', months: 1, discountPercentage: 15 } }, { currency: 'USD' }).discount_amount).toBe(
      299,
    );
  });

  it('names shared addresses, leaves out a location of 0 and dates the lines with the period', () => {
    const shared: IpOrderLocation = { city: 'Dallas', country: 'United States', count: 4, slots: 1, priceCents: 100, sitePriceCents: 0 };
    const none: IpOrderLocation = { ...FRANKFURT, count: 0 };
    const start = new Date('2027-01-31T10:00:00Z');
    const priced = priceIpOrder({ ipAddressType: 'SHARED', locations: [none, shared], cycle: MONTHLY, periodStart: start }, { currency: 'USD' });
    expect(priced.items).toEqual([
      {
        description: 'Shared IP address hosting, Dallas, United States',
        period_start: start,
        period_end: new Date('2027-02-28T10:00:00Z'),
        quantity: 4,
        rate: 100,
        sub_total: 400,
      },
    ]);
    expect(priced.locations).toHaveLength(1);
    const annual = priceIpOrder({ ipAddressType: 'SHARED', locations: [shared], cycle: ANNUALLY, periodStart: start }, { currency: 'USD' });
    expect(annual.items[0]!.period_end).toEqual(new Date('2028-01-31T10:00:00Z'));
  });

  it('refuses counts and slots that cannot be', () => {
    const order = (location: IpOrderLocation) => () => priceIpOrder({ ipAddressType: 'DEDICATED', locations: [location], cycle: MONTHLY }, { currency: 'USD' });
    expect(order({ ...DALLAS, count: -1 })).toThrow(RangeError);
    expect(order({ ...DALLAS, count: 1.5 })).toThrow(RangeError);
    expect(order({ ...DALLAS, slots: 0 })).toThrow(RangeError);
    expect(() => priceIpOrder({ ipAddressType: 'DEDICATED', locations: [DALLAS], cycle: { ...MONTHLY, months: 0 } }, { currency: 'USD' })).toThrow(RangeError);
  });
});

describe('invoiceOf', () => {
  it('totals lines without any discount when neither cycle nor coupon is given', () => {
    const items = [{ description: 'Thing', period_start: null, period_end: null, quantity: 2, rate: 333, sub_total: 666 }];
    expect(invoiceOf(items, { currency: 'EUR', taxRate: 7.25 })).toMatchObject({
      currency: 'EUR',
      sub_total: 666,
      discount_amount: 0,
      initial_tax: 48, // 48.285
      total_amount: 714,
    });
  });
});

describe('priceWebsiteSetup (spec part 3, 9)', () => {
  it('scales extra content by (count - 15) / 15 x $150', () => {
    expect([15, 30, 50, 75, 100].map(extraContentPerWebsiteUsd)).toEqual([0, 15_000, 35_000, 60_000, 85_000]);
  });

  it('prices every option for 10 websites with 50 articles', () => {
    const priced = priceWebsiteSetup({ websiteCount: 10, contentCount: 50, premiumTheme: true, managedHosting: true, whiteGloveDomainPicking: true }, { currency: 'USD' });
    expect(priced.items.map((i) => [i.description, i.quantity, i.rate, i.sub_total])).toEqual([
      ['Website setup', 10, 25_000, 250_000],
      ['Extra content: 50 articles per website', 10, 35_000, 350_000],
      ['Premium theme', 10, 7500, 75_000],
      ['Managed hosting, 12 months', 1, 50_000, 50_000],
      ['White-glove domain picking', 1, 0, 0],
    ]);
    // $2,500 + $3,500 + $750 + $500 = $7,250.00
    expect(priced).toMatchObject({ sub_total: 725_000, discount_amount: 0, total_amount: 725_000 });
    expectConsistent(priced);
  });

  it('prices the plain order and 3 websites with 30 articles', () => {
    expect(
      priceWebsiteSetup({ websiteCount: 1, contentCount: 15, premiumTheme: false, managedHosting: false, whiteGloveDomainPicking: false }, { currency: 'USD' }).total_amount,
    ).toBe(25_000);
    // 3 x $250 + 3 x $150 = $1,200.00
    expect(
      priceWebsiteSetup({ websiteCount: 3, contentCount: 30, premiumTheme: false, managedHosting: false, whiteGloveDomainPicking: false }, { currency: 'USD' }).total_amount,
    ).toBe(120_000);
  });

  it('converts each USD unit price once for an EUR invoice', () => {
    const priced = priceWebsiteSetup(
      { websiteCount: 2, contentCount: 50, premiumTheme: true, managedHosting: false, whiteGloveDomainPicking: false },
      { currency: 'EUR', eurPerUsd: 0.92 },
    );
    // €230.00, €322.00 and €69.00 per website, x 2 = €1,242.00
    expect(priced.items.map((i) => i.rate)).toEqual([23_000, 32_200, 6900]);
    expect(priced.total_amount).toBe(124_200);
    expect(() => priceWebsiteSetup({ websiteCount: 2, contentCount: 15, premiumTheme: false, managedHosting: false, whiteGloveDomainPicking: false }, { currency: 'EUR' })).toThrow(
      RangeError,
    );
  });

  it('refuses counts outside the offer and white glove below 10 websites', () => {
    const base = { websiteCount: 10, contentCount: 15, premiumTheme: false, managedHosting: false, whiteGloveDomainPicking: true };
    expect(() => priceWebsiteSetup({ ...base, websiteCount: 9 }, { currency: 'USD' })).toThrow('White-glove domain picking needs at least 10 websites');
    expect(() => priceWebsiteSetup({ ...base, websiteCount: 0 }, { currency: 'USD' })).toThrow('Please enter a valid website count between 1 and 100!');
    expect(() => priceWebsiteSetup({ ...base, websiteCount: 101 }, { currency: 'USD' })).toThrow('Please enter a valid website count between 1 and 100!');
    expect(() => priceWebsiteSetup({ ...base, contentCount: 40 }, { currency: 'USD' })).toThrow(RangeError);
    expect(priceWebsiteSetup({ ...base, websiteCount: 100, contentCount: 100 }, { currency: 'USD' }).total_amount).toBe(100 * 25_000 + 100 * 85_000);
  });
});
