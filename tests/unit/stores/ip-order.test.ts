import { describe, expect, it } from 'vitest';
import type { IpOrderOptions, MarketplaceEntry } from '../../../src/lib/api/ip-orders';
import { CHOOSE_A_LOCATION, SHARED_ONE_SLOT, TOO_MANY_SLOTS, ipOrderSchema } from '../../../src/lib/schemas/ip-orders';
import { fieldErrors } from '../../../src/lib/schemas/auth';
import { $tourDismissed, chosenLocations, clampCount, couponOverrides, dismissTour, orderBody, slotsProblem, summaryOf, typedSlots } from '../../../src/stores/ip-order';

const place = (hash: string, city: string, available: number, price: number) => ({
  hash,
  id: '00000000-0000-4000-8000-000000000000',
  city,
  country: 'United States',
  country_code: 'US',
  location: hash,
  ip_address_count: available,
  price,
  site_price: 100,
  currency: 'USD' as const,
});

const entries: MarketplaceEntry[] = [
  { country_code: 'US', country_name: 'United States', locations: [place('us-nyc', 'New York', 20, 300), place('us-chi', 'Chicago', 5, 290), place('us-mia', 'Miami', 0, 310)] },
];
const options: Pick<IpOrderOptions, 'currency' | 'tax_rate' | 'eur_per_usd'> = { currency: 'USD', tax_rate: 0, eur_per_usd: 0.92 };
const annually = { name: 'ANNUALLY', value: 12, discount: { discount_type: 'PERCENTAGE' as const, percentage_value: 15 } };

describe('the wizard’s counts and slots (spec part 3, 5)', () => {
  it('keeps a count from 0 to the available count', () => {
    expect(clampCount(3, 20)).toBe(3);
    expect(clampCount(25, 20)).toBe(20);
    expect(clampCount(-2, 20)).toBe(0);
    expect(clampCount(Number.NaN, 20)).toBe(0);
    expect(clampCount(2.7, 20)).toBe(2);
  });

  it('keeps slots as typed, at least 1, and says when there are too many instead of cutting them to 10', () => {
    expect(typedSlots(4)).toBe(4);
    expect(typedSlots(11)).toBe(11);
    expect(typedSlots(0)).toBe(1);
    expect(typedSlots(2.7)).toBe(2);
    expect(typedSlots(Number.NaN)).toBe(1);
    expect(slotsProblem(10, 'DEDICATED')).toBeNull();
    expect(slotsProblem(11, 'DEDICATED')).toBe(TOO_MANY_SLOTS);
    expect(slotsProblem(1, 'SHARED')).toBeNull();
    expect(slotsProblem(3, 'SHARED')).toBe(SHARED_ONE_SLOT);
  });
});

describe('the order the wizard sends', () => {
  const picks = { 'us-nyc': { count: 2, slots: 3 }, 'us-chi': { count: 0, slots: 5 }, 'us-mia': { count: 1, slots: 1 } };

  it('names the locations with a count, slots beyond the first, a blank coupon as null', () => {
    expect(chosenLocations(entries, picks).map((c) => c.location.hash)).toEqual(['us-nyc', 'us-mia']);
    const body = orderBody({ group: 'g', ipType: 'DEDICATED', filter: 'C', excludedGroups: ['x'], billingCycle: 'ANNUALLY', coupon: '  ' }, entries, picks);
    expect(body).toEqual({
      group: 'g',
      billing_cycle: 'ANNUALLY',
      locations: [
        { location: 'us-nyc', ip_address_count: 2, additional_site_count: 2 },
        { location: 'us-mia', ip_address_count: 1, additional_site_count: 0 },
      ],
      ip_address_filter: 'C',
      ip_address_type: 'DEDICATED',
      excluded_groups: ['x'],
      coupon: null,
    });
  });

  it('is checked with the sentences of spec 5', () => {
    const group = '3f1c8a52-7d1e-4b7a-9a53-0a0c7a8d1e11';
    const check = (over: object) => {
      const parsed = ipOrderSchema.safeParse({
        group,
        billing_cycle: 'ANNUALLY',
        ip_address_type: 'DEDICATED',
        ip_address_filter: 'C',
        excluded_groups: [],
        coupon: null,
        ...over,
      });
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(check({ locations: [{ location: 'us-nyc', ip_address_count: 0, additional_site_count: 0 }] })).toEqual({ locations: CHOOSE_A_LOCATION });
    expect(check({ locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 10 }] })).toEqual({ 'locations.0.additional_site_count': TOO_MANY_SLOTS });
    expect(check({ ip_address_type: 'SHARED', locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 1 }] })).toEqual({
      'locations.0.additional_site_count': SHARED_ONE_SLOT,
    });
    const ok = ipOrderSchema.safeParse({ group, locations: [{ location: 'us-nyc', ip_address_count: 1 }], coupon: ' welcome10 ' });
    expect(ok.success && ok.data).toMatchObject({ billing_cycle: 'ANNUALLY', ip_address_type: 'DEDICATED', ip_address_filter: 'C', coupon: 'WELCOME10' });
  });
});

describe('the summary (spec part 3, 9)', () => {
  it('totals by the monthly formula times the cycle, less the cycle’s discount', () => {
    // New York: 2 x $3.00 + (3 - 1) x $1.00 x 2 = $10.00 a month; Chicago: 1 x $2.90 = $2.90.
    const priced = summaryOf({
      ipType: 'DEDICATED',
      entries,
      picks: { 'us-nyc': { count: 2, slots: 3 }, 'us-chi': { count: 1, slots: 1 } },
      cycle: annually,
      coupon: null,
      options,
    });
    expect(priced.monthly_total).toBe(1290);
    expect(priced.sub_total).toBe(1290 * 12);
    expect(priced.discount_amount).toBe(2322);
    expect(priced.total_amount).toBe(15480 - 2322);
    expect(priced.items.map((i) => i.description)).toEqual([
      'Dedicated IP address hosting, New York, United States',
      'Additional website slots, New York, United States',
      'Dedicated IP address hosting, Chicago, United States',
    ]);
  });

  it('lets a coupon replace the cycle’s discount and says so on ANNUALLY', () => {
    const coupon = { code: 'IPANNUAL20', name: 'Annual IP discount', discount_type: 'PERCENTAGE' as const, percentage_value: 20 };
    const priced = summaryOf({ ipType: 'DEDICATED', entries, picks: { 'us-nyc': { count: 1, slots: 1 } }, cycle: annually, coupon, options });
    expect(priced.discount_amount).toBe(720);
    expect(priced.coupon_code).toEqual({ name: 'IPANNUAL20', value: '20%' });
    expect(couponOverrides('ANNUALLY', coupon)).toBe(true);
    expect(couponOverrides('MONTHLY', coupon)).toBe(false);
    expect(couponOverrides('ANNUALLY', null)).toBe(false);
  });
});

describe('the guided tour', () => {
  it('is remembered as dismissed', () => {
    $tourDismissed.set('');
    dismissTour();
    expect($tourDismissed.get()).toBe('dismissed');
  });
});
