import { eq } from 'drizzle-orm';
import { DNS_ZONE_UNAVAILABLE } from '../../../lib/api/dns-zone';
import { dnsRecords, dnsZones, domains, ipAddresses, tasks } from '../../db/schema/index';
import { recordBaseline, recordVersion } from '../../services/dns-zones';
import { defaultRecords, defaultSoa, nextSerial } from '../../services/dns-defaults';
import type { NewTaskItem } from '../store';
import { StepFailure, type Step, type StepContext } from './step';

/**
 * The DNS zone reset (spec part 2, 2.6 and 7.4 `POST /domains/{guid}/dns_zone/reset/`) in three
 * steps, as a provider's DNS backend would do it: the SOA back to its defaults, the records
 * replaced by the default set, then the zone published with a new serial.
 */
export const DNS_ZONE_RESET = 'DNS_ZONE_RESET';

export function dnsZoneResetItems(domain: { guid: string; domain: string }): NewTaskItem[] {
  return ['RESET_DNS_SOA', 'RESET_DNS_RECORDS', 'PUBLISH_DNS_ZONE'].map((action) => ({ action, domainGuid: domain.guid, details: domain.domain }));
}

export { nextSerial } from '../../services/dns-defaults';

async function zoneOf({ tx, item }: StepContext) {
  if (!item.domainGuid) throw new StepFailure('The domain no longer exists.');
  const [row] = await tx
    .select({ zone: dnsZones, domain: domains.domain, ipAddress: ipAddresses.ipAddress })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
    .where(eq(dnsZones.domainGuid, item.domainGuid))
    .for('update', { of: dnsZones });
  if (!row) throw new StepFailure(DNS_ZONE_UNAVAILABLE);
  return row;
}

const resetSoa: Step = {
  async run(context) {
    const { zone, domain } = await zoneOf(context);
    await recordBaseline(context.tx, zone);
    const soa = defaultSoa(domain);
    await context.tx
      .update(dnsZones)
      .set({ soaNameserver: soa.nameserver, soaEmail: soa.email, soaRefresh: soa.refresh, soaRetry: soa.retry, soaExpiry: soa.expiry, soaTtl: soa.ttl, dateUpdated: context.now })
      .where(eq(dnsZones.guid, zone.guid));
  },
};

const resetRecords: Step = {
  async run(context) {
    const { zone, domain, ipAddress } = await zoneOf(context);
    await context.tx.delete(dnsRecords).where(eq(dnsRecords.zoneGuid, zone.guid));
    await context.tx.insert(dnsRecords).values(defaultRecords(domain, ipAddress).map((r) => ({ ...r, zoneGuid: zone.guid, dateCreated: context.now })));
  },
};

/** Not idempotent on purpose (the serial moves by one): it relies on running exactly once. */
const publish: Step = {
  async run(context) {
    const { zone } = await zoneOf(context);
    const [published] = await context.tx
      .update(dnsZones)
      .set({ soaSerial: nextSerial(zone.soaSerial, context.now), status: 'ACTIVE', dateUpdated: context.now })
      .where(eq(dnsZones.guid, zone.guid))
      .returning();
    // The reset is a change of the zone like any other: its history records it.
    const [task] = await context.tx.select({ by: tasks.createdBy }).from(tasks).where(eq(tasks.guid, context.item.taskGuid));
    await recordVersion(context.tx, published!, task?.by ?? null, "Reset to the provider's defaults", context.now);
  },
};

export const dnsZoneSteps: Record<string, Step> = {
  RESET_DNS_SOA: resetSoa,
  RESET_DNS_RECORDS: resetRecords,
  PUBLISH_DNS_ZONE: publish,
};
