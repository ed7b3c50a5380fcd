import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { dnsRecords, dnsZones, domains } from '../db/schema/index';
import { absoluteName, answerQuestion, indexZone, type Answer, type ZoneData } from './answer';

/** Every suffix of a name that could be a zone: a.b.example.com -> a.b.example.com, b.example.com, example.com. */
const suffixes = (name: string) => name.split('.').map((_, i, parts) => parts.slice(i).join('.')).filter((s) => s.includes('.'));

/**
 * The ACTIVE zone that holds `qname` (the longest domain with a zone that the name ends in), with
 * all its records, as the panel stores them; null for a name in no zone served here.
 */
export async function zoneHolding(db: Db, qname: string): Promise<ZoneData | null> {
  const name = absoluteName(qname).slice(0, -1);
  if (!name) return null;
  const zones = await db
    .select({ zone: dnsZones, domain: domains.domain })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .where(and(inArray(domains.domain, suffixes(name)), eq(dnsZones.status, 'ACTIVE')));
  const found = zones.sort((a, b) => b.domain.length - a.domain.length)[0];
  if (!found) return null;
  const { zone, domain } = found;
  const records = await db
    .select({ name: dnsRecords.name, type: dnsRecords.type, ttl: dnsRecords.ttl, value: dnsRecords.value })
    .from(dnsRecords)
    .where(eq(dnsRecords.zoneGuid, zone.guid))
    .orderBy(asc(dnsRecords.type), asc(dnsRecords.name), asc(dnsRecords.position), asc(dnsRecords.dateCreated));
  return {
    origin: domain,
    soa: { nameserver: zone.soaNameserver, email: zone.soaEmail, serial: zone.soaSerial, refresh: zone.soaRefresh, retry: zone.soaRetry, expiry: zone.soaExpiry, ttl: zone.soaTtl },
    records,
  };
}

const REFUSED: Answer = { rcode: 'REFUSED', authoritative: false, answer: [], authority: [], additional: [] };

/** The answer to one question from the zones in the database, read as it now stands. */
export async function lookup(db: Db, qname: string, qtype: number): Promise<Answer> {
  const zone = await zoneHolding(db, qname);
  return zone ? answerQuestion(indexZone(zone), qname, qtype) : REFUSED;
}
