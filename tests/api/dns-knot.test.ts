import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroups, domains } from '../../src/server/db/schema/index';
import { txtStrings, type ZoneData } from '../../src/server/dns/answer';
import { startDnsServer, type DnsHandle } from '../../src/server/dns/server';
import { DNS_QUESTIONS, DNS_ZONES, questionName } from '../fixtures/dns-zones';
import { createTestDatabase } from './helpers/db';

/**
 * The project's DNS server and Knot DNS serve the same zones and are asked the same questions
 * with kdig: the rcode, the AA and TC flags and the answer, authority and additional sections must
 * agree (records compared as text, names in lower case, in any order).
 */

const KNOTD = '/usr/sbin/knotd';
const KDIG = '/usr/bin/kdig';
const knotInstalled = existsSync(KNOTD) && existsSync(KDIG);
if (!knotInstalled) console.log(`Knot DNS is not installed (${KNOTD}, ${KDIG}): the comparison with Knot is skipped. CI installs the knot and knot-dnsutils packages.`);

const run = promisify(execFile);

/** A TXT character-string as a zone file quotes it: quote and backslash escaped, other bytes outside printable ASCII as \DDD. */
const quoted = (bytes: Buffer) =>
  `"${[...bytes].map((b) => (b === 0x22 || b === 0x5c ? `\\${String.fromCharCode(b)}` : b < 0x20 || b > 0x7e ? `\\${String(b).padStart(3, '0')}` : String.fromCharCode(b))).join('')}"`;

/**
 * A host name as a zone file writes it: absolute with its final dot, except a single label, which
 * the file leaves relative to its $ORIGIN (the panel's reading of such a value).
 */
const host = (value: string) => (value.endsWith('.') ? value : value.includes('.') ? `${value}.` : value);

/** The zone in plain BIND syntax, written here from the records so the comparison depends on no exporter. */
function zoneFile(zone: ZoneData): string {
  const { soa } = zone;
  const lines = [
    `$ORIGIN ${zone.origin}.`,
    `$TTL ${soa.ttl}`,
    `@ ${soa.ttl} IN SOA ${soa.nameserver}. ${soa.email}. ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expiry} ${soa.ttl}`,
  ];
  for (const r of zone.records) {
    const owner = r.name || '@';
    const data =
      r.type === 'TXT' ? txtStringsOf(r.value) : r.type === 'MX' ? `${r.value.split(/\s+/)[0]} ${host(r.value.split(/\s+/)[1]!)}` : r.type === 'A' ? r.value : host(r.value);
    lines.push(`${owner} ${r.ttl} IN ${r.type} ${data}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Knot, like BIND, takes at most 255 bytes a string: a longer value is written as consecutive strings. */
const txtStringsOf = (value: string) => txtStrings(value).map(quoted).join(' ');

/** A port free on 127.0.0.1 for both UDP and TCP, as a DNS server listens on both. */
async function freePort(): Promise<number> {
  for (;;) {
    const udp = createSocket('udp4');
    const port = await new Promise<number>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => resolve(udp.address().port));
    });
    const tcpFree = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcpFree) return port;
  }
}

interface Knot {
  port: number;
  stop(): Promise<void>;
}

/** knotd in the foreground with a configuration of its own; ready once its log says every zone is loaded. */
async function startKnot(dir: string, zones: ZoneData[]): Promise<Knot> {
  const port = await freePort();
  for (const zone of zones) await writeFile(join(dir, `${zone.origin}.zone`), zoneFile(zone));
  const config = [
    'server:',
    `    rundir: "${dir}"`,
    `    listen: 127.0.0.1@${port}`,
    '    udp-workers: 1',
    '    tcp-workers: 1',
    '    background-workers: 1',
    'database:',
    `    storage: "${dir}"`,
    'log:',
    '  - target: stderr',
    '    any: info',
    'zone:',
    ...zones.flatMap((z) => [`  - domain: ${z.origin}`, `    file: "${join(dir, `${z.origin}.zone`)}"`]),
  ].join('\n');
  await writeFile(join(dir, 'knot.conf'), `${config}\n`);
  const child: ChildProcess = spawn(KNOTD, ['-c', join(dir, 'knot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let log = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (/error:/.test(log)) reject(new Error(`knotd could not serve the zones:\n${log}`));
        else if (zones.every((z) => log.includes(`[${z.origin}.] loaded`))) resolve();
      });
      child.once('exit', (code, signal) => reject(new Error(`knotd ended (${code ?? signal}) before serving the zones:\n${log}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}

interface KdigRecord {
  NAME: string;
  TYPE: number;
  TYPEname: string;
  TTL: number;
  [rdata: `rdata${string}`]: string;
}

interface KdigMessage {
  RCODE: number;
  AA: number;
  TC: number;
  answerRRs?: KdigRecord[];
  authorityRRs?: KdigRecord[];
  additionalRRs?: KdigRecord[];
}

const NAME_DATA = new Set(['NS', 'CNAME', 'MX', 'SOA']);
const RCODES = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED'];

/** A record as text: names in lower case (DNS names compare so), TXT data as kdig quotes it. */
const textOf = (r: KdigRecord) => {
  const data = r[`rdata${r.TYPEname}`] ?? '';
  return `${r.NAME.toLowerCase()} ${r.TTL} ${r.TYPEname} ${NAME_DATA.has(r.TYPEname) ? data.toLowerCase() : data}`;
};
const section = (records: KdigRecord[] | undefined) =>
  (records ?? [])
    .filter((r) => r.TYPE !== 41)
    .map(textOf)
    .sort();

/** One question with kdig, no recursion asked for; kdig asks again over TCP when the UDP answer is truncated. */
async function ask(port: number, name: string, type: string, flags: string[] = []) {
  const { stdout } = await run(KDIG, [`@127.0.0.1`, '-p', String(port), '+norecurse', '+json', '+timeout=3', '+retry=1', ...flags, name, type]);
  const m = JSON.parse(stdout) as KdigMessage;
  return {
    rcode: RCODES[m.RCODE] ?? String(m.RCODE),
    aa: Boolean(m.AA),
    tc: Boolean(m.TC),
    answer: section(m.answerRRs),
    authority: section(m.authorityRRs),
    additional: section(m.additionalRRs),
  };
}

describe.skipIf(!knotInstalled)('the DNS server answers as Knot DNS does', () => {
  let database: Database;
  let dns: DnsHandle;
  let knot: Knot;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hostdeck-knot-'));
    knot = await startKnot(dir, DNS_ZONES);
    database = await createTestDatabase();
    const db = database.db;
    const [company] = await db.insert(companies).values({ name: 'Oracle Zones Ltd', supportPin: '000000' }).returning();
    const [group] = await db.insert(domainGroups).values({ companyGuid: company!.guid, name: 'Oracle' }).returning();
    for (const zone of DNS_ZONES) {
      const [domain] = await db.insert(domains).values({ companyGuid: company!.guid, groupGuid: group!.guid, domain: zone.origin, status: 'ACTIVE' }).returning();
      const { soa } = zone;
      const [row] = await db
        .insert(dnsZones)
        .values({
          companyGuid: company!.guid,
          domainGuid: domain!.guid,
          status: 'ACTIVE',
          soaNameserver: soa.nameserver,
          soaEmail: soa.email,
          soaSerial: soa.serial,
          soaRefresh: soa.refresh,
          soaRetry: soa.retry,
          soaExpiry: soa.expiry,
          soaTtl: soa.ttl,
        })
        .returning();
      await db.insert(dnsRecords).values(zone.records.map((r, position) => ({ zoneGuid: row!.guid, type: r.type, name: r.name, value: r.value, ttl: r.ttl, position })));
    }
    dns = await startDnsServer(database, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await dns?.close();
    await knot?.stop();
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has Knot serving every zone, so an agreement means something', async () => {
    for (const zone of DNS_ZONES) expect((await ask(knot.port, `${zone.origin}.`, 'SOA')).answer).toHaveLength(1);
  });

  it.each(DNS_QUESTIONS)('%s %s', async (name, type) => {
    const [ours, theirs] = [await ask(dns.port, questionName(name), type), await ask(knot.port, questionName(name), type)];
    expect(ours).toEqual(theirs);
  });

  it.each([
    ['dkim', 'TXT', ['+tcp']],
    ['big', 'TXT', ['+tcp']],
    ['@', 'SOA', ['+tcp']],
    ['big', 'TXT', ['+edns', '+bufsize=1232']],
    ['nothere', 'A', ['+edns']],
    ['sub', 'A', ['+edns']],
    ['@', 'SOA', ['+edns=1']],
  ] as [string, string, string[]][])('%s %s with %s', async (name, type, flags) => {
    const [ours, theirs] = [await ask(dns.port, questionName(name), type, flags), await ask(knot.port, questionName(name), type, flags)];
    expect(ours).toEqual(theirs);
  });

  it('truncates an answer too long for UDP without EDNS, as Knot does', async () => {
    const [ours, theirs] = [await ask(dns.port, questionName('big'), 'TXT', ['+ignore']), await ask(knot.port, questionName('big'), 'TXT', ['+ignore'])];
    expect(ours.tc).toBe(true);
    expect(theirs.tc).toBe(true);
  });
});
