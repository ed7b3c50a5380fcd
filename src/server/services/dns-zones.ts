import { and, asc, desc, eq, max } from 'drizzle-orm';
import { DNS_ZONE_UNAVAILABLE, type DnsZone } from '../../lib/api/dns-zone';
import { RECORD_TYPES, type RecordType } from '../../lib/schemas/dns';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { dnsRecords, dnsZones, dnsZoneVersions, type ZoneSnapshot } from '../db/schema/index';
import { problem } from '../http/errors';
import { nextSerial } from './dns-defaults';
import { visibleDomain } from './domain-access';

export type ZoneRow = typeof dnsZones.$inferSelect;

/** A zone the request may change, and its domain's name. */
export interface ZoneTarget {
  zone: ZoneRow;
  domain: string;
}

/** Who changes a zone, in which database, when. */
export interface ZoneEditor {
  db: Db;
  by: string;
  now: Date;
}

/** Spec part 2, 8: a zone not yet provisioned (or gone) takes no changes. */
const zoneUnavailable = () => problem(409, DNS_ZONE_UNAVAILABLE, { code: 'dns_zone_unavailable' });

/** The zone of a domain the company may see, ACTIVE, or the spec's 'DNS zone is not available, yet!'. */
export async function visibleZone(db: Db, company: CompanyContext, guid: string, message: string): Promise<ZoneTarget> {
  const d = await visibleDomain(db, company, guid, message, { zoneOwner: true });
  const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.domainGuid, d.guid));
  if (zone?.status !== 'ACTIVE') throw zoneUnavailable();
  return { zone, domain: d.domain };
}

/** The zone as the API answers it (spec part 2, 3 "DNS zone"). */
export async function zoneAnswer(db: Db, zone: ZoneRow, domain: string): Promise<DnsZone> {
  const view = viewOf(await snapshotOf(db, zone));
  return { domain, dns_type: zone.dnsType, status: zone.status, records: { SOA: view.soa, ...view.records } };
}

/** A record set as the editor shows it: a type, a name and its values, one TTL. */
export interface RecordSet {
  name: string;
  records: string[];
  ttl: number;
}

/** The zone as the API answers it (spec part 2, 3 "DNS zone"): the SOA, then record sets by type. */
export interface ZoneView {
  soa: ZoneSnapshot['soa'];
  records: Record<RecordType, RecordSet[]>;
}

export async function snapshotOf(db: Db, zone: ZoneRow): Promise<ZoneSnapshot> {
  const rows = await db
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.zoneGuid, zone.guid))
    .orderBy(asc(dnsRecords.type), asc(dnsRecords.name), asc(dnsRecords.position), asc(dnsRecords.dateCreated));
  return {
    soa: { nameserver: zone.soaNameserver, email: zone.soaEmail, serial: zone.soaSerial, refresh: zone.soaRefresh, retry: zone.soaRetry, expiry: zone.soaExpiry, ttl: zone.soaTtl },
    records: rows.map((r) => ({ type: r.type, name: r.name, value: r.value, ttl: r.ttl })),
  };
}

/** Record sets by type, values grouped under their name. */
export function viewOf(snapshot: ZoneSnapshot): ZoneView {
  const records = Object.fromEntries(RECORD_TYPES.map((t) => [t, [] as RecordSet[]])) as Record<RecordType, RecordSet[]>;
  for (const r of snapshot.records) {
    const list = records[r.type as RecordType];
    if (!list) continue;
    const set = list.find((s) => s.name === r.name);
    if (set) set.records.push(r.value);
    else list.push({ name: r.name, records: [r.value], ttl: r.ttl });
  }
  return { soa: snapshot.soa, records };
}

/** One line per record, as a diff compares them. */
export const linesOf = (s: ZoneSnapshot) => [
  `SOA ${s.soa.nameserver} ${s.soa.email} refresh=${s.soa.refresh} retry=${s.soa.retry} expire=${s.soa.expiry} ttl=${s.soa.ttl}`,
  ...s.records.map((r) => `${r.type} ${r.name || '@'} ${r.ttl} ${r.value}`),
];

/** What changed from one version to the next: lines gone and lines added. */
export function diffOf(before: ZoneSnapshot | null, after: ZoneSnapshot): { removed: string[]; added: string[] } {
  const a = before ? linesOf(before) : [];
  const b = linesOf(after);
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
}

/**
 * A change to a zone, in one transaction with the zone's row locked: `change` checks what it
 * depends on and edits the records (or the SOA), then the serial moves on and the zone as it now
 * stands is written as the next version with who made it and a summary (worked out from what
 * `change` answers, when it depends on that). The lock makes the zone's changes one at a time,
 * so what `change` reads (a record set there, a CNAME beside it) still holds when it writes; the
 * zone must still be ACTIVE under it. A zone's first change also records how it stood before, so
 * that earlier state can be restored.
 */
export async function changeZone<T>(
  { db, by, now }: ZoneEditor,
  zoneGuid: string,
  summary: string | ((done: T) => string),
  change: (tx: Db, zone: ZoneRow) => Promise<T>,
): Promise<{ zone: ZoneRow; done: T }> {
  return db.transaction(async (tx) => {
    const [zone] = await tx.select().from(dnsZones).where(eq(dnsZones.guid, zoneGuid)).for('update');
    if (zone?.status !== 'ACTIVE') throw zoneUnavailable();
    await recordBaseline(tx, zone);
    const done = await change(tx, zone);
    const [changed] = await tx.select().from(dnsZones).where(eq(dnsZones.guid, zoneGuid));
    const [updated] = await tx
      .update(dnsZones)
      .set({ soaSerial: nextSerial(changed!.soaSerial, now), dateUpdated: now })
      .where(eq(dnsZones.guid, zoneGuid))
      .returning();
    await recordVersion(tx, updated!, by, typeof summary === 'string' ? summary : summary(done), now);
    return { zone: updated!, done };
  });
}

/** Before a zone's first recorded change: how it stood, as version 1, so that it can be restored. */
export async function recordBaseline(tx: Db, zone: ZoneRow): Promise<void> {
  const [last] = await tx
    .select({ v: max(dnsZoneVersions.version) })
    .from(dnsZoneVersions)
    .where(eq(dnsZoneVersions.zoneGuid, zone.guid));
  if (last?.v != null) return;
  await tx.insert(dnsZoneVersions).values({
    companyGuid: zone.companyGuid,
    zoneGuid: zone.guid,
    version: 1,
    serial: zone.soaSerial,
    snapshot: await snapshotOf(tx, zone),
    summary: 'The zone before its first recorded change',
    changedBy: null,
    dateCreated: zone.dateUpdated ?? zone.dateCreated,
  });
}

/** The zone as it now stands, as its next version. */
export async function recordVersion(tx: Db, zone: ZoneRow, by: string | null, summary: string, now: Date): Promise<void> {
  const [last] = await tx
    .select({ v: max(dnsZoneVersions.version) })
    .from(dnsZoneVersions)
    .where(eq(dnsZoneVersions.zoneGuid, zone.guid));
  await tx.insert(dnsZoneVersions).values({
    companyGuid: zone.companyGuid,
    zoneGuid: zone.guid,
    version: Number(last?.v ?? 0) + 1,
    serial: zone.soaSerial,
    snapshot: await snapshotOf(tx, zone),
    summary,
    changedBy: by,
    dateCreated: now,
  });
}

/**
 * The records of a snapshot a zone can hold, in order: a value once in its set and one CNAME a
 * name, the first kept, as the indexes of src/server/db/schema/dns.ts (and migration 0010 for
 * the rows before them) have it. A version recorded before those indexes may hold more.
 */
export function storableRecords(records: ZoneSnapshot['records']): ZoneSnapshot['records'] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const name = r.name.toLowerCase();
    const key = r.type === 'CNAME' ? `CNAME ${name}` : `${r.type} ${name} ${r.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Replaces the records of a zone with a snapshot's (and its SOA timers), as a restore does. */
export async function writeSnapshot(tx: Db, zone: ZoneRow, snapshot: ZoneSnapshot): Promise<void> {
  await tx.delete(dnsRecords).where(eq(dnsRecords.zoneGuid, zone.guid));
  const records = storableRecords(snapshot.records);
  if (records.length) await tx.insert(dnsRecords).values(records.map((r, position) => ({ zoneGuid: zone.guid, type: r.type, name: r.name, value: r.value, ttl: r.ttl, position })));
  const { nameserver, email, refresh, retry, expiry, ttl } = snapshot.soa;
  await tx
    .update(dnsZones)
    .set({ soaNameserver: nameserver, soaEmail: email, soaRefresh: refresh, soaRetry: retry, soaExpiry: expiry, soaTtl: ttl })
    .where(eq(dnsZones.guid, zone.guid));
}

export async function versionsOf(db: Db, zoneGuid: string, limit: number, offset: number) {
  return db.select().from(dnsZoneVersions).where(eq(dnsZoneVersions.zoneGuid, zoneGuid)).orderBy(desc(dnsZoneVersions.version)).limit(limit).offset(offset);
}

export async function versionOf(db: Db, zoneGuid: string, version: number) {
  const [row] = await db
    .select()
    .from(dnsZoneVersions)
    .where(and(eq(dnsZoneVersions.zoneGuid, zoneGuid), eq(dnsZoneVersions.version, version)));
  return row ?? null;
}
