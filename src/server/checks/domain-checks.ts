import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { inRange, parseCidr, parseIp } from '../../lib/ip';
import type { Db } from '../db/connection';
import { domains, ipAddresses } from '../db/schema/index';
import type { Resolution, Resolver } from '../dns/resolver';
import { safeBrowsingOf, type CheckSources } from './sources';

/**
 * The health, WHOIS and metrics checks a provider runs on every domain (spec part 2, 2.3 "Health
 * tag" and 2.4; issue 8 "Jobs"): health resolves the domain and www through the reference API's
 * DNS server and reads the safe-browsing lists; WHOIS and metrics ask their sources. Run by the
 * job engine every minute over the domains that are due, never-checked ones first.
 */

const HOUR_MS = 3_600_000;
/** How old each check may get before it is run again. */
export const CHECK_EVERY_MS = { health: 24 * HOUR_MS, whois: 24 * HOUR_MS, metrics: 7 * 24 * HOUR_MS } as const;
/** Domains checked in one run; a minute's run stays short even with 100,000 domains due. */
export const CHECK_BATCH = 200;
/** DNS questions asked at once. */
const CONCURRENCY = 8;

/** Cloudflare's published IPv4 ranges (cloudflare.com/ips-v4): a domain resolving into them is behind Cloudflare. */
const CLOUDFLARE = [
  '173.245.48.0/20',
  '103.21.244.0/22',
  '103.22.200.0/22',
  '103.31.4.0/22',
  '141.101.64.0/18',
  '108.162.192.0/18',
  '190.93.240.0/20',
  '188.114.96.0/20',
  '197.234.240.0/22',
  '198.41.128.0/17',
  '162.158.0.0/15',
  '104.16.0.0/13',
  '104.24.0.0/14',
  '172.64.0.0/13',
  '131.0.72.0/22',
].map((range) => parseCidr(range)!);
export function isCloudflareAddress(text: string): boolean {
  const address = parseIp(text);
  return address !== null && CLOUDFLARE.some((range) => inRange(address, range));
}

export interface CheckDeps {
  db: Db;
  resolver: Resolver;
  sources: CheckSources;
  now: Date;
}

type Due = { guid: string; domain: string; assigned: string | null; whoisExpires: Date | null; health: boolean; whois: boolean; metrics: boolean };

const dueBefore = (column: typeof domains.dateHealthChecked, now: Date, everyMs: number) => or(isNull(column), lt(column, new Date(now.getTime() - everyMs)));

/**
 * The domains due for any check: ACTIVE, not subdomains (spec part 2, 2.4: not health checked,
 * no metrics). With `only`, just those domains, their health checked whatever its age (they
 * are new, or resolve differently now).
 */
export async function dueDomains(db: Db, now: Date, limit = CHECK_BATCH, only?: readonly string[]): Promise<Due[]> {
  const health = only ? sql`true` : dueBefore(domains.dateHealthChecked, now, CHECK_EVERY_MS.health);
  const whois = dueBefore(domains.dateWhoisChecked, now, CHECK_EVERY_MS.whois);
  const metrics = dueBefore(domains.dateMetricsChecked, now, CHECK_EVERY_MS.metrics);
  return (
    db
      .select({
        guid: domains.guid,
        domain: domains.domain,
        assigned: ipAddresses.ipAddress,
        whoisExpires: domains.whoisExpires,
        health: sql<boolean>`coalesce(${health}, false)`,
        whois: sql<boolean>`coalesce(${whois}, false)`,
        metrics: sql<boolean>`coalesce(${metrics}, false)`,
      })
      .from(domains)
      .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
      .where(and(eq(domains.status, 'ACTIVE'), eq(domains.isSubdomain, false), only ? inArray(domains.guid, [...only]) : or(health, whois, metrics)))
      // The oldest check first; never-checked domains (null) before all.
      .orderBy(sql`least(${domains.dateHealthChecked}, ${domains.dateWhoisChecked}, ${domains.dateMetricsChecked}) asc nulls first`, asc(domains.guid))
      .limit(limit)
  );
}

/** The address a name is taken to resolve to: the assigned one when it is among the answers. */
const resolvedOf = (r: Resolution, assigned: string | null) => (r.kind !== 'addresses' ? null : assigned && r.addresses.includes(assigned) ? assigned : (r.addresses[0] ?? null));

async function checkOne(deps: CheckDeps, d: Due): Promise<void> {
  const { db, resolver, sources, now } = deps;
  const set: Partial<typeof domains.$inferInsert> = {};
  let expires = d.whoisExpires;
  if (d.whois) {
    expires = await sources.whois.expiry(d.domain, now);
    Object.assign(set, { dateWhoisChecked: now, whoisExpires: expires });
  }
  if (d.metrics) Object.assign(set, { dateMetricsChecked: now, ...(await sources.metrics.metrics(d.domain)) });
  if (d.health) {
    const [apex, www] = await Promise.all([resolver.addresses(d.domain), resolver.addresses(`www.${d.domain}`)]);
    // An unanswered question tells nothing: health keeps its last result and is tried next run.
    if (apex.kind !== 'unreachable' && www.kind !== 'unreachable') {
      const resolved = resolvedOf(apex, d.assigned);
      Object.assign(set, {
        dateHealthChecked: now,
        isNxdomain: apex.kind === 'nxdomain',
        isExpired: expires !== null && expires < now,
        isCloudflare: resolved !== null && isCloudflareAddress(resolved),
        resolvedIpAddress: resolved,
        resolvedWwwIpAddress: resolvedOf(www, d.assigned),
        googleSafeBrowsing: safeBrowsingOf(await sources.safeBrowsing.threats(d.domain), now),
      });
    }
  }
  if (Object.keys(set).length) await db.update(domains).set(set).where(eq(domains.guid, d.guid));
}

/** Runs the due checks of up to `limit` domains (or of `only` those); answers how many were looked at. */
export async function runDueChecks(deps: CheckDeps, limit = CHECK_BATCH, only?: readonly string[]): Promise<number> {
  if (only?.length === 0) return 0;
  const due = await dueDomains(deps.db, deps.now, limit, only);
  let next = 0;
  const worker = async () => {
    while (next < due.length) await checkOne(deps, due[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return due.length;
}
