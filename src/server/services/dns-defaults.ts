/**
 * The zone the provider gives a domain, and what a reset restores (spec part 2, 2.6: "A reset
 * action restores the zone"): our nameservers, the SOA timers, the domain and www on its
 * assigned address, mail on the same address and an SPF record. Custom records go.
 */

export const DEFAULT_NAMESERVERS = ['ns1.hostdeck.test', 'ns2.hostdeck.test'] as const;

/** SOA timers in seconds (spec part 2, 9: TTL default 3600). */
export const DEFAULT_SOA = { refresh: 86400, retry: 7200, expiry: 3_600_000, ttl: 3600 } as const;
const NS_TTL = 86400;
const TXT_TTL = 14400;
const TTL = DEFAULT_SOA.ttl;

export interface DefaultSoa {
  nameserver: string;
  email: string;
  refresh: number;
  retry: number;
  expiry: number;
  ttl: number;
}

export interface DefaultRecord {
  type: 'NS' | 'A' | 'MX' | 'TXT';
  /** Relative to the zone; '' is the root. */
  name: string;
  value: string;
  ttl: number;
  /** Order among values of the same type and name. */
  position: number;
}

export function defaultSoa(domain: string): DefaultSoa {
  return { nameserver: DEFAULT_NAMESERVERS[0], email: `hostmaster.${domain}`, ...DEFAULT_SOA };
}

/** Without an assigned address there is nothing to point A records at; the rest still applies. */
export function defaultRecords(domain: string, ipAddress: string | null): DefaultRecord[] {
  const at = (name: string): DefaultRecord[] => (ipAddress ? [{ type: 'A', name, value: ipAddress, ttl: TTL, position: 0 }] : []);
  return [
    ...DEFAULT_NAMESERVERS.map((value, position): DefaultRecord => ({ type: 'NS', name: '', value, ttl: NS_TTL, position })),
    ...at(''),
    ...at('www'),
    { type: 'MX', name: '', value: `10 mail.${domain}`, ttl: TTL, position: 0 },
    ...at('mail'),
    { type: 'TXT', name: '', value: 'v=spf1 a mx ~all', ttl: TXT_TTL, position: 0 },
  ];
}

/** Conventional YYYYMMDDnn serials: the next one is later than both the last and today's first. */
export function nextSerial(serial: number, now: Date): number {
  const today = Number(now.toISOString().slice(0, 10).replaceAll('-', '')) * 100;
  return Math.max(serial + 1, today);
}
