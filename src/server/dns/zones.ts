import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { dnsRecords, dnsZones, domains } from '../db/schema/index';
import { absoluteName, answerQuestion, indexZone, type Answer, type ZoneData } from './answer';

/** A zone as the DNS server serves it: its row's guid and its data. */
export interface LoadedZone {
  guid: string;
  data: ZoneData;
}

/** Records in the order the answers list them (as the zone editor and Knot's comparison expect). */
const RECORD_ORDER = [asc(dnsRecords.type), asc(dnsRecords.name), asc(dnsRecords.position), asc(dnsRecords.dateCreated)];

/**
 * The ACTIVE zones with all their records, as the panel stores them: every one, or those of
 * `only` (zone guids) that are ACTIVE; a guid left out of the answer is a zone gone or not
 * served. One snapshot of the database, so a zone is never read half before and half after a
 * change.
 */
export async function loadActiveZones(db: Db, only?: string[]): Promise<LoadedZone[]> {
  if (only && only.length === 0) return [];
  return db.transaction((tx) => readActiveZones(tx, only), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** loadActiveZones' reading, for a caller already inside a transaction (the seed). */
async function readActiveZones(db: Db, only?: string[]): Promise<LoadedZone[]> {
  const active = eq(dnsZones.status, 'ACTIVE');
  const zones = await db
    .select({ zone: dnsZones, domain: domains.domain })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .where(only ? and(active, inArray(dnsZones.guid, only)) : active);
  if (!zones.length) return [];
  const records = await db
    .select({ zoneGuid: dnsRecords.zoneGuid, name: dnsRecords.name, type: dnsRecords.type, ttl: dnsRecords.ttl, value: dnsRecords.value })
    .from(dnsRecords)
    .where(
      only
        ? inArray(
            dnsRecords.zoneGuid,
            zones.map((z) => z.zone.guid),
          )
        : inArray(dnsRecords.zoneGuid, db.select({ guid: dnsZones.guid }).from(dnsZones).where(active)),
    )
    .orderBy(asc(dnsRecords.zoneGuid), ...RECORD_ORDER);
  const byZone = Map.groupBy(records, (r) => r.zoneGuid);
  return zones.map(({ zone, domain }) => ({
    guid: zone.guid,
    data: {
      origin: domain,
      soa: {
        nameserver: zone.soaNameserver,
        email: zone.soaEmail,
        serial: zone.soaSerial,
        refresh: zone.soaRefresh,
        retry: zone.soaRetry,
        expiry: zone.soaExpiry,
        ttl: zone.soaTtl,
      },
      records: (byZone.get(zone.guid) ?? []).map(({ name, type, ttl, value }) => ({ name, type, ttl, value })),
    },
  }));
}

/** Every suffix of a name that could be a zone: a.b.example.com -> a.b.example.com, b.example.com, example.com. */
const suffixes = (name: string) =>
  name
    .split('.')
    .map((_, i, parts) => parts.slice(i).join('.'))
    .filter((s) => s.includes('.'));

/**
 * The ACTIVE zone that holds `qname` (the longest domain with a zone that the name ends in), read
 * from the database now; null for a name in no zone served here. For the seed, which decides
 * from what the DNS server would answer before any server runs; the server answers from memory.
 */
export async function zoneHolding(db: Db, qname: string): Promise<ZoneData | null> {
  const name = absoluteName(qname).slice(0, -1);
  if (!name) return null;
  const zones = await db
    .select({ guid: dnsZones.guid, domain: domains.domain })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .where(and(inArray(domains.domain, suffixes(name)), eq(dnsZones.status, 'ACTIVE')));
  const found = zones.sort((a, b) => b.domain.length - a.domain.length)[0];
  if (!found) return null;
  const [zone] = await readActiveZones(db, [found.guid]);
  return zone?.data ?? null;
}

const REFUSED: Answer = { rcode: 'REFUSED', authoritative: false, answer: [], authority: [], additional: [] };

/** The answer to one question from the zones in the database, read as it now stands (see zoneHolding). */
export async function lookup(db: Db, qname: string, qtype: number): Promise<Answer> {
  const zone = await zoneHolding(db, qname);
  return zone ? answerQuestion(indexZone(zone), qname, qtype) : REFUSED;
}
