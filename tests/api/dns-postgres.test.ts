import { Resolver } from 'node:dns/promises';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDnsRecord, deleteDnsRecord } from '../../src/lib/requests/dns-zone';
import { openDatabase } from '../../src/server/db/connection';
import { dnsZones, domains, users } from '../../src/server/db/schema/index';
import { startApiProcess, type ApiProcess, type Session } from './helpers/api-process';
import { copyToWorkerDatabase } from './helpers/postgres';
import { until } from '../helpers/waiting';

/**
 * Issue 30, "DNS from memory", past one machine: two API processes on one PostgreSQL, each with
 * its DNS server answering from memory (the second in a worker thread, DNS_WORKER=1). A record
 * added through one is answered by the other's DNS server once the database's notice has
 * crossed (LISTEN/NOTIFY). Runs only with TEST_DATABASE_URL, like the other *-postgres tests.
 */
const url = process.env.TEST_DATABASE_URL;

/** The DNS port a process printed on start (src/server/runtime.ts). */
function dnsPortOf(server: ApiProcess): number {
  const m = /\[hostdeck\] DNS server on 127\.0\.0\.1:(\d+)/.exec(server.output.join(''));
  if (!m) throw new Error(`The API process printed no DNS port:\n${server.output.join('')}`);
  return Number(m[1]);
}

/** The A records of `name` as the DNS server at `port` answers them now: addresses, or the error code. */
async function addressesAt(port: number, name: string): Promise<string[] | string> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  try {
    return (await resolver.resolve4(name)).sort();
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe.skipIf(!url)('two API processes on one PostgreSQL, each answering DNS from memory', () => {
  let one: ApiProcess | undefined;
  let other: ApiProcess | undefined;
  let databaseUrl: string;
  let session: Session;
  let target: { guid: string; domain: string };

  beforeAll(async () => {
    databaseUrl = await copyToWorkerDatabase(url!, inject('postgresSeededTemplate'));
    const database = await openDatabase({ databaseUrl, migrate: false });
    try {
      const [demo] = await database.db.select({ company: users.defaultCompanyGuid }).from(users).where(eq(users.email, 'demo@hostdeck.test'));
      const [row] = await database.db
        .select({ guid: domains.guid, domain: domains.domain })
        .from(dnsZones)
        .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
        .where(and(eq(dnsZones.status, 'ACTIVE'), eq(domains.companyGuid, demo!.company!), eq(domains.isSubdomain, false)))
        .limit(1);
      target = row!;
    } finally {
      await database.close();
    }
    [one, other] = await Promise.all([startApiProcess({ DATABASE_URL: databaseUrl }), startApiProcess({ DATABASE_URL: databaseUrl, DNS_WORKER: '1' })]);
    session = await one.signIn('demo@hostdeck.test');
  });

  afterAll(async () => {
    await Promise.all([one?.kill(), other?.kill()]);
  });

  it('answers on the other process a record added through one, and forgets it once deleted there', async () => {
    expect(other!.output.join('')).toContain('in a worker thread');
    const name = `crossed.${target.domain}`;
    expect(await addressesAt(dnsPortOf(other!), name)).toBe('ENOTFOUND');
    const started = performance.now();
    await addDnsRecord(one!.client(session), target.guid, { type: 'A', name: 'crossed', value: '203.0.113.40', ttl: 3600 });
    expect(await until(`the other process's DNS server to answer ${name}`, () => addressesAt(dnsPortOf(other!), name), (a) => Array.isArray(a))).toEqual(['203.0.113.40']);
    expect(await until(`its own DNS server to answer ${name}`, () => addressesAt(dnsPortOf(one!), name), (a) => Array.isArray(a))).toEqual(['203.0.113.40']);
    console.log(`[dns-postgres] answered by the other process ${(performance.now() - started).toFixed(0)} ms after the write was sent`);
    await deleteDnsRecord(one!.client(session), target.guid, 'A', 'crossed');
    expect(await until(`the other process's DNS server to forget ${name}`, () => addressesAt(dnsPortOf(other!), name), (a) => a === 'ENOTFOUND')).toBe('ENOTFOUND');
  });

  it('loads every zone again after its LISTEN connection is cut, so a change made meanwhile is not missed', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const listeners = async () => (await admin.query(`select pid from pg_stat_activity where application_name = 'hostdeck-dns-zones'`)).rows.map((r: { pid: number }) => r.pid);
    try {
      const before = await listeners();
      expect(before).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      // Written while the other process does not listen: only its reload on listening again brings it.
      await addDnsRecord(one!.client(session), target.guid, { type: 'A', name: 'meanwhile', value: '203.0.113.41', ttl: 3600 });
      await until('both processes to LISTEN again on new connections', listeners, (pids) => pids.filter((pid) => !before.includes(pid)).length === 2);
      const name = `meanwhile.${target.domain}`;
      expect(await until(`the other process's DNS server to answer ${name}`, () => addressesAt(dnsPortOf(other!), name), (a) => Array.isArray(a))).toEqual(['203.0.113.41']);
    } finally {
      await admin.end();
    }
  });
});
