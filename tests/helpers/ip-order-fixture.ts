import type { IpOrderOptions, MarketplaceEntry } from '../../src/lib/api/ip-orders';
import { ApiError } from '../../src/lib/errors';
import type { IpOrderCalls } from '../../src/lib/ip-order/flow';
import type { IpGroupRef } from '../../src/lib/ip-order/state';
import { BAD_COUPON, type IpAddressType } from '../../src/lib/schemas/ip-orders';
import { CHICAGO, FRANKFURT, NEW_YORK, type Place } from './ip-order-scenarios';

/**
 * The IP order's API without a server, for the lib's and the Ink flow's tests: the seed's places
 * (src/server/seed/places.ts), its billing cycles with the default first, and its one coupon for
 * IP addresses, so the shared scenarios (./ip-order-scenarios.ts) mean the same here as against
 * the seeded API.
 */

export const GROUPS: IpGroupRef[] = [
  { guid: '00000000-0000-4000-8000-000000000001', name: 'Main network' },
  { guid: '00000000-0000-4000-8000-000000000002', name: 'Blogs' },
];

const at = (place: Place, country: string, available: number, price: number, sitePrice: number) => ({
  hash: place.hash,
  id: '00000000-0000-4000-8000-0000000000aa',
  city: place.city,
  country,
  country_code: place.hash.slice(0, 2).toUpperCase(),
  location: place.hash,
  ip_address_count: available,
  price,
  site_price: sitePrice,
  currency: 'USD' as const,
});

/** What the seed offers, Sydney sold out: dedicated addresses at the city's price, shared ones at $1.00 with no slots to buy. */
export function fixtureMarketplace(type: IpAddressType): MarketplaceEntry[] {
  const dedicated = type === 'DEDICATED';
  return [
    {
      country_code: 'US',
      country_name: 'United States',
      locations: [
        at(NEW_YORK, 'United States', dedicated ? 40 : 3, dedicated ? 300 : 100, dedicated ? 100 : 0),
        at(CHICAGO, 'United States', dedicated ? 20 : 3, dedicated ? 290 : 100, dedicated ? 100 : 0),
      ],
    },
    { country_code: 'DE', country_name: 'Germany', locations: [at(FRANKFURT, 'Germany', dedicated ? 12 : 3, dedicated ? 350 : 100, dedicated ? 100 : 0)] },
    { country_code: 'AU', country_name: 'Australia', locations: [at({ hash: 'au-syd', city: 'Sydney' }, 'Australia', 0, dedicated ? 460 : 100, dedicated ? 100 : 0)] },
  ];
}

export const FIXTURE_OPTIONS: IpOrderOptions = {
  billing_cycles: [
    { name: 'ANNUALLY', value: 12, discount: { discount_type: 'PERCENTAGE', percentage_value: 15 } },
    { name: 'MONTHLY', value: 1, discount: null },
    { name: 'QUARTERLY', value: 3, discount: { discount_type: 'PERCENTAGE', percentage_value: 5 } },
    { name: 'SEMI_ANNUALLY', value: 6, discount: { discount_type: 'PERCENTAGE', percentage_value: 10 } },
  ],
  ip_address_types: ['DEDICATED', 'SHARED'],
  ip_address_filters: ['NONE', 'C', 'B', 'A'],
  defaults: { ip_address_type: 'DEDICATED', ip_address_filter: 'C', billing_cycle: 'ANNUALLY' },
  max_website_slots: { DEDICATED: 10, SHARED: 1 },
  currency: 'USD',
  tax_rate: 0,
  eur_per_usd: 0.92,
  coupon: null,
};

/** The marketplace and the options as the seeded API answers them: IPANNUAL20 is the one valid coupon. */
export const fixtureCalls = (): IpOrderCalls => ({
  marketplace: async (type) => fixtureMarketplace(type),
  options: async (coupon) => {
    if (coupon === null) return FIXTURE_OPTIONS;
    if (coupon !== 'IPANNUAL20') throw new ApiError(400, { errors: [BAD_COUPON], fields: { coupon: BAD_COUPON } });
    return { ...FIXTURE_OPTIONS, coupon: { code: 'IPANNUAL20', name: 'IPANNUAL20', discount_type: 'PERCENTAGE', percentage_value: 20 } };
  },
});
