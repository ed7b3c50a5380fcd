import { and, asc, desc, eq, max } from 'drizzle-orm';
import { RECORD_TYPES, type RecordType } from '../../lib/schemas/dns';
import type { Db } from '../db/connection';
import { dnsRecords, dnsZones, dnsZoneVersions, type ZoneSnapshot } from '../db/schema/index';
import { nextSerial } from './dns-defaults';

export type ZoneRow = typeof dnsZones.$inferSelect;

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
  const rows = await db.select().from(dnsRecords).where(eq(dnsRecords.zoneGuid, zone.guid)).orderBy(asc(dnsRecords.type), asc(dnsRecords.name), asc(dnsRecords.position), asc(dnsRecords.dateCreated));
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
 * A change to a zone, in one transaction with the zone's row locked: `change` edits the records
 * (or the SOA), then the serial moves on and the zone as it now stands is written as the next
 * version with who made it and a summary. A zone's first change also records how it stood before,
 * so that earlier state can be restored.
 */
export async function changeZone(db: Db, zoneGuid: string, by: string | null, summary: string, now: Date, change: (tx: Db, zone: ZoneRow) => Promise<void>): Promise<ZoneRow> {
  return db.transaction(async (tx) => {
    const [zone] = await tx.select().from(dnsZones).where(eq(dnsZones.guid, zoneGuid)).for('update');
    await recordBaseline(tx, zone!);
    await change(tx, zone!);
    const [changed] = await tx.select().from(dnsZones).where(eq(dnsZones.guid, zoneGuid));
    const [updated] = await tx.update(dnsZones).set({ soaSerial: nextSerial(changed!.soaSerial, now), dateUpdated: now }).where(eq(dnsZones.guid, zoneGuid)).returning();
    await recordVersion(tx, updated!, by, summary, now);
    return updated!;
  });
}

/** Before a zone's first recorded change: how it stood, as version 1, so that it can be restored. */
export async function recordBaseline(tx: Db, zone: ZoneRow): Promise<void> {
  const [last] = await tx.select({ v: max(dnsZoneVersions.version) }).from(dnsZoneVersions).where(eq(dnsZoneVersions.zoneGuid, zone.guid));
  if (last?.v != null) return;
  await tx.insert(dnsZoneVersions).values({ companyGuid: zone.companyGuid, zoneGuid: zone.guid, version: 1, serial: zone.soaSerial, snapshot: await snapshotOf(tx, zone), summary: 'The zone before its first recorded change', changedBy: null, dateCreated: zone.dateUpdated ?? zone.dateCreated });
}

/** The zone as it now stands, as its next version. */
export async function recordVersion(tx: Db, zone: ZoneRow, by: string | null, summary: string, now: Date): Promise<void> {
  const [last] = await tx.select({ v: max(dnsZoneVersions.version) }).from(dnsZoneVersions).where(eq(dnsZoneVersions.zoneGuid, zone.guid));
  await tx.insert(dnsZoneVersions).values({ companyGuid: zone.companyGuid, zoneGuid: zone.guid, version: Number(last?.v ?? 0) + 1, serial: zone.soaSerial, snapshot: await snapshotOf(tx, zone), summary, changedBy: by, dateCreated: now });
}

/** Replaces the records of a zone with a snapshot's (and its SOA timers), as a restore does. */
export async function writeSnapshot(tx: Db, zone: ZoneRow, snapshot: ZoneSnapshot): Promise<void> {
  await tx.delete(dnsRecords).where(eq(dnsRecords.zoneGuid, zone.guid));
  if (snapshot.records.length) await tx.insert(dnsRecords).values(snapshot.records.map((r, position) => ({ zoneGuid: zone.guid, type: r.type, name: r.name, value: r.value, ttl: r.ttl, position })));
  const { nameserver, email, refresh, retry, expiry, ttl } = snapshot.soa;
  await tx.update(dnsZones).set({ soaNameserver: nameserver, soaEmail: email, soaRefresh: refresh, soaRetry: retry, soaExpiry: expiry, soaTtl: ttl }).where(eq(dnsZones.guid, zone.guid));
}

export async function versionsOf(db: Db, zoneGuid: string, limit: number, offset: number) {
  return db.select().from(dnsZoneVersions).where(eq(dnsZoneVersions.zoneGuid, zoneGuid)).orderBy(desc(dnsZoneVersions.version)).limit(limit).offset(offset);
}

export async function versionOf(db: Db, zoneGuid: string, version: number) {
  const [row] = await db.select().from(dnsZoneVersions).where(and(eq(dnsZoneVersions.zoneGuid, zoneGuid), eq(dnsZoneVersions.version, version)));
  return row ?? null;
}
