import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { domains, softwareCatalogue, softwareInstallations, urlRedirects } from '../db/schema/index';

/** What the edge needs to answer for one domain, read fresh for each request so a finished task shows at once. */
export interface Site {
  guid: string;
  companyGuid: string;
  /** A subdomain's parent: the firewall policies attached to it govern the subdomain too. */
  parentDomainGuid: string | null;
  domain: string;
  /** The Host asked for the www. form of the domain. */
  isWww: boolean;
  redirectToHttps: boolean;
  redirectToHttp: boolean;
  redirectToWww: boolean;
  redirectToNonwww: boolean;
  /** The ACTIVE installation's software name and site name, if any. */
  software: { name: string; siteName: string | null } | null;
}

/** The Host header's name: lowercased, without port or trailing dot; null when it has none. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const name = header.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(name) ? name : null;
}

/**
 * The ACTIVE domain or subdomain a Host names, with or without `www.` (spec part 2, issue 8
 * "An HTTP edge"); a row named exactly as asked wins over the one without `www.`.
 */
export async function findSite(db: Db, host: string): Promise<Site | null> {
  const bare = host.startsWith('www.') ? host.slice(4) : null;
  const names = bare ? [host, bare] : [host];
  const rows = await db
    .select({
      guid: domains.guid,
      companyGuid: domains.companyGuid,
      parentDomainGuid: domains.parentDomainGuid,
      domain: domains.domain,
      redirectToHttps: domains.redirectToHttps,
      redirectToHttp: domains.redirectToHttp,
      redirectToWww: domains.redirectToWww,
      redirectToNonwww: domains.redirectToNonwww,
      softwareName: softwareCatalogue.name,
      siteName: softwareInstallations.websiteName,
    })
    .from(domains)
    .leftJoin(softwareInstallations, and(eq(softwareInstallations.domainGuid, domains.guid), eq(softwareInstallations.status, 'ACTIVE')))
    .leftJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .where(and(inArray(domains.domain, names), eq(domains.status, 'ACTIVE')));
  const row = rows.find((r) => r.domain === host) ?? rows[0];
  if (!row) return null;
  const { softwareName, siteName, ...rest } = row;
  return { ...rest, isWww: row.domain !== host, software: softwareName ? { name: softwareName, siteName } : null };
}

export interface ActiveRedirect {
  urls: string[];
  destination: string;
  responseCode: number;
}

/** The domain's ACTIVE URL redirects, oldest first. */
export const activeRedirects = (db: Db, domainGuid: string): Promise<ActiveRedirect[]> =>
  db
    .select({ urls: urlRedirects.urls, destination: urlRedirects.destination, responseCode: urlRedirects.responseCode })
    .from(urlRedirects)
    .where(and(eq(urlRedirects.domainGuid, domainGuid), eq(urlRedirects.status, 'ACTIVE')))
    .orderBy(asc(urlRedirects.dateCreated));
