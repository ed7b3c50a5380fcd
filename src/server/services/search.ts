import { and, asc, eq, ilike, isNull } from 'drizzle-orm';
import type { SearchAnswer, SearchEntry } from '../../lib/api/system';
import { searchTypeOf } from '../../lib/rules/search';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern } from '../db/lists';
import { domainGroups, domains, ipAddresses, ipGroups } from '../db/schema/index';
import { restrictTo } from './access';

const LIMIT = 50;

/**
 * The global search of the header (spec part 3, 2.14): an IPv4-looking query finds IP
 * addresses with the domains on them; anything else finds domains. Only what the viewer's
 * scopes and access restrictions allow is answered.
 */
export async function searchCompany(db: Db, company: CompanyContext, q: string): Promise<SearchAnswer> {
  const type = searchTypeOf(q);
  const pattern = containsPattern(q.toLowerCase());
  const data: SearchEntry[] = [];
  if (type === 'IP_ADDRESS') {
    if (company.permissions.has('can_view_ip_addresses')) {
      const rows = await db
        .select({ guid: ipAddresses.guid, ip: ipAddresses.ipAddress, gGuid: ipGroups.guid, gName: ipGroups.name })
        .from(ipAddresses)
        .innerJoin(ipGroups, eq(ipGroups.guid, ipAddresses.groupGuid))
        .where(and(eq(ipAddresses.companyGuid, company.guid), ilike(ipAddresses.ipAddress, pattern), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups)))
        .orderBy(asc(ipAddresses.ipNumeric))
        .limit(LIMIT);
      const canSeeDomains = company.permissions.has('can_view_domains');
      for (const r of rows) {
        const onIp = canSeeDomains
          ? await db
              .select({ guid: domains.guid, domain: domains.domain })
              .from(domains)
              .where(and(eq(domains.companyGuid, company.guid), eq(domains.ipAddressGuid, r.guid), restrictTo(domains.groupGuid, company.allowedDomainGroups)))
              .orderBy(asc(domains.domain))
              .limit(LIMIT)
          : [];
        data.push({ ip_address: { guid: r.guid, ip_address: r.ip, group: { guid: r.gGuid, name: r.gName } }, domains: onIp });
      }
    }
  } else if (company.permissions.has('can_view_domains')) {
    const rows = await db
      .select({ guid: domains.guid, domain: domains.domain, gGuid: domainGroups.guid, gName: domainGroups.name })
      .from(domains)
      .innerJoin(domainGroups, eq(domainGroups.guid, domains.groupGuid))
      .where(
        and(eq(domains.companyGuid, company.guid), ilike(domains.domain, pattern), isNull(domains.parentDomainGuid), restrictTo(domains.groupGuid, company.allowedDomainGroups)),
      )
      .orderBy(asc(domains.domain))
      .limit(LIMIT);
    for (const r of rows) data.push({ domain: { guid: r.guid, domain: r.domain, group: { guid: r.gGuid, name: r.gName } } });
  }
  return { search_type: type, results: data.length, data };
}
