import type { Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { DNS_ZONE_UNAVAILABLE } from '../../lib/api/dns-zone';
import type { Task } from '../../lib/api/tasks';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { dnsZones, domainGroups, domains, tasks } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { DNS_ZONE_RESET, dnsZoneResetItems } from '../jobs/steps/dns-zone';
import { isAllowed } from './access';
import { taskAnswers } from './task-answers';

/** The group Tasks tab (spec part 2, 2.7 and 7.1) and the DNS zone reset, its first kind of task (2.6 and 7.4). */

/** One page of a group's tasks, newest first; another company's group, or one the member may not see, is not found. */
export async function groupTasksPage(db: Db, company: CompanyContext, groupGuid: string, paging: Paging, missing: string) {
  const [group] = await db
    .select({ guid: domainGroups.guid })
    .from(domainGroups)
    .where(and(eq(domainGroups.guid, groupGuid), eq(domainGroups.companyGuid, company.guid)));
  if (!group || !isAllowed(company.allowedDomainGroups, group.guid)) throw notFound(missing);
  const filter = and(eq(tasks.companyGuid, company.guid), eq(tasks.domainGroupGuid, group.guid));
  return pageOfRows(
    paging,
    async (limit, offset) => taskAnswers(db, await db.select().from(tasks).where(filter).orderBy(desc(tasks.dateCreated), desc(tasks.guid)).limit(limit).offset(offset)),
    () => countRows(db, tasks, filter),
  );
}

/** Resets a domain's live zone to its default records; subdomains have no zone of their own. A reset already running is answered again. */
export async function resetDnsZone(c: Context<AppEnv>, domainGuid: string, missing: string): Promise<Task> {
  const { db, jobs } = c.var.deps;
  const company = c.var.company;
  const [row] = await db
    .select({ guid: domains.guid, domain: domains.domain, groupGuid: domains.groupGuid, zoneStatus: dnsZones.status })
    .from(domains)
    .leftJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.guid, domainGuid), eq(domains.companyGuid, company.guid), eq(domains.isSubdomain, false)));
  if (!row || !isAllowed(company.allowedDomainGroups, row.groupGuid)) throw notFound(missing);
  if (row.zoneStatus !== 'ACTIVE') throw problem(409, DNS_ZONE_UNAVAILABLE, { code: 'dns_zone_unavailable' });
  const { task } = await jobs.startTask(
    { companyGuid: company.guid, domainGroupGuid: row.groupGuid, kind: DNS_ZONE_RESET, createdBy: c.var.viewer.userGuid, items: dnsZoneResetItems(row) },
    { onePerDomain: row.guid },
  );
  return (await taskAnswers(db, [task]))[0]!;
}
