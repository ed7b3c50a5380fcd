import { DEFAULT_CONFIG } from '../context';
/**
 * Where the demo provider sells addresses. Each city owns one public /16 (first two octets)
 * at or above 64.0.0.0; the bulk seed uses 5.0.0.0-63.255.255.255, so the two never meet.
 */
export interface Place {
  hash: string;
  countryCode: string;
  country: string;
  city: string;
  net: readonly [number, number];
  /** Monthly price of a dedicated address in US cents. */
  dedicatedCents: number;
}

export const PLACES: readonly Place[] = [
  { hash: 'us-nyc', countryCode: 'US', country: 'United States', city: 'New York', net: [66, 45], dedicatedCents: 300 },
  { hash: 'us-lax', countryCode: 'US', country: 'United States', city: 'Los Angeles', net: [104, 168], dedicatedCents: 300 },
  { hash: 'us-chi', countryCode: 'US', country: 'United States', city: 'Chicago', net: [69, 46], dedicatedCents: 290 },
  { hash: 'us-dal', countryCode: 'US', country: 'United States', city: 'Dallas', net: [96, 44], dedicatedCents: 280 },
  { hash: 'us-mia', countryCode: 'US', country: 'United States', city: 'Miami', net: [74, 50], dedicatedCents: 310 },
  { hash: 'ca-tor', countryCode: 'CA', country: 'Canada', city: 'Toronto', net: [142, 44], dedicatedCents: 320 },
  { hash: 'de-fra', countryCode: 'DE', country: 'Germany', city: 'Frankfurt', net: [78, 46], dedicatedCents: 350 },
  { hash: 'de-ber', countryCode: 'DE', country: 'Germany', city: 'Berlin', net: [85, 214], dedicatedCents: 350 },
  { hash: 'gb-lon', countryCode: 'GB', country: 'United Kingdom', city: 'London', net: [81, 92], dedicatedCents: 360 },
  { hash: 'gb-man', countryCode: 'GB', country: 'United Kingdom', city: 'Manchester', net: [92, 242], dedicatedCents: 340 },
  { hash: 'nl-ams', countryCode: 'NL', country: 'Netherlands', city: 'Amsterdam', net: [89, 38], dedicatedCents: 340 },
  { hash: 'fr-par', countryCode: 'FR', country: 'France', city: 'Paris', net: [151, 80], dedicatedCents: 350 },
  { hash: 'pl-waw', countryCode: 'PL', country: 'Poland', city: 'Warsaw', net: [91, 228], dedicatedCents: 330 },
  { hash: 'es-mad', countryCode: 'ES', country: 'Spain', city: 'Madrid', net: [212, 64], dedicatedCents: 330 },
  { hash: 'jp-tyo', countryCode: 'JP', country: 'Japan', city: 'Tokyo', net: [153, 127], dedicatedCents: 450 },
  { hash: 'sg-sin', countryCode: 'SG', country: 'Singapore', city: 'Singapore', net: [103, 253], dedicatedCents: 450 },
  { hash: 'au-syd', countryCode: 'AU', country: 'Australia', city: 'Sydney', net: [139, 99], dedicatedCents: 460 },
  { hash: 'br-sao', countryCode: 'BR', country: 'Brazil', city: 'São Paulo', net: [177, 54], dedicatedCents: 420 },
];

export const SHARED_CENTS = 100;
export const SLOT_CENTS = 100;
/** USD to EUR for the demo's EUR prices (EUR prices are approximate). */
export const EUR_PER_USD = DEFAULT_CONFIG.eurPerUsd;
export const toEur = (usdCents: number) => Math.round(usdCents * EUR_PER_USD);

/** Hands out distinct addresses inside each place's /16. */
export class AddressBook {
  private taken = new Set<string>();
  constructor(private readonly next: () => number) {}
  take(place: Place): string {
    for (;;) {
      const ip = `${place.net[0]}.${place.net[1]}.${1 + Math.floor(this.next() * 254)}.${2 + Math.floor(this.next() * 252)}`;
      if (!this.taken.has(ip)) {
        this.taken.add(ip);
        return ip;
      }
    }
  }
}
