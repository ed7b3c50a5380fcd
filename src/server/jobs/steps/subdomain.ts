import { and, eq } from 'drizzle-orm';
import { DNS_ZONE_UNAVAILABLE } from '../../../lib/api/dns-zone';
import { dnsRecords, dnsZones, domains, ipAddresses, tasks } from '../../db/schema/index';
import { recordBaseline, recordVersion } from '../../services/dns-zones';
import type { NewTaskItem } from '../store';
import { nextSerial } from './dns-zone';
import { StepFailure, type Step } from './step';

/**
 * Adding a subdomain (spec part 2, 2.7 and 7.4 `POST /domains/{guid}/subdomains/`): one step
 * that adds the A record for the subdomain's name to its parent's zone (a new serial and a
 * version in the zone's history) and makes the subdomain ACTIVE.
 */
export const ADD_SUBDOMAIN = 'ADD_SUBDOMAIN';
export const CREATE_SUBDOMAIN = 'CREATE_SUBDOMAIN';

/** The record TTL the provider's defaults use. */
const RECORD_TTL = 3600;

export function subdomainItems(subdomain: { guid: string; domain: string }): NewTaskItem[] {
  return [{ action: CREATE_SUBDOMAIN, domainGuid: subdomain.guid, details: subdomain.domain }];
}

/** The subdomain's name inside its parent's zone: 'blog' for blog.example.com. */
export const relativeName = (subdomain: string, parent: string) => (subdomain.endsWith(`.${parent}`) ? subdomain.slice(0, -(parent.length + 1)) : subdomain);

const createSubdomain: Step = {
  async run({ tx, item, now }) {
    if (!item.domainGuid) return;
    const [sub] = await tx
      .select({ d: domains, ip: ipAddresses.ipAddress })
      .from(domains)
      .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
      .where(eq(domains.guid, item.domainGuid))
      .for('update', { of: domains });
    // Deleted (or being deleted) before this step ran: nothing is left to create.
    if (sub?.d.status !== 'PENDING' || !sub.d.parentDomainGuid) return;
    if (!sub.ip) throw new StepFailure('The subdomain has no IP address.');
    const [row] = await tx
      .select({ zone: dnsZones, parent: domains.domain })
      .from(dnsZones)
      .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
      .where(eq(dnsZones.domainGuid, sub.d.parentDomainGuid))
      .for('update', { of: dnsZones });
    if (row?.zone.status !== 'ACTIVE') throw new StepFailure(DNS_ZONE_UNAVAILABLE);
    const name = relativeName(sub.d.domain, row.parent);
    const existing = await tx
      .select({ value: dnsRecords.value })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneGuid, row.zone.guid), eq(dnsRecords.type, 'A'), eq(dnsRecords.name, name)));
    if (!existing.some((r) => r.value === sub.ip)) {
      await recordBaseline(tx, row.zone);
      await tx.insert(dnsRecords).values({ zoneGuid: row.zone.guid, type: 'A', name, value: sub.ip, ttl: RECORD_TTL, position: existing.length, dateCreated: now });
      const [published] = await tx
        .update(dnsZones)
        .set({ soaSerial: nextSerial(row.zone.soaSerial, now), dateUpdated: now })
        .where(eq(dnsZones.guid, row.zone.guid))
        .returning();
      const [task] = await tx.select({ by: tasks.createdBy }).from(tasks).where(eq(tasks.guid, item.taskGuid));
      await recordVersion(tx, published!, task?.by ?? null, `Added A ${name} for the subdomain ${sub.d.domain}`, now);
    }
    await tx.update(domains).set({ status: 'ACTIVE', dateUpdated: now }).where(eq(domains.guid, sub.d.guid));
  },
};

export const subdomainSteps: Record<string, Step> = { [CREATE_SUBDOMAIN]: createSubdomain };
