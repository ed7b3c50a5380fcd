import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { WEBSITE_NOT_FOUND, type Website } from '../../lib/api/websites';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern, pageOfRows, type Paging } from '../db/lists';
import { domainGroups, domains, softwareCatalogue, softwareInstallations } from '../db/schema/index';
import { notFound } from '../http/errors';
import { restrictTo } from './access';

/** The websites list and the Manage website page (spec part 2, 2.11 and 7.7). */

const fields = {
  guid: domains.guid,
  domain: domains.domain,
  status: domains.status,
  isSubdomain: domains.isSubdomain,
  groupGuid: domainGroups.guid,
  groupName: domainGroups.name,
  key: softwareCatalogue.key,
  softwareName: softwareCatalogue.name,
  softwareStatus: softwareInstallations.status,
  protocol: softwareInstallations.protocol,
  installDirectory: softwareInstallations.installDirectory,
  websiteName: softwareInstallations.websiteName,
  dateInstalled: softwareInstallations.dateInstalled,
  isImported: softwareInstallations.isImported,
};

/** A website is a domain with an installation (any state), in a group the member may see. */
const selectWebsites = (db: Db, where: SQL | undefined) =>
  db
    .select(fields)
    .from(domains)
    .innerJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .innerJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .innerJoin(domainGroups, eq(domainGroups.guid, domains.groupGuid))
    .where(where);

async function countWebsites(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(domains)
    .innerJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .innerJoin(softwareCatalogue, eq(softwareCatalogue.id, softwareInstallations.softwareId))
    .where(where);
  return Number(row?.n ?? 0);
}

const visibleTo = (company: CompanyContext): (SQL | undefined)[] => [eq(domains.companyGuid, company.guid), restrictTo(domains.groupGuid, company.allowedDomainGroups)];

/** `https://www.` + `example.com` + `/blog/`: where the site answers. */
const siteUrl = (protocol: string, domain: string, directory: string) => `${protocol}${domain}/${directory ? `${directory.replace(/^\/+|\/+$/g, '')}/` : ''}`;

const websiteOf = (r: Awaited<ReturnType<typeof selectWebsites>>[number]): Website => ({
  guid: r.guid,
  domain: r.domain,
  status: r.status,
  is_subdomain: r.isSubdomain,
  group: { guid: r.groupGuid, name: r.groupName },
  software: {
    key: r.key,
    name: r.softwareName,
    status: r.softwareStatus,
    protocol: r.protocol,
    install_directory: r.installDirectory,
    website_name: r.websiteName,
    date_installed: r.dateInstalled?.toISOString() ?? null,
    is_imported: r.isImported,
    url: siteUrl(r.protocol, r.domain, r.installDirectory),
  },
});

/** The websites the member may see, by domain, matching any search tag in the domain or the software's name. */
export function websitesPage(db: Db, company: CompanyContext, query: Paging & { search?: string[] | undefined }) {
  const tags = query.search ?? [];
  const where = and(
    ...visibleTo(company),
    tags.length ? or(...tags.flatMap((t) => [ilike(domains.domain, containsPattern(t)), ilike(softwareCatalogue.name, containsPattern(t))])) : undefined,
  );
  return pageOfRows(
    query,
    async (limit, offset) => (await selectWebsites(db, where).orderBy(asc(domains.domain)).limit(limit).offset(offset)).map(websiteOf),
    () => countWebsites(db, where),
  );
}

export async function websiteOfDomain(db: Db, company: CompanyContext, guid: string): Promise<Website> {
  const rows = await selectWebsites(db, and(eq(domains.guid, guid), ...visibleTo(company)));
  if (!rows[0]) throw notFound(WEBSITE_NOT_FOUND);
  return websiteOf(rows[0]);
}
