import {
  billingCycles,
  coupons,
  exchangeRates,
  hostingLocations,
  hostingPlans,
  hostingServers,
  ipInventory,
  marketplaceLocations,
  marketplacePrices,
  signatures,
  softwareCatalogue,
} from '../db/schema/index';
import { insertChunked, type SeedContext } from './context';
import { AddressBook, EUR_PER_USD, PLACES, SHARED_CENTS, SLOT_CENTS, toEur } from './places';

export interface Catalogue {
  signatureGuids: string[];
  locationByHash: Map<string, string>;
  plans: Map<string, { guid: string; usd: number; eur: number }>;
  hostingLocations: Map<string, { location: string; server: string }>;
  wordpressId: number;
  couponGuid: string;
  addresses: AddressBook;
}

type Limit = number | null;
/** Name, USD cents a month, then the limits in the order of LIMIT_COLUMNS (null: unlimited). */
const PLANS: [string, number, Limit, Limit, Limit, Limit, Limit, Limit, Limit, Limit, Limit, Limit, Limit, Limit][] = [
  ['Starter', 499, 10, 100, 150_000, 1024, 1, 20, 40, 10, 5, 25, 10, 10],
  ['Business', 999, 30, 500, 400_000, 2048, 2, 40, 80, 50, 25, 100, 50, 50],
  ['Pro', 1999, 75, 2000, 1_000_000, 4096, 4, 60, 120, 200, 100, 500, 200, 250],
  ['Agency', 3999, 200, null, 3_000_000, 8192, 8, 100, 200, null, null, null, null, null],
  ['Legacy Basic', 0, 5, 50, 100_000, 512, 1, 10, 20, 5, 2, 10, 5, 5],
];

const LIMIT_COLUMNS = [
  'storageGb',
  'bandwidthGb',
  'inodes',
  'memoryMb',
  'cpuCores',
  'entryProcesses',
  'activeProcesses',
  'emailAccounts',
  'databases',
  'subdomains',
  'parkedDomains',
  'addonDomains',
] as const;

const SIGNATURES = ['nginx', 'Apache', 'Apache/2.4.58 (Ubuntu)', 'nginx/1.24.0', 'LiteSpeed', 'openresty', 'Microsoft-IIS/10.0', 'cloudflare'];

/** The provider's offer: what can be ordered, at what price, and the stock behind it. */
export async function seedCatalogue(ctx: SeedContext): Promise<Catalogue> {
  const { db, rng } = ctx;
  const sigs = await db
    .insert(signatures)
    .values(SIGNATURES.map((signature, position) => ({ signature, position, isDefault: position === 0 })))
    .returning({ guid: signatures.guid });

  const locs = await db
    .insert(marketplaceLocations)
    .values(PLACES.map((p, position) => ({ hash: p.hash, countryCode: p.countryCode, countryName: p.country, city: p.city, position })))
    .returning({ guid: marketplaceLocations.guid, hash: marketplaceLocations.hash });
  const locationByHash = new Map(locs.map((l) => [l.hash, l.guid]));

  const prices = PLACES.flatMap((p) => {
    const location = locationByHash.get(p.hash)!;
    return [
      { locationGuid: location, ipType: 'DEDICATED', currency: 'USD', priceCents: p.dedicatedCents, sitePriceCents: SLOT_CENTS },
      { locationGuid: location, ipType: 'DEDICATED', currency: 'EUR', priceCents: toEur(p.dedicatedCents), sitePriceCents: toEur(SLOT_CENTS) },
      { locationGuid: location, ipType: 'SHARED', currency: 'USD', priceCents: SHARED_CENTS, sitePriceCents: 0 },
      { locationGuid: location, ipType: 'SHARED', currency: 'EUR', priceCents: toEur(SHARED_CENTS), sitePriceCents: 0 },
    ];
  });
  await db.insert(marketplacePrices).values(prices);

  // Stock: a few dozen free dedicated addresses per city (Sydney sold out) and a few shared ones.
  const addresses = new AddressBook(rng.next);
  const stock = PLACES.flatMap((p) => {
    const location = locationByHash.get(p.hash)!;
    const dedicated = p.hash === 'au-syd' ? 0 : rng.int(12, 60);
    return [
      ...Array.from({ length: dedicated }, () => ({ locationGuid: location, ipAddress: addresses.take(p), ipType: 'DEDICATED' })),
      ...Array.from({ length: 3 }, () => ({ locationGuid: location, ipAddress: addresses.take(p), ipType: 'SHARED', capacity: 50 })),
    ];
  });
  await insertChunked(stock, 1000, (chunk) => db.insert(ipInventory).values(chunk));

  const planIds = await db
    .insert(hostingPlans)
    .values(
      PLANS.map(([name, usd, ...limits], position) => ({
        name,
        priceUsdCents: usd,
        priceEurCents: toEur(usd),
        ...Object.fromEntries(LIMIT_COLUMNS.map((column, i) => [column, limits[i]])),
        // Retired: only the legacy account still has it ('the current plan no longer exists').
        isAvailable: name !== 'Legacy Basic',
        position,
      })),
    )
    .returning({ guid: hostingPlans.guid, name: hostingPlans.name, usd: hostingPlans.priceUsdCents, eur: hostingPlans.priceEurCents });
  const plans = new Map(planIds.map((p) => [p.name, { guid: p.guid, usd: p.usd, eur: p.eur }]));

  const hostingPlaces = [
    { key: 'dal', city: 'Dallas', country: 'US', countryName: 'United States', ip: '96.44.140.10' },
    { key: 'fra', city: 'Frankfurt', country: 'DE', countryName: 'Germany', ip: '78.46.88.20' },
    { key: 'ams', city: 'Amsterdam', country: 'NL', countryName: 'Netherlands', ip: '89.38.96.30' },
    { key: 'sin', city: 'Singapore', country: 'SG', countryName: 'Singapore', ip: '103.253.144.40' },
  ];
  const hostingLocationMap = new Map<string, { location: string; server: string }>();
  for (const [position, h] of hostingPlaces.entries()) {
    const [loc] = await db.insert(hostingLocations).values({ city: h.city, country: h.country, countryName: h.countryName, position }).returning({ guid: hostingLocations.guid });
    const [server] = await db
      .insert(hostingServers)
      .values({
        locationGuid: loc!.guid,
        hostname: `cp1.${h.key}.hostdeck.test`,
        ipAddress: h.ip,
        nameservers: ['ns1.hostdeck.test', 'ns2.hostdeck.test'],
      })
      .returning({ guid: hostingServers.guid });
    hostingLocationMap.set(h.key, { location: loc!.guid, server: server!.guid });
  }

  const software = await db
    .insert(softwareCatalogue)
    .values(
      [
        { key: 'WORDPRESS', name: 'WordPress', inWizard: true, languages: ['en', 'no', 'sv', 'es', 'de', 'pt', 'fr', 'el', 'nl', 'pl', 'it'] },
        { key: 'JOOMLA', name: 'Joomla', languages: ['en', 'de', 'fr', 'es', 'nl', 'it'] },
        { key: 'DRUPAL', name: 'Drupal', languages: ['en', 'fr'] },
        { key: 'PRESTASHOP', name: 'PrestaShop' },
        { key: 'OPENCART', name: 'OpenCart' },
        { key: 'MEDIAWIKI', name: 'MediaWiki' },
      ].map((s, position) => ({ ...s, position })),
    )
    .returning({ id: softwareCatalogue.id, key: softwareCatalogue.key });

  const cycles = (orderType: string, list: [string, number, number | null][]) =>
    list.map(([name, months, discountPercentage], position) => ({ orderType, name, months, discountPercentage, position }));
  await db.insert(billingCycles).values([
    ...cycles('IP_ADDRESS_HOSTING', [
      ['MONTHLY', 1, null],
      ['QUARTERLY', 3, 5],
      ['SEMI_ANNUALLY', 6, 10],
      ['ANNUALLY', 12, 15],
    ]),
    ...cycles('SHARED_HOSTING', [
      ['MONTHLY', 1, null],
      ['ANNUALLY', 12, 20],
      ['BIENNIALLY', 24, 30],
    ]),
  ]);
  const [welcome] = await db
    .insert(coupons)
    .values([
      { code: 'WELCOME10', name: 'Welcome discount', percentageValue: 10 },
      { code: 'IPANNUAL20', name: 'Annual IP discount', percentageValue: 20, orderTypes: ['IP_ADDRESS_HOSTING'] },
      { code: 'SPRING5', name: 'Spring sale', percentageValue: 5, isActive: false, dateExpires: ctx.ago(60) },
    ])
    .returning({ guid: coupons.guid });
  await db.insert(exchangeRates).values([
    { currency: 'USD', perUsd: 1, dateUpdated: ctx.ago(0, 3) },
    { currency: 'EUR', perUsd: EUR_PER_USD, dateUpdated: ctx.ago(0, 3) },
  ]);

  return {
    signatureGuids: sigs.map((s) => s.guid),
    locationByHash,
    plans,
    hostingLocations: hostingLocationMap,
    wordpressId: software.find((s) => s.key === 'WORDPRESS')!.id,
    couponGuid: welcome!.guid,
    addresses,
  };
}
