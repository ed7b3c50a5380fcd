import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import { inSnapshot } from '../db/snapshot';
import { domains, softwareCatalogue, softwareInstallations, urlRedirects } from '../db/schema/index';

/** What the edge needs to answer for one domain as a Host names it (with or without www.). */
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

export interface ActiveRedirect {
  urls: string[];
  destination: string;
  responseCode: number;
}

/** An ACTIVE domain or subdomain as the edge keeps it in memory (./site-index.ts). */
export interface LoadedSite extends Omit<Site, 'isWww'> {
  /** Its domain group and its parent's: the firewall policies attached to either govern it. */
  groupGuid: string;
  parentGroupGuid: string | null;
  /** Its ACTIVE URL redirects, oldest first. */
  redirects: ActiveRedirect[];
}

/**
 * The ACTIVE domains and subdomains (spec part 2, issue 8 "An HTTP edge") with their software
 * and ACTIVE URL redirects: every one, or those of `only` (domain guids) and their subdomains
 * that are ACTIVE; a guid of `only` left out of the answer is a site gone or not served. A
 * subdomain comes with its parent because it reads the parent's group. One snapshot of the
 * database, so a site is never read half before and half after a change.
 */
export async function loadSites(db: Db, only?: string[]): Promise<LoadedSite[]> {
  if (only && only.length === 0) return [];
  return inSnapshot(db, (tx) => readSites(tx, only));
}

async function readSites(db: Db, only?: string[]): Promise<LoadedSite[]> {
  const parent = alias(domains, 'parent');
  const active = eq(domains.status, 'ACTIVE');
  const rows = await db
    .select({
      guid: domains.guid,
      companyGuid: domains.companyGuid,
      parentDomainGuid: domains.parentDomainGuid,
      groupGuid: domains.groupGuid,
      parentGroupGuid: parent.groupGuid,
      domain: domains.domain,
      redirectToHttps: domains.redirectToHttps,
      redirectToHttp: domains.redirectToHttp,
      redirectToWww: domains.redirectToWww,
      redirectToNonwww: domains.redirectToNonwww,
      softwareName: softwareCatalogue.name,
      siteName: softwareInstallations.websiteName,
    })
    .from(domains)
    .leftJoin(parent, eq(parent.guid, domains.parentDomainGuid))
    .leftJoin(softwareInstallations, and(eq(softwareInstallations.domainGuid, domains.guid), eq(softwareInstallations.status, 'ACTIVE')))
    .leftJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .where(only ? and(active, or(inArray(domains.guid, only), inArray(domains.parentDomainGuid, only))) : active);
  if (!rows.length) return [];
  const guids = [...new Set(rows.map((r) => r.guid))];
  const redirects = await db
    .select({ domainGuid: urlRedirects.domainGuid, urls: urlRedirects.urls, destination: urlRedirects.destination, responseCode: urlRedirects.responseCode })
    .from(urlRedirects)
    .where(
      and(
        eq(urlRedirects.status, 'ACTIVE'),
        only ? inArray(urlRedirects.domainGuid, guids) : inArray(urlRedirects.domainGuid, db.select({ guid: domains.guid }).from(domains).where(active)),
      ),
    )
    .orderBy(asc(urlRedirects.domainGuid), asc(urlRedirects.dateCreated));
  const redirectsOf = Map.groupBy(redirects, (r) => r.domainGuid);
  const sites = new Map<string, LoadedSite>();
  for (const { softwareName, siteName, ...row } of rows) {
    // One installation per domain; should two ACTIVE ones meet, the first read serves.
    if (sites.has(row.guid)) continue;
    sites.set(row.guid, {
      ...row,
      software: softwareName ? { name: softwareName, siteName } : null,
      redirects: (redirectsOf.get(row.guid) ?? []).map(({ urls, destination, responseCode }) => ({ urls, destination, responseCode })),
    });
  }
  return [...sites.values()];
}
