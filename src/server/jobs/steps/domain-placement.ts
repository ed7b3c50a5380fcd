import { and, eq, inArray } from 'drizzle-orm';
import { dnsRecords, dnsZones, domains, ipAddresses } from '../../db/schema/index';
import { nextSerial } from './dns-zone';
import { StepFailure, type Step, type StepContext } from './step';

/** Moving a domain (spec part 2, 2.5): to another address, another hosting account, into cPanel. */
export const UPDATE_IP_ADDRESS = 'UPDATE_IP_ADDRESS';
export const UPDATE_HOSTING_ACCOUNT = 'UPDATE_HOSTING_ACCOUNT';
export const CREATE_IN_CPANEL = 'CREATE_IN_CPANEL';

async function lockedDomain({ tx, item }: StepContext) {
  if (!item.domainGuid) throw new StepFailure('The domain no longer exists.');
  const [d] = await tx.select().from(domains).where(eq(domains.guid, item.domainGuid)).for('update');
  if (!d) throw new StepFailure('The domain no longer exists.');
  return d;
}

/**
 * The domain on its new address: records of its zone that pointed at the old address point at
 * the new one (with a new serial), a dedicated address takes the signature and HTTP version
 * asked for, and the domain is ACTIVE again.
 */
const changeIpAddress: Step = {
  checkDomainSoon: true,
  async run(context) {
    const { tx, now, item } = context;
    const d = await lockedDomain(context);
    const payload = item.payload as { ip_address: string; signature?: string | null; http_version?: 1 | 2 | null };
    const [from] = d.ipAddressGuid ? await tx.select({ ip: ipAddresses.ipAddress }).from(ipAddresses).where(eq(ipAddresses.guid, d.ipAddressGuid)) : [];
    const [to] = await tx.select().from(ipAddresses).where(eq(ipAddresses.guid, payload.ip_address));
    if (!to) throw new StepFailure('The IP address no longer exists.');
    if (to.ipAddressType === 'DEDICATED') {
      const set: Partial<typeof ipAddresses.$inferInsert> = {};
      if (payload.signature !== undefined) set.signatureGuid = payload.signature;
      if (payload.http_version) set.httpVersion = payload.http_version;
      if (Object.keys(set).length) await tx.update(ipAddresses).set(set).where(eq(ipAddresses.guid, to.guid));
    }
    const [zone] = await tx
      .select()
      .from(dnsZones)
      .where(eq(dnsZones.domainGuid, d.parentDomainGuid ?? d.guid))
      .for('update');
    if (zone && from && from.ip !== to.ipAddress) {
      const addressRecords = (ip: string) => and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, 'A'), eq(dnsRecords.value, ip));
      // A set holding both addresses keeps the new one once (the same record twice is one: dns_records_record_key).
      const holdingNew = (await tx.select({ name: dnsRecords.name }).from(dnsRecords).where(addressRecords(to.ipAddress))).map((r) => r.name);
      if (holdingNew.length) await tx.delete(dnsRecords).where(and(addressRecords(from.ip), inArray(dnsRecords.name, holdingNew)));
      await tx.update(dnsRecords).set({ value: to.ipAddress }).where(addressRecords(from.ip));
      await tx
        .update(dnsZones)
        .set({ soaSerial: nextSerial(zone.soaSerial, now), dateUpdated: now })
        .where(eq(dnsZones.guid, zone.guid));
    }
    await tx.update(domains).set({ ipAddressGuid: to.guid, status: 'ACTIVE', dateUpdated: now }).where(eq(domains.guid, d.guid));
  },
};

/** The site moves to the other account; it is not in that account's cPanel until created there. */
const changeHostingAccount: Step = {
  async run(context) {
    const d = await lockedDomain(context);
    const { hosting_account } = context.item.payload as { hosting_account: string };
    await context.tx.update(domains).set({ hostingAccountGuid: hosting_account, isInCpanel: false, status: 'ACTIVE', dateUpdated: context.now }).where(eq(domains.guid, d.guid));
  },
};

const createInCpanel: Step = {
  async run(context) {
    const d = await lockedDomain(context);
    await context.tx.update(domains).set({ isInCpanel: true, status: 'ACTIVE', dateUpdated: context.now }).where(eq(domains.guid, d.guid));
  },
};

export const domainPlacementSteps: Record<string, Step> = {
  CHANGE_IP_ADDRESS: changeIpAddress,
  CHANGE_HOSTING_ACCOUNT: changeHostingAccount,
  CREATE_DOMAIN_IN_CPANEL: createInCpanel,
};
