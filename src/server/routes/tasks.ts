import { and, desc, eq } from 'drizzle-orm';
import { DNS_ZONE_RESET_DONE, DNS_ZONE_UNAVAILABLE, resetDnsZoneOp } from '../../lib/api/dns-zone';
import { listGroupTasksOp } from '../../lib/api/tasks';
import { countRows, pageOfRows } from '../db/lists';
import { dnsZones, domainGroups, domains, tasks } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { DNS_ZONE_RESET, dnsZoneResetItems } from '../jobs/steps/dns-zone';
import { isAllowed } from '../services/access';
import { taskAnswers } from '../services/task-answers';
import { taskEventsOperation } from './task-events';


/** The group Tasks tab, the DNS zone reset (its first kind of task) and the live stream. */
export const taskOperations = [
  /** Spec part 2, 2.7 "Group Tasks tab" and 7.1; another company's group, or one the member may not see, is not found. */
  implement(listGroupTasksOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const [group] = await db
      .select({ guid: domainGroups.guid })
      .from(domainGroups)
      .where(and(eq(domainGroups.guid, params.guid), eq(domainGroups.companyGuid, company.guid)));
    if (!group || !isAllowed(company.allowedDomainGroups, group.guid)) throw notFound(listGroupTasksOp.notFound);
    const filter = and(eq(tasks.companyGuid, company.guid), eq(tasks.domainGroupGuid, group.guid));
    return pageOfRows(
      query,
      async (limit, offset) => taskAnswers(db, await db.select().from(tasks).where(filter).orderBy(desc(tasks.dateCreated), desc(tasks.guid)).limit(limit).offset(offset)),
      () => countRows(db, tasks, filter),
    );
  }),

  /** Spec part 2, 2.6 and 7.4: subdomains have no zone of their own (their drawer has no DNS tab). */
  implement(resetDnsZoneOp, async (c, { params }) => {
    const { db, jobs } = c.var.deps;
    const company = c.var.company;
    const [row] = await db
      .select({ guid: domains.guid, domain: domains.domain, groupGuid: domains.groupGuid, zoneStatus: dnsZones.status })
      .from(domains)
      .leftJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
      .where(and(eq(domains.guid, params.guid), eq(domains.companyGuid, company.guid), eq(domains.isSubdomain, false)));
    if (!row || !isAllowed(company.allowedDomainGroups, row.groupGuid)) throw notFound(resetDnsZoneOp.notFound);
    if (row.zoneStatus !== 'ACTIVE') throw problem(409, DNS_ZONE_UNAVAILABLE, { code: 'dns_zone_unavailable' });
    const { task } = await jobs.startTask(
      { companyGuid: company.guid, domainGroupGuid: row.groupGuid, kind: DNS_ZONE_RESET, createdBy: c.var.viewer.userGuid, items: dnsZoneResetItems(row) },
      { onePerDomain: row.guid },
    );
    const [answer] = await taskAnswers(db, [task]);
    return { message: DNS_ZONE_RESET_DONE, task: answer! };
  }),

  taskEventsOperation,
];
