import { and, eq } from 'drizzle-orm';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { domainGroups, domains, hostingAccounts } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { isAllowed } from './access';

/** What a handler needs to know of a domain before acting on it. */
export interface DomainRef {
  guid: string;
  domain: string;
  companyGuid: string;
  groupGuid: string;
  status: string;
  isSubdomain: boolean;
  parentDomainGuid: string | null;
  ipAddressGuid: string | null;
  hostingAccountGuid: string | null;
}

const refColumns = {
  guid: domains.guid,
  domain: domains.domain,
  companyGuid: domains.companyGuid,
  groupGuid: domains.groupGuid,
  status: domains.status,
  isSubdomain: domains.isSubdomain,
  parentDomainGuid: domains.parentDomainGuid,
  ipAddressGuid: domains.ipAddressGuid,
  hostingAccountGuid: domains.hostingAccountGuid,
};

/**
 * The domain (or subdomain) the request names, when it is the company's and in a domain group
 * the membership may see; otherwise 404 with `message`, never 403, so another company's guids
 * cannot be probed (docs/decisions.md). `zoneOwner` refuses subdomains, which have no DNS zone,
 * subdomains or forwarders of their own (spec part 2, 2.4).
 */
export async function visibleDomain(db: Db, company: CompanyContext, guid: string, message: string, options: { zoneOwner?: boolean } = {}): Promise<DomainRef> {
  const [row] = await db
    .select(refColumns)
    .from(domains)
    .where(and(eq(domains.guid, guid), eq(domains.companyGuid, company.guid)));
  if (!row || !isAllowed(company.allowedDomainGroups, row.groupGuid) || (options.zoneOwner && row.isSubdomain)) throw notFound(message);
  return row;
}

/** The domain group the request names, on the same terms as visibleDomain. */
export async function visibleDomainGroup(db: Db, company: CompanyContext, guid: string, message: string) {
  const [row] = await db
    .select()
    .from(domainGroups)
    .where(and(eq(domainGroups.guid, guid), eq(domainGroups.companyGuid, company.guid)));
  if (!row || !isAllowed(company.allowedDomainGroups, row.guid)) throw notFound(message);
  return row;
}

/** Spec part 2, 4.1: changes wait for an ACTIVE domain; otherwise 409 saying it is busy. */
export function needsActive(d: DomainRef): void {
  if (d.status !== 'ACTIVE')
    throw problem(409, `The domain is busy (${d.status.replace(/_/g, ' ').toLowerCase()}). Please wait until its current task finishes!`, { code: 'domain_busy' });
}

/** Whether the domain's hosting account is a custom host (not ours: no software, no cPanel). */
export async function onCustomHost(db: Db, d: DomainRef): Promise<boolean> {
  if (!d.hostingAccountGuid) return false;
  const [a] = await db.select({ type: hostingAccounts.accountType }).from(hostingAccounts).where(eq(hostingAccounts.guid, d.hostingAccountGuid));
  return a?.type === 'CUSTOM_HOST';
}
