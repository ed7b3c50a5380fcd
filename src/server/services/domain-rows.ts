import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CERTIFICATE_ISSUER } from './certificate-issuer';
import type { Domain } from '../../lib/api/domains';
import type { Db } from '../db/connection';
import { domainGroups, domainNotes, domains, hostingAccounts, ipAddresses, softwareCatalogue, softwareInstallations, softwarePresets, sslCertificates } from '../db/schema/index';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The columns a domain's answer is made of, joined once for a page of rows. */
const listColumns = {
  d: domains,
  groupName: domainGroups.name,
  ip: { guid: ipAddresses.guid, ipAddress: ipAddresses.ipAddress, country: ipAddresses.country, city: ipAddresses.city, countryCode: ipAddresses.countryCode },
  account: { guid: hostingAccounts.guid, name: hostingAccounts.name, accountType: hostingAccounts.accountType, status: hostingAccounts.status },
  software: {
    guid: softwareInstallations.guid,
    key: softwareCatalogue.key,
    name: softwareCatalogue.name,
    dateInstalled: softwareInstallations.dateInstalled,
    dateCreated: softwareInstallations.dateCreated,
    status: softwareInstallations.status,
    isImported: softwareInstallations.isImported,
    username: softwareInstallations.adminUsername,
  },
  preset: { guid: softwarePresets.guid, name: softwarePresets.name },
  hasNotes: sql<boolean>`coalesce(length(${domainNotes.notes}) > 0, false)`,
  /** Null when no certificate authority issued it (the sandbox issuer's record, the seed's): named as the sandbox. */
  certificateIssuer: sslCertificates.issuer,
};

/** A select of domains with everything the Domain answer needs; `where` and paging are the caller's. */
export function selectDomains(db: Db, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(domains)
    .innerJoin(domainGroups, eq(domainGroups.guid, domains.groupGuid))
    .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
    .leftJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .leftJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .leftJoin(softwarePresets, eq(softwarePresets.guid, domains.softwarePresetGuid))
    .leftJoin(domainNotes, eq(domainNotes.domainGuid, domains.guid))
    .leftJoin(sslCertificates, eq(sslCertificates.domainGuid, domains.guid))
    .where(where);
}

export type DomainSelectRow = Awaited<ReturnType<typeof selectDomains>>[number];

/** One row of selectDomains as the API answers it (spec part 2, 3 "Domain"); days to expiry counted from `now`. */
export function domainAnswer(row: DomainSelectRow, now: Date): Domain {
  const { d } = row;
  return {
    guid: d.guid,
    domain: d.domain,
    status: d.status as Domain['status'],
    is_subdomain: d.isSubdomain,
    parent_domain: d.parentDomainGuid,
    hosting_type: d.hostingType,
    group: { guid: d.groupGuid, name: row.groupName },
    has_ssl_certificate: d.sslStatus === 'ACTIVE',
    ssl_certificate: d.sslStatus
      ? {
          certificate_type: d.sslCertificateType ?? 'LETS_ENCRYPT',
          date_created: iso(d.sslDateCreated),
          status: d.sslStatus,
          include_www_subdomain: d.sslIncludeWww,
          date_expires: d.sslStatus === 'ACTIVE' ? iso(d.sslDateExpires) : null,
          issuer: d.sslStatus === 'ACTIVE' ? (row.certificateIssuer ?? CERTIFICATE_ISSUER.name) : null,
        }
      : null,
    redirect_to_https: d.redirectToHttps,
    software: row.software?.guid
      ? {
          guid: row.software.guid,
          key: row.software.key!,
          software_name: row.software.name!,
          date_installed: iso(row.software.dateInstalled),
          date_created: row.software.dateCreated!.toISOString(),
          status: row.software.status!,
          is_imported: row.software.isImported!,
          username: row.software.username,
        }
      : null,
    software_protocol: d.softwareProtocol,
    software_preset: row.preset?.guid ? { guid: row.preset.guid, name: row.preset.name! } : null,
    ip_address: row.ip?.guid ? { guid: row.ip.guid, ip_address: row.ip.ipAddress!, country: row.ip.country!, city: row.ip.city!, country_code: row.ip.countryCode! } : null,
    hosting_account: row.account?.guid
      ? { guid: row.account.guid, name: row.account.name!, account_type: row.account.accountType as 'SHARED_HOSTING' | 'CUSTOM_HOST', status: row.account.status! }
      : null,
    whois: {
      date_whois_checked: iso(d.dateWhoisChecked),
      whois_expires: iso(d.whoisExpires),
      days_until_expiration: d.whoisExpires ? Math.floor((d.whoisExpires.getTime() - now.getTime()) / DAY_MS) : null,
    },
    metrics: { date_metrics_checked: iso(d.dateMetricsChecked), tf: d.tf, da: d.da },
    google_safe_browsing: d.googleSafeBrowsing
      ? { statuses: d.googleSafeBrowsing.statuses, date_last_check: d.googleSafeBrowsing.date_last_check, date_status_expires: d.googleSafeBrowsing.date_status_expires }
      : null,
    has_notes: Boolean(row.hasNotes),
    health: {
      date_health_checked: iso(d.dateHealthChecked),
      is_nxdomain: d.isNxdomain,
      is_expired: d.isExpired,
      is_cloudflare: d.isCloudflare,
      resolved_ip_address: d.resolvedIpAddress,
      resolved_www_ip_address: d.resolvedWwwIpAddress,
    },
    date_created: d.dateCreated.toISOString(),
  };
}

/** Domains by guid, as answers, in the order asked. */
export async function domainsByGuid(db: Db, companyGuid: string, guids: readonly string[], now: Date): Promise<Domain[]> {
  if (!guids.length) return [];
  const rows = await selectDomains(db, and(eq(domains.companyGuid, companyGuid), inArray(domains.guid, [...guids])));
  const byGuid = new Map(rows.map((r) => [r.d.guid, domainAnswer(r, now)]));
  return guids.map((g) => byGuid.get(g)).filter((d): d is Domain => d !== undefined);
}
