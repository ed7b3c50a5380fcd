import { createSocket } from 'node:dgram';
import dns2 from 'dns2';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDnsRecord, getDnsZone, updateDnsRecord } from '../../src/lib/requests/dns-zone';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroups, domains } from '../../src/server/db/schema/index';
import { RR_TYPE } from '../../src/server/dns/answer';
import { startDnsServer, type DnsHandle } from '../../src/server/dns/server';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * Issue 30, "DNS from memory": the DNS server answers from the ACTIVE zones it keeps in memory,
 * loaded again zone by zone when the database announces a change, whoever made it. A test
 * awaits `settled()` after a write (the change is announced before the write returns), never a
 * delay. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL; two processes on one
 * PostgreSQL are in dns-postgres.test.ts.
 */

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let dns: DnsHandle;
let target: { guid: string; domain: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  dns = await startDnsServer(database, { port: 0, host: '127.0.0.1' });
  const [row] = await database.db
    .select({ guid: domains.guid, domain: domains.domain })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE'), eq(domains.isSubdomain, false)))
    .limit(1);
  target = row!;
});
afterAll(async () => {
  await dns?.close();
  await database.close();
});

/** A query as a client writes it, the name's case as given; with `edns`, an OPT record of that UDP size. */
function query(id: number, name: string, type: number, edns?: number): Buffer {
  const labels = name
    .split('.')
    .filter(Boolean)
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')]));
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x0100, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(edns === undefined ? 0 : 1, 10);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(type, 0);
  tail.writeUInt16BE(1, 2);
  const opt = Buffer.alloc(edns === undefined ? 0 : 11);
  if (edns !== undefined) {
    opt.writeUInt16BE(41, 1);
    opt.writeUInt16BE(edns, 3);
  }
  return Buffer.concat([header, ...labels, Buffer.from([0]), tail, opt]);
}

/** Sends one message over UDP to `server` and resolves with the first datagram that comes back. */
function exchange(server: { host: string; port: number }, message: Buffer): Promise<Buffer> {
  const socket = createSocket('udp4');
  return new Promise<Buffer>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('message', (reply) => resolve(reply));
    socket.send(message, server.port, server.host);
  }).finally(() => socket.close());
}

const RCODES = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED'];

/** The response read back: its id, rcode, the question's bytes as echoed, and the answer section as text. */
async function ask(server: { host: string; port: number }, id: number, name: string, type: keyof typeof RR_TYPE, edns?: number) {
  const sent = query(id, name, RR_TYPE[type], edns);
  const reply = await exchange(server, sent);
  const packet = dns2.Packet.parse(reply);
  const questionEnd = 12 + (sent.length - 12 - (edns === undefined ? 0 : 11));
  return {
    id: reply.readUInt16BE(0),
    rcode: RCODES[reply.readUInt16BE(2) & 0xf] ?? String(reply.readUInt16BE(2) & 0xf),
    question: reply.subarray(12, questionEnd).equals(sent.subarray(12, questionEnd)),
    answer: packet.answers.map((a) => `${a.name} ${a.ttl} ${'address' in a ? a.address : 'exchange' in a ? `${a.priority} ${a.exchange}` : JSON.stringify(a)}`),
    soaSerial: [...packet.answers, ...packet.authorities].find((a) => a.type === RR_TYPE.SOA)?.serial as number | undefined,
  };
}

/** Calls `work` while every way into the database is watched, and answers how many times one was taken. */
async function databaseCallsDuring(work: () => Promise<void>): Promise<number> {
  const watched = database.pglite
    ? [vi.spyOn(database.pglite, 'query'), vi.spyOn(database.pglite, 'exec'), vi.spyOn(database.pglite, 'transaction')]
    : [vi.spyOn(database.pool!, 'query'), vi.spyOn(database.pool!, 'connect')];
  try {
    await work();
    return watched.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of watched) spy.mockRestore();
  }
}

describe('the DNS server answers from memory (issue 30)', () => {
  it('answers a record added through the API once the change is loaded, and asks the database nothing per question', async () => {
    const added = await addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'memory', value: '203.0.113.30', ttl: 3600 });
    await dns.settled();
    const calls = await databaseCallsDuring(async () => {
      for (let id = 1; id <= 50; id++) {
        const reply = await ask(dns, id, `memory.${target.domain}`, 'A');
        expect(reply).toMatchObject({ id, rcode: 'NOERROR', question: true, answer: [`memory.${target.domain} 3600 203.0.113.30`] });
      }
      expect((await ask(dns, 51, target.domain, 'SOA')).soaSerial).toBe(added.zone.records.SOA.serial);
      expect((await ask(dns, 52, `nothing-here.${target.domain}`, 'A')).rcode).toBe('NXDOMAIN');
      expect((await ask(dns, 53, 'in-no-zone.example.invalid', 'A')).rcode).toBe('REFUSED');
    });
    expect(calls).toBe(0);
    // The watch does see the database when it is used: an API read goes through it.
    expect(await databaseCallsDuring(async () => void (await getDnsZone(t.client(demo), target.guid)))).toBeGreaterThan(0);
  });

  it('answers a changed record as changed: an answer kept for the zone as it stood is not sent again', async () => {
    await addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'kept', value: '203.0.113.31', ttl: 3600 });
    await dns.settled();
    // Asked twice: the second is the kept answer, sent with its own id.
    expect((await ask(dns, 7, `kept.${target.domain}`, 'A')).answer).toEqual([`kept.${target.domain} 3600 203.0.113.31`]);
    expect(await ask(dns, 8, `kept.${target.domain}`, 'A')).toMatchObject({ id: 8, answer: [`kept.${target.domain} 3600 203.0.113.31`] });
    const changed = await updateDnsRecord(t.client(demo), target.guid, { type: 'A', old_name: 'kept', name: 'kept', value: '203.0.113.32', ttl: 7200 });
    await dns.settled();
    expect((await ask(dns, 9, `kept.${target.domain}`, 'A')).answer).toEqual([`kept.${target.domain} 7200 203.0.113.32`]);
    expect((await ask(dns, 10, target.domain, 'SOA')).soaSerial).toBe(changed.zone.records.SOA.serial);
  });

  it('echoes the question as asked, its case and EDNS kept apart, each with the asker id', async () => {
    const mixed = `KePt.${target.domain.toUpperCase()}`;
    for (const [id, edns] of [
      [21, undefined],
      [22, undefined],
      [23, 1232],
      [24, 4096],
    ] as const) {
      const reply = await ask(dns, id, mixed, 'A', edns);
      expect(reply).toMatchObject({ id, rcode: 'NOERROR', question: true });
      // The owner points at the question's name, so it reads back as asked.
      expect(reply.answer).toEqual([`${mixed} 7200 203.0.113.32`]);
    }
  });

  it('serves ACTIVE zones only, and follows writes made straight to the database', async () => {
    await database.db.update(dnsZones).set({ status: 'PENDING' }).where(eq(dnsZones.domainGuid, target.guid));
    await dns.settled();
    expect((await ask(dns, 31, `kept.${target.domain}`, 'A')).rcode).toBe('REFUSED');
    await database.db.update(dnsZones).set({ status: 'ACTIVE' }).where(eq(dnsZones.domainGuid, target.guid));
    await dns.settled();
    expect((await ask(dns, 32, `kept.${target.domain}`, 'A')).answer).toEqual([`kept.${target.domain} 7200 203.0.113.32`]);
    expect((await getDnsZone(t.client(demo), target.guid)).status).toBe('ACTIVE');
  });

  it('serves a zone added, and forgets it when its domain is deleted', async () => {
    const { db } = database;
    const [company] = await db.insert(companies).values({ name: 'Memory Zones Ltd', supportPin: '000000' }).returning();
    const [group] = await db.insert(domainGroups).values({ companyGuid: company!.guid, name: 'Memory' }).returning();
    const [domain] = await db.insert(domains).values({ companyGuid: company!.guid, groupGuid: group!.guid, domain: 'memory-zone.example', status: 'ACTIVE' }).returning();
    const [zone] = await db
      .insert(dnsZones)
      .values({
        companyGuid: company!.guid,
        domainGuid: domain!.guid,
        status: 'ACTIVE',
        soaNameserver: 'ns1.hostdeck.test',
        soaEmail: 'hostmaster.memory-zone.example',
        soaSerial: 2026120101,
      })
      .returning();
    await db.insert(dnsRecords).values([
      { zoneGuid: zone!.guid, type: 'A', name: 'www', value: '192.0.2.30', ttl: 300 },
      { zoneGuid: zone!.guid, type: 'MX', name: '', value: '10 mail.memory-zone.example', ttl: 300 },
    ]);
    await dns.settled();
    expect((await ask(dns, 41, 'www.memory-zone.example', 'A')).answer).toEqual(['www.memory-zone.example 300 192.0.2.30']);
    expect((await ask(dns, 42, 'memory-zone.example', 'MX')).answer).toEqual(['memory-zone.example 300 10 mail.memory-zone.example']);
    await db.delete(domains).where(eq(domains.guid, domain!.guid));
    await dns.settled();
    expect((await ask(dns, 43, 'www.memory-zone.example', 'A')).rcode).toBe('REFUSED');
    await db.delete(domainGroups).where(eq(domainGroups.guid, group!.guid));
    await db.delete(companies).where(eq(companies.guid, company!.guid));
  });

  it('runs in a worker thread of its own (DNS_WORKER=1), following the same changes', async () => {
    const worker = await startDnsServer(database, { port: 0, host: '127.0.0.1', worker: true });
    try {
      expect((await ask(worker, 51, `kept.${target.domain}`, 'A')).answer).toEqual([`kept.${target.domain} 7200 203.0.113.32`]);
      await addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'threaded', value: '203.0.113.33', ttl: 3600 });
      await worker.settled();
      expect(await ask(worker, 52, `threaded.${target.domain}`, 'A')).toMatchObject({ id: 52, rcode: 'NOERROR', answer: [`threaded.${target.domain} 3600 203.0.113.33`] });
    } finally {
      await worker.close();
    }
  });
});
