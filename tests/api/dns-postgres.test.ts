import { Resolver } from 'node:dns/promises';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDnsRecord, deleteDnsRecord } from '../../src/lib/requests/dns-zone';
import type { Database } from '../../src/server/db/connection';
import { dnsZones, domains } from '../../src/server/db/schema/index';
import { twoApiProcesses, type ApiProcess, type TwoApiProcesses } from './helpers/api-process';
import { whileListenersCut } from './helpers/postgres';
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
  let two: TwoApiProcesses<{ guid: string; domain: string }> | undefined;

  beforeAll(async () => {
    const zoned = async (database: Database, company: string) => {
      const [row] = await database.db
        .select({ guid: domains.guid, domain: domains.domain })
        .from(dnsZones)
        .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
        .where(and(eq(dnsZones.status, 'ACTIVE'), eq(domains.companyGuid, company), eq(domains.isSubdomain, false)))
        .limit(1);
      return row!;
    };
    two = await twoApiProcesses(url!, zoned, { DNS_WORKER: '1' });
  });

  afterAll(async () => {
    await two?.kill();
  });

  it('answers on the other process a record added through one, and forgets it once deleted there', async () => {
    const { one, other, session, picked: target } = two!;
    expect(other.output.join('')).toContain('in a worker thread');
    const name = `crossed.${target.domain}`;
    expect(await addressesAt(dnsPortOf(other), name)).toBe('ENOTFOUND');
    const started = performance.now();
    await addDnsRecord(one.client(session), target.guid, { type: 'A', name: 'crossed', value: '203.0.113.40', ttl: 3600 });
    expect(
      await until(
        `the other process's DNS server to answer ${name}`,
        () => addressesAt(dnsPortOf(other), name),
        (a) => Array.isArray(a),
      ),
    ).toEqual(['203.0.113.40']);
    expect(
      await until(
        `its own DNS server to answer ${name}`,
        () => addressesAt(dnsPortOf(one), name),
        (a) => Array.isArray(a),
      ),
    ).toEqual(['203.0.113.40']);
    console.log(`[dns-postgres] answered by the other process ${(performance.now() - started).toFixed(0)} ms after the write was sent`);
    await deleteDnsRecord(one.client(session), target.guid, 'A', 'crossed');
    expect(
      await until(
        `the other process's DNS server to forget ${name}`,
        () => addressesAt(dnsPortOf(other), name),
        (a) => a === 'ENOTFOUND',
      ),
    ).toBe('ENOTFOUND');
  });

  it('loads every zone again after its LISTEN connection is cut, so a change made meanwhile is not missed', async () => {
    const { one, other, databaseUrl, session, picked: target } = two!;
    // Written while neither process listens: only the other's reload on listening again brings it.
    await whileListenersCut(databaseUrl, 'hostdeck-dns-zones', 2, () =>
      addDnsRecord(one.client(session), target.guid, { type: 'A', name: 'meanwhile', value: '203.0.113.41', ttl: 3600 }),
    );
    const name = `meanwhile.${target.domain}`;
    expect(
      await until(
        `the other process's DNS server to answer ${name}`,
        () => addressesAt(dnsPortOf(other), name),
        (a) => Array.isArray(a),
      ),
    ).toEqual(['203.0.113.41']);
  });
});
