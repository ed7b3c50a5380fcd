import type { BillingCycleOption, CouponTermsAnswer, IpOrderOptions, MarketplaceEntry, MarketplaceLocation } from '../api/ip-orders';
import { priceIpOrder, type PricedIpOrder } from '../billing';
import { MAX_SLOTS, normaliseCoupon, SHARED_ONE_SLOT, TOO_MANY_SLOTS, type IpAddressType, type IpFilter, type IpOrderInput } from '../schemas/ip-orders';
import { couponTermsOf } from './coupon-terms';

export { couponTermsOf };

/**
 * The IP order's rules shared by the panel's wizard (src/stores/ip-order.ts) and the CLI's
 * `hostdeck ip order` (spec part 3, 2.3, 5 "IP order", 9 "Ordering"): what a location takes,
 * which lines the order names, and its summary priced by priceIpOrder, the function the server
 * writes the invoice with, so both show the total the invoice will carry.
 */

/** What page 2 holds for one location: addresses wanted and website slots per address. */
export interface LocationPick {
  count: number;
  slots: number;
}

/** A count from 0 to what the location has (spec part 3, 5); anything typed that is not a number is 0. */
export function clampCount(value: number, available: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(0, Math.trunc(value)), Math.max(0, available));
}

/** Website slots per address as typed: a whole number of at least 1 (anything not a number is 1). The upper bound is said, not cut: {@link slotsProblem}. */
export function typedSlots(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.max(1, Math.trunc(value));
}

/**
 * What is wrong with a location's website slots, or null (spec part 3, 5: dedicated at most 10,
 * 'Website slot count cannot be larger than 10!'; shared exactly 1). Eleven typed stays eleven
 * with the sentence beside it, rather than quietly becoming ten.
 */
export function slotsProblem(slots: number, type: IpAddressType): string | null {
  if (slots <= MAX_SLOTS[type]) return null;
  return type === 'SHARED' ? SHARED_ONE_SLOT : TOO_MANY_SLOTS;
}

/** The key of a location's slots sentence in the wizard's errors. */
export const slotsErrorKey = (hash: string) => `slots:${hash}`;

/** The locations with at least one address wanted, in the marketplace's order: what the order names. */
export function chosenLocations(entries: readonly MarketplaceEntry[], picks: Readonly<Record<string, LocationPick>>): { location: MarketplaceLocation; pick: LocationPick }[] {
  return entries
    .flatMap((e) => e.locations)
    .flatMap((location) => {
      const pick = picks[location.hash];
      return pick && pick.count > 0 ? [{ location, pick }] : [];
    });
}

export interface SummaryInput {
  ipType: IpAddressType;
  entries: readonly MarketplaceEntry[];
  picks: Readonly<Record<string, LocationPick>>;
  cycle: BillingCycleOption;
  coupon: CouponTermsAnswer | null;
  options: Pick<IpOrderOptions, 'currency' | 'tax_rate' | 'eur_per_usd'>;
}

/** The summary's totals: priceIpOrder over the chosen lines, as the server prices the invoice. */
export function summaryOf({ ipType, entries, picks, cycle, coupon, options }: SummaryInput): PricedIpOrder {
  return priceIpOrder(
    {
      ipAddressType: ipType,
      locations: chosenLocations(entries, picks).map(({ location, pick }) => ({
        city: location.city,
        country: location.country,
        count: pick.count,
        slots: pick.slots,
        priceCents: location.price,
        sitePriceCents: location.site_price,
      })),
      cycle: { name: cycle.name, months: cycle.value, discountPercentage: cycle.discount?.percentage_value ?? null },
      coupon: coupon ? couponTermsOf(coupon) : null,
    },
    { currency: options.currency, taxRate: options.tax_rate, ...(options.eur_per_usd !== null ? { eurPerUsd: options.eur_per_usd } : {}) },
  );
}

export interface OrderChoices {
  group: string;
  ipType: IpAddressType;
  filter: IpFilter;
  excludedGroups: readonly string[];
  billingCycle: string;
  coupon: string;
}

/** The create call's body (spec part 3, 7): slots go as the extra ones beyond the first; a blank coupon is null. */
export function orderBody(choices: OrderChoices, entries: readonly MarketplaceEntry[], picks: Readonly<Record<string, LocationPick>>): IpOrderInput {
  return {
    group: choices.group,
    billing_cycle: choices.billingCycle,
    locations: chosenLocations(entries, picks).map(({ location, pick }) => ({
      location: location.location,
      ip_address_count: pick.count,
      additional_site_count: pick.slots - 1,
    })),
    ip_address_filter: choices.filter,
    ip_address_type: choices.ipType,
    excluded_groups: [...choices.excludedGroups],
    coupon: normaliseCoupon(choices.coupon),
  };
}

/** Spec part 3, 9 and 5: the coupon overrides the default discount; said on ANNUALLY. */
export const couponOverrides = (billingCycle: string, coupon: CouponTermsAnswer | null) => billingCycle === 'ANNUALLY' && coupon !== null;
