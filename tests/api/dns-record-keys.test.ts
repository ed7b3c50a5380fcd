import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { addDnsRecord, restoreDnsZone } from '../../src/lib/requests/dns-zone';
import { CNAME_ONE_VALUE } from '../../src/lib/schemas/dns';
import type { Database } from '../../src/server/db/connection';
import { isUniqueViolation } from '../../src/server/db/locks';
import { dnsRecords, dnsZones, dnsZoneVersions } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

/**
 * The rules of DNS data the record rows keep by index (issue 29): a record set holds a value
 * once, names compared without case, and a name holds one CNAME. Migration 0010 makes the rows
 * written before it keep them, and every write of the API keeps them or says why not.
 */
let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let zone: typeof dnsZones.$inferSelect;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  [zone] = await database.db
    .select()
    .from(dnsZones)
    .where(and(eq(dnsZones.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE')))
    .limit(1);
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

const row = (type: string, name: string, value: string, extra: Partial<typeof dnsRecords.$inferInsert> = {}) => ({ zoneGuid: zone.guid, type, name, value, ...extra });
const refused = (write: Promise<unknown>) =>
  write.then(
    () => false,
    (error: unknown) => isUniqueViolation(error),
  );
const rowsAt = async (name: string) =>
  (
    await database.db
      .select({ type: dnsRecords.type, name: dnsRecords.name, value: dnsRecords.value, ttl: dnsRecords.ttl })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneGuid, zone.guid), sql`lower(${dnsRecords.name}) = ${name}`))
      .orderBy(asc(dnsRecords.type), asc(dnsRecords.value))
  ).map((r) => `${r.type} ${r.name} ${r.value} ${r.ttl}`);

describe('the record rows', () => {
  it('hold a value once in its set, whatever the case of the name, and one CNAME a name', async () => {
    const { db } = database;
    await db.insert(dnsRecords).values(row('A', 'keys', '192.0.2.1'));
    expect(await refused(db.insert(dnsRecords).values(row('A', 'KEYS', '192.0.2.1')))).toBe(true);
    // The same text as another type's value, or another value, is another record.
    await db.insert(dnsRecords).values([row('TXT', 'keys', '192.0.2.1'), row('A', 'keys', '192.0.2.2')]);
    await db.insert(dnsRecords).values(row('CNAME', 'alias', 'one.example.net'));
    expect(await refused(db.insert(dnsRecords).values(row('CNAME', 'Alias', 'two.example.net')))).toBe(true);
  });

  it('migration 0010 removes the rows its indexes refuse, the oldest of each kept, and the indexes hold again', async () => {
    const { db } = database;
    await db.execute(sql`drop index dns_records_record_key`);
    await db.execute(sql`drop index dns_records_cname_key`);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await db
      .insert(dnsRecords)
      .values([
        row('A', 'twice', '192.0.2.9', { ttl: 7200, dateCreated: at(2) }),
        row('A', 'twice', '192.0.2.9', { ttl: 3600, dateCreated: at(1) }),
        row('A', 'TWICE', '192.0.2.9', { ttl: 14400, dateCreated: at(3) }),
        row('A', 'twice', '192.0.2.10', { dateCreated: at(4) }),
        row('CNAME', 'both', 'later.example.net', { dateCreated: at(6) }),
        row('CNAME', 'both', 'first.example.net', { dateCreated: at(5) }),
      ]);
    const migration = await readFile(join(process.cwd(), 'drizzle/0010_dns_record_keys.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect(await rowsAt('twice')).toEqual(['A twice 192.0.2.10 3600', 'A twice 192.0.2.9 3600']);
    expect(await rowsAt('both')).toEqual(['CNAME both first.example.net 3600']);
    expect(await refused(db.insert(dnsRecords).values(row('A', 'twice', '192.0.2.10')))).toBe(true);
    expect(await refused(db.insert(dnsRecords).values(row('CNAME', 'both', 'other.example.net')))).toBe(true);
  });
});

describe('the API keeps them', () => {
  it('refuses a CNAME of more than one value, in the words of the record form', async () => {
    const error = await refusal(addDnsRecord(t.client(demo), zone.domainGuid, { type: 'CNAME', name: 'many', value: 'a.example.net\nb.example.net', ttl: 3600 }), 400);
    expect(error.body.fields).toEqual({ value: CNAME_ONE_VALUE });
    expect(await rowsAt('many')).toEqual([]);
  });

  it('restores a version recorded before the indexes once: the same record twice is one, the first CNAME of a name kept', async () => {
    const { db } = database;
    const [last] = await db
      .select({ v: max(dnsZoneVersions.version) })
      .from(dnsZoneVersions)
      .where(eq(dnsZoneVersions.zoneGuid, zone.guid));
    const version = Number(last?.v ?? 0) + 1;
    const soa = {
      nameserver: zone.soaNameserver,
      email: zone.soaEmail,
      serial: zone.soaSerial,
      refresh: zone.soaRefresh,
      retry: zone.soaRetry,
      expiry: zone.soaExpiry,
      ttl: zone.soaTtl,
    };
    const records = [
      { type: 'NS', name: '', value: 'ns1.hostdeck.test', ttl: 86400 },
      { type: 'A', name: 'old', value: '192.0.2.20', ttl: 3600 },
      { type: 'A', name: 'old', value: '192.0.2.20', ttl: 3600 },
      { type: 'CNAME', name: 'was', value: 'first.example.net', ttl: 3600 },
      { type: 'CNAME', name: 'was', value: 'second.example.net', ttl: 3600 },
    ];
    await db
      .insert(dnsZoneVersions)
      .values({ companyGuid: zone.companyGuid, zoneGuid: zone.guid, version, serial: zone.soaSerial, snapshot: { soa, records }, summary: 'Recorded before migration 0010' });
    const restored = await restoreDnsZone(t.client(demo), zone.domainGuid, version);
    expect(restored.zone.records.A).toEqual([{ name: 'old', records: ['192.0.2.20'], ttl: 3600 }]);
    expect(restored.zone.records.CNAME).toEqual([{ name: 'was', records: ['first.example.net'], ttl: 3600 }]);
  });
});
