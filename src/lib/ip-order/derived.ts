import type { IpOrderOptions, MarketplaceEntry, MarketplaceLocation } from '../api/ip-orders';
import type { PricedIpOrder } from '../billing';
import { chosenLocations, couponOverrides, orderBody, slotsErrorKey, slotsProblem, summaryOf, type LocationPick, type OrderChoices } from '../rules/ip-order';
import { normaliseCoupon, type IpOrderInput } from '../schemas/ip-orders';
import type { IpOrderState } from './state';

/** What both screens read off the order's state: nothing here changes it. */

/** How many locations order at least one address. */
export const chosenCount = (s: IpOrderState) => chosenLocations(s.marketplace, s.picks).length;

/** The locations that have something to order for the type and filters chosen. */
export const availableLocations = (s: IpOrderState): MarketplaceLocation[] => s.marketplace.flatMap((e) => e.locations).filter((l) => l.ip_address_count > 0);

/** The summary's totals priced as the invoice will be, or null until there are options, a known cycle and something chosen. */
export function summaryOfOrder(s: IpOrderState): PricedIpOrder | null {
  const cycle = s.options?.billing_cycles.find((b) => b.name === s.billingCycle);
  if (!s.options || !cycle || chosenCount(s) === 0) return null;
  return summaryOf({ ipType: s.ipType, entries: s.marketplace, picks: s.picks, cycle, coupon: s.couponTerms, options: s.options });
}

/** Spec part 3, 9 and 5: 'Coupon will override the default discount!' is said for an applied coupon on ANNUALLY. */
export const couponWarned = (s: IpOrderState) => couponOverrides(s.billingCycle, s.couponTerms);

/** The slots sentences of the chosen picks as they are now, keyed as the wizard shows them. */
export function slotsProblems(s: IpOrderState): Record<string, string> {
  return Object.fromEntries(
    Object.entries(s.picks).flatMap(([hash, pick]) => {
      const problem = slotsProblem(pick.slots, s.ipType);
      return problem ? [[slotsErrorKey(hash), problem]] : [];
    }),
  );
}

/** The choices as the order names them; a blank coupon is none. */
export const orderChoicesOf = (s: IpOrderState): OrderChoices => ({
  group: s.group,
  ipType: s.ipType,
  filter: s.filter,
  excludedGroups: s.excludedGroups,
  billingCycle: s.billingCycle,
  coupon: normaliseCoupon(s.coupon) ?? '',
});

/** The create call's body for the order as it stands. */
export const orderBodyOf = (s: IpOrderState): IpOrderInput => orderBody(orderChoicesOf(s), s.marketplace, s.picks);

/** An order as chosen and confirmed, priced with `options` (whose `coupon` is the applied one): what the CLI places. */
export interface ChosenOrder {
  choices: OrderChoices;
  entries: readonly MarketplaceEntry[];
  picks: Readonly<Record<string, LocationPick>>;
  options: IpOrderOptions;
}

/** The order as chosen, with only the locations that order something; null before the options are there. */
export function chosenOrderOf(s: IpOrderState): ChosenOrder | null {
  if (!s.options) return null;
  return {
    choices: orderChoicesOf(s),
    entries: s.marketplace,
    picks: Object.fromEntries(chosenLocations(s.marketplace, s.picks).map(({ location, pick }) => [location.hash, pick])),
    options: { ...s.options, coupon: s.couponTerms },
  };
}
