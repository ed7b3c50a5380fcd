import { domainGroupIpGroups, domainGroups, domains } from '../db/schema/index';
import { insertChunked, type SeedContext } from './context';
import type { SeededHosting } from './hosting';
import type { SeededIps, UsableIp } from './ip';
import { domainName } from './names';

export interface DomainGroupSpec {
  name: string;
  share: number;
  /** Name of the default hosting account. */
  hosting: string;
  /** Names of the IP groups it may use; empty means all. */
  ipGroups: string[];
  includeSubdomains?: boolean;
  daysAgo: number;
}

export interface SeededDomain {
  guid: string;
  domain: string;
  groupGuid: string;
  status: string;
  ipAddress: string | null;
  hostingAccountGuid: string | null;
  customHost: boolean;
  software: 'ACTIVE' | 'INSTALLING' | 'FAILURE' | null;
  sslStatus: string | null;
  presetGuid: string | null;
  /** Where the seeded health check found the domain (its zone is made to agree). */
  resolved: string | null;
  nxdomain: boolean;
}

type DomainInsert = typeof domains.$inferInsert;
const DAY = 86_400_000;

/** Domain groups and their domains, each on a free website slot of an allowed IP group. */
export async function seedDomains(
  ctx: SeedContext,
  companyGuid: string,
  total: number,
  specs: DomainGroupSpec[],
  ips: SeededIps,
  hosting: SeededHosting,
  presetGuid: string | null,
): Promise<{ groups: Map<string, string>; domains: SeededDomain[] }> {
  const { db, rng } = ctx;
  const groups = new Map<string, string>();
  const rows: (DomainInsert & { extra: Pick<SeededDomain, 'customHost' | 'software' | 'ipAddress'> })[] = [];
  let k = 0;
  for (const spec of specs) {
    const account = hosting.accounts.get(spec.hosting)!;
    const [group] = await db
      .insert(domainGroups)
      .values({
        companyGuid,
        name: spec.name,
        defaultHostingAccountGuid: account.guid,
        includeSubdomainsInList: spec.includeSubdomains ?? false,
        dateCreated: ctx.ago(spec.daysAgo),
      })
      .returning({ guid: domainGroups.guid });
    groups.set(spec.name, group!.guid);
    const allowedGroups = spec.ipGroups.map((n) => ips.groups.get(n)!);
    if (allowedGroups.length) await db.insert(domainGroupIpGroups).values(allowedGroups.map((ipGroupGuid) => ({ domainGroupGuid: group!.guid, ipGroupGuid })));
    const pool = ips.usable.filter((ip) => allowedGroups.length === 0 || allowedGroups.includes(ip.groupGuid));
    const customHost = account.accountType === 'CUSTOM_HOST';
    const count = Math.max(1, Math.round(total * spec.share));
    for (let i = 0; i < count; i++, k++) {
      const ip = freeSlot(pool, rng.next);
      rows.push(domainRow(ctx, k, companyGuid, group!.guid, account.guid, customHost, ip, presetGuid, spec.daysAgo, i === 0));
    }
  }

  const out: SeededDomain[] = [];
  await insertChunked(rows, 1000, async (chunk) => {
    const inserted = await db
      .insert(domains)
      .values(chunk.map(({ extra: _extra, ...row }) => row))
      .returning({ guid: domains.guid, domain: domains.domain });
    inserted.forEach((d, i) => {
      const row = chunk[i]!;
      out.push({
        guid: d.guid,
        domain: d.domain,
        groupGuid: row.groupGuid,
        status: row.status!,
        ipAddress: row.extra.ipAddress,
        hostingAccountGuid: row.hostingAccountGuid ?? null,
        customHost: row.extra.customHost,
        software: row.extra.software,
        sslStatus: row.sslStatus ?? null,
        presetGuid: row.softwarePresetGuid ?? null,
        resolved: row.resolvedIpAddress ?? null,
        nxdomain: row.isNxdomain === true,
      });
    });
  });
  return { groups, domains: out };
}

/** Takes a slot on a random address that still has one; null when the pool is full. */
function freeSlot(pool: UsableIp[], next: () => number): UsableIp | null {
  const open = pool.filter((ip) => ip.used < ip.allowed);
  if (open.length === 0) return null;
  const ip = open[Math.floor(next() * open.length)]!;
  ip.used += 1;
  return ip;
}

function domainRow(
  ctx: SeedContext,
  k: number,
  companyGuid: string,
  groupGuid: string,
  accountGuid: string,
  customHost: boolean,
  ip: UsableIp | null,
  presetGuid: string | null,
  groupDaysAgo: number,
  first: boolean,
) {
  const { rng } = ctx;
  const status = ip
    ? rng.weighted([
        ['ACTIVE', 88],
        ['ADDING', 3],
        ['PENDING', 2],
        ['UPDATING', 2],
        ['SUSPENDED', 2],
        ['DELETING', 1],
        ['SCHEDULED', 1],
        ['UPDATING_HOSTING', 1],
      ] as const)
    : 'ADDING';
  const ssl = rng.weighted([
    ['ACTIVE', 60],
    [null, 25],
    ['PENDING', 8],
    ['INSTALLING', 4],
    ['FAILURE', 3],
  ] as const);
  const software = customHost
    ? null
    : rng.weighted([
        ['ACTIVE', 55],
        [null, 38],
        ['INSTALLING', 4],
        ['FAILURE', 3],
      ] as const);
  const created = ctx.ago(rng.int(1, groupDaysAgo), rng.int(0, 23));
  // Spread of expiry dates: every 20 domains, 1 expired, 1 within 7 days, 2 within 30 days, 1 never checked.
  const slot = k % 20;
  const whoisDays = slot === 0 ? -rng.int(1, 45) : slot === 1 ? rng.int(1, 7) : slot <= 3 ? rng.int(8, 30) : rng.int(31, 720);
  const whoisChecked = slot !== 4;
  const checked = status !== 'ADDING' && k % 12 !== 11;
  const resolved =
    !checked || !ip ? null : k % 25 === 3 ? null : k % 17 === 7 ? `104.21.${rng.int(1, 254)}.${rng.int(1, 254)}` : k % 13 === 5 ? `185.199.${rng.int(108, 111)}.153` : ip.ipAddress;
  const lastCheck = ctx.ago(0, rng.int(1, 20));
  const row: DomainInsert = {
    companyGuid,
    groupGuid,
    domain: domainName(rng, ctx.usedDomains),
    status,
    hostingType: first && !customHost ? 'DOMAIN' : 'ADDON_DOMAIN',
    ipAddressGuid: ip?.guid ?? null,
    hostingAccountGuid: accountGuid,
    isInCpanel: !customHost && status !== 'ADDING',
    sslStatus: ssl,
    sslCertificateType: ssl ? 'LETS_ENCRYPT' : null,
    sslIncludeWww: ssl !== null && rng.chance(0.6),
    sslDateCreated: ssl ? new Date(created.getTime() + DAY) : null,
    sslDateExpires: ssl === 'ACTIVE' ? ctx.ahead(rng.int(5, 89)) : null,
    redirectToHttps: ssl === 'ACTIVE' && rng.chance(0.7),
    redirectToWww: k % 7 === 2,
    redirectToNonwww: k % 7 === 4,
    cacheEnabled: rng.chance(0.4),
    softwareProtocol: software ? (ssl === 'ACTIVE' ? rng.pick(['https://', 'https://www.']) : 'http://') : null,
    softwarePresetGuid: software && presetGuid && rng.chance(0.3) ? presetGuid : null,
    dateWhoisChecked: whoisChecked ? lastCheck : null,
    whoisExpires: whoisChecked ? ctx.ahead(whoisDays) : null,
    dateMetricsChecked: k % 10 === 9 ? null : lastCheck,
    tf: k % 10 === 9 ? null : rng.int(0, 45),
    da: k % 10 === 9 ? null : rng.int(0, 60),
    googleSafeBrowsing: checked
      ? { statuses: k % 33 === 8 ? ['SOCIAL_ENGINEERING'] : [], date_last_check: lastCheck.toISOString(), date_status_expires: ctx.ahead(1).toISOString() }
      : null,
    dateHealthChecked: checked ? lastCheck : null,
    isNxdomain: checked ? k % 25 === 3 : null,
    isExpired: checked ? whoisChecked && whoisDays < 0 : null,
    isCloudflare: checked ? k % 17 === 7 : null,
    resolvedIpAddress: resolved,
    resolvedWwwIpAddress: resolved,
    dateCreated: created,
  };
  return { ...row, extra: { customHost, software, ipAddress: ip?.ipAddress ?? null } };
}
