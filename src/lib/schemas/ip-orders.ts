import { z } from 'zod/mini';
import { CURRENCIES } from '../billing/money';
import { text } from './text';

/**
 * Ordering IP addresses from the marketplace (spec part 3, 2.3, 5 "IP order", 7 "IP addresses"
 * and 9 "Ordering"): the wizard, the server and the CLI check an order with these.
 */

export const IP_ADDRESS_TYPES = ['DEDICATED', 'SHARED'] as const;
export type IpAddressType = (typeof IP_ADDRESS_TYPES)[number];
/** Spec part 3, 9: "IP filter values NONE, C, B, A". */
export const IP_FILTERS = ['NONE', 'C', 'B', 'A'] as const;
export type IpFilter = (typeof IP_FILTERS)[number];

/** How the wizard and the CLI name the types and the subnet filters. */
export const IP_TYPE_LABELS: Record<IpAddressType, string> = { DEDICATED: 'Dedicated', SHARED: 'Shared' };
export const IP_FILTER_LABELS: Record<IpFilter, string> = {
  NONE: 'No filter',
  C: 'C-class (a /24 subnet each)',
  B: 'B-class (a /16 subnet each)',
  A: 'A-class (a /8 subnet each)',
};

/** Spec part 3, 9: "default order: DEDICATED, subnet C, billing cycle ANNUALLY". */
export const ORDER_DEFAULTS = { ipAddressType: 'DEDICATED', ipAddressFilter: 'C', billingCycle: 'ANNUALLY' } as const satisfies {
  ipAddressType: IpAddressType;
  ipAddressFilter: IpFilter;
  billingCycle: string;
};

/** Spec part 3, 9: "Website slots: dedicated max 10 per IP, shared 1". */
export const MAX_SLOTS: Record<IpAddressType, number> = { DEDICATED: 10, SHARED: 1 };
/** One location of one order takes at most this many addresses (the stock of a city is far below it). */
export const MAX_COUNT_PER_LOCATION = 10_000;
/** One order names at most this many locations. */
export const MAX_LOCATIONS = 200;

/** Prefix length of each subnet filter: C is a /24, B a /16, A a /8; NONE compares nothing. */
export const FILTER_PREFIX: Record<IpFilter, number | null> = { NONE: null, C: 24, B: 16, A: 8 };

/** Spec part 3, 5 "IP order". */
export const CHOOSE_A_LOCATION = 'Please choose at least 1 location!';
export const TOO_MANY_SLOTS = 'Website slot count cannot be larger than 10!';
/** Spec part 3, 8. */
export const ORDER_PLACED = 'Order successfully placed, redirecting to invoice...';
/** Spec part 3, 5 "Shared hosting order": said for a coupon with ANNUALLY; IP orders too (spec 9). */
export const COUPON_OVERRIDES = 'Coupon will override the default discount!';
/** Spec part 3, 4 "Order wizard": the 'No filter' confirmation. */
export const NO_FILTER_QUESTION = 'Are you sure?';
export const NO_FILTER_CONFIRM = 'Yes, I am sure!';
export const NO_FILTER_WARNING = 'Without a subnet filter you may receive random IP addresses from any subnet, including subnets of IP addresses already in your groups.';

// Our sentences: the spec names none for these.
export const SHARED_ONE_SLOT = 'Shared IP addresses have 1 website slot each!';
export const CHOOSE_GROUP = 'Please select the IP address group!';
export const CHOOSE_CYCLE = 'Please select the billing cycle!';
export const UNKNOWN_CYCLE = 'This billing cycle is not offered for IP addresses!';
export const UNKNOWN_LOCATION = 'This location is not offered!';
export const BAD_COUPON = 'This coupon is not valid!';
export const NOT_ENOUGH_STOCK = (available: number, city: string) =>
  available === 0
    ? `No IP addresses are left in ${city} for this filter! Please choose another location.`
    : `Only ${available} IP addresses are left in ${city} for this filter! Please choose fewer.`;

/** One value, or the first of a repeated query parameter. */
const oneValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);
/** A repeated (or comma-separated) query parameter as a list. */
const manyValues = (v: unknown) =>
  (v === undefined ? [] : Array.isArray(v) ? v : [v])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

const guid = (message: string) => z.string({ error: message }).check(z.guid(message));
const groupList = z.array(guid('Unknown IP address group.')).check(z.maxLength(9999, 'Exclude at most 9999 groups.'));

/** GET /ip_addresses/marketplace/: query ip_type, ip_filter, currency, repeated exclude (spec part 3, 7). */
export const marketplaceQuery = z.object({
  ip_type: z._default(z.pipe(z.transform(oneValue), z.enum(IP_ADDRESS_TYPES, { error: 'IP address type must be DEDICATED or SHARED.' })), ORDER_DEFAULTS.ipAddressType),
  ip_filter: z._default(z.pipe(z.transform(oneValue), z.enum(IP_FILTERS, { error: 'The subnet filter must be NONE, C, B or A.' })), ORDER_DEFAULTS.ipAddressFilter),
  currency: z.optional(z.pipe(z.transform(oneValue), z.enum(CURRENCIES, { error: 'Currency must be USD or EUR.' }))),
  exclude: z._default(z.pipe(z.transform(manyValues), groupList), []),
});
export type MarketplaceQuery = z.input<typeof marketplaceQuery>;

/** GET /billing/orders/ip_addresses/options/: an optional coupon to check (the summary prices with its terms). */
export const orderOptionsQuery = z.object({
  coupon: z.optional(z.pipe(z.transform(oneValue), text({ label: 'Coupon', max: 50 }))),
});
export type OrderOptionsQuery = z.input<typeof orderOptionsQuery>;

const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .check(z.int(`${label} must be a whole number.`), z.gte(0, `${label} cannot be negative.`), z.lte(max, `${label} can be at most ${max}.`));

/** One line of page 2: a location (its marketplace hash), how many addresses, extra slots per address. */
export const orderLocationSchema = z.object({
  location: text({ label: 'Location', max: 100 }).check(z.minLength(1, UNKNOWN_LOCATION)),
  ip_address_count: count('The IP address count', MAX_COUNT_PER_LOCATION),
  /** Slots beyond the one each address comes with: slots - 1. */
  additional_site_count: z._default(count('The additional website slot count', 1000), 0),
});
export type OrderLocation = z.output<typeof orderLocationSchema>;

/** "A blank coupon becomes null" (spec part 3, 5). */
export const normaliseCoupon = (coupon: string | null | undefined): string | null => {
  const trimmed = coupon?.trim() ?? '';
  return trimmed === '' ? null : trimmed.toUpperCase();
};

/**
 * POST /billing/orders/ip_addresses/create/ (spec part 3, 7): group, billing_cycle, locations,
 * ip_address_filter, ip_address_type, excluded_groups, coupon. A count of 0 removes its line
 * (spec 5: `orderedLines` drops it); at least one line must order something, each location once.
 */
export const ipOrderSchema = z
  .object({
    group: guid(CHOOSE_GROUP),
    billing_cycle: z._default(text({ label: 'Billing cycle', max: 30 }, CHOOSE_CYCLE).check(z.minLength(1, CHOOSE_CYCLE)), ORDER_DEFAULTS.billingCycle),
    locations: z.array(orderLocationSchema, { error: CHOOSE_A_LOCATION }).check(z.maxLength(MAX_LOCATIONS, `An order can name at most ${MAX_LOCATIONS} locations.`)),
    ip_address_filter: z._default(z.enum(IP_FILTERS, { error: 'The subnet filter must be NONE, C, B or A.' }), ORDER_DEFAULTS.ipAddressFilter),
    ip_address_type: z._default(z.enum(IP_ADDRESS_TYPES, { error: 'IP address type must be DEDICATED or SHARED.' }), ORDER_DEFAULTS.ipAddressType),
    excluded_groups: z._default(groupList, []),
    coupon: z.pipe(z.optional(z.nullable(text({ label: 'Coupon', max: 50 }))), z.transform(normaliseCoupon)),
  })
  .check(
    z.superRefine((order, check) => {
      if (!order.locations.some((l) => l.ip_address_count > 0)) check.addIssue({ code: 'custom', path: ['locations'], message: CHOOSE_A_LOCATION });
      const seen = new Set<string>();
      const maxExtra = MAX_SLOTS[order.ip_address_type] - 1;
      order.locations.forEach((line, i) => {
        if (seen.has(line.location)) check.addIssue({ code: 'custom', path: ['locations', i, 'location'], message: 'Each location can be named once.' });
        seen.add(line.location);
        if (line.additional_site_count > maxExtra) {
          const message = order.ip_address_type === 'SHARED' ? SHARED_ONE_SLOT : TOO_MANY_SLOTS;
          check.addIssue({ code: 'custom', path: ['locations', i, 'additional_site_count'], message });
        }
      });
    }),
  );
/** The lines that order something: a count of 0 removes the location (spec part 3, 5). */
export const orderedLines = (lines: readonly OrderLocation[]) => lines.filter((l) => l.ip_address_count > 0);

export type IpOrderInput = z.input<typeof ipOrderSchema>;
export type IpOrderBody = z.output<typeof ipOrderSchema>;
