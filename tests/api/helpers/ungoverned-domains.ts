import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/connection';
import { domains, firewallPolicyDomainGroups, firewallPolicyDomains, softwareInstallations, urlRedirects } from '../../../src/server/db/schema/index';

/**
 * ACTIVE domains of a company that nothing at the edge answers for yet: no firewall policy on
 * them or their group, no software, no URL redirect, and their HTTPS and www redirects turned
 * off, so the edge's answer is the firewall's alone. One per use, taken in name order.
 */
export async function ungovernedDomains(database: Database, companyGuid: string, limit = 20): Promise<{ guid: string; domain: string; groupGuid: string }[]> {
  const { db } = database;
  const free = await db
    .select({ guid: domains.guid, domain: domains.domain, groupGuid: domains.groupGuid })
    .from(domains)
    .where(
      and(
        eq(domains.companyGuid, companyGuid),
        eq(domains.status, 'ACTIVE'),
        eq(domains.isSubdomain, false),
        notInArray(domains.groupGuid, db.select({ guid: firewallPolicyDomainGroups.domainGroupGuid }).from(firewallPolicyDomainGroups)),
        notInArray(domains.guid, db.select({ guid: firewallPolicyDomains.domainGuid }).from(firewallPolicyDomains)),
        notInArray(domains.guid, db.select({ guid: softwareInstallations.domainGuid }).from(softwareInstallations)),
        notInArray(domains.guid, db.select({ guid: urlRedirects.domainGuid }).from(urlRedirects)),
      ),
    )
    .orderBy(asc(domains.domain))
    .limit(limit);
  await db
    .update(domains)
    .set({ redirectToHttps: false, redirectToHttp: false, redirectToWww: false, redirectToNonwww: false })
    .where(
      inArray(
        domains.guid,
        free.map((d) => d.guid),
      ),
    );
  return free;
}
