import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroups, domains } from '../src/server/db/schema/index';
import { txtStrings, type ZoneData } from '../src/server/dns/answer';
import { startDnsServer } from '../src/server/dns/server';

/**
 * Issue 30, "DNS from memory": the project's DNS server beside Knot DNS on the same zone, in the
 * same run. dnsperf asks both the same questions (A, MX, TXT, CNAME and names that do not exist)
 * with the same clients, queries in flight and time, in turns of a second so a slow spell of a
 * shared machine falls on both alike; queries per second, queries lost and the 99th percentile
 * of dnsperf's per-query latencies (its -v lines) are printed, and the ratio. The project's
 * server runs in a child process of its own (this file, with HOSTDECK_BENCH_DNS_CHILD=1) on
 * PGlite, once on its event loop and once in its worker thread (DNS_WORKER=1). Knot runs with
 * its defaults (a UDP worker per core). Without dnsperf or knotd the part says so and is skipped.
 */
const DNSPERF = '/usr/bin/dnsperf';
const KNOTD = '/usr/sbin/knotd';
/** dnsperf's clients (its sockets) and the queries it keeps in flight. */
const CLIENTS = 4;
const IN_FLIGHT = 100;

const ORIGIN = 'bench-dns.example';
const ZONE: ZoneData = {
  origin: ORIGIN,
  soa: { nameserver: 'ns1.hostdeck.test', email: `hostmaster.${ORIGIN}`, serial: 2026112701, refresh: 86400, retry: 7200, expiry: 3600000, ttl: 3600 },
  records: [
    { name: '', type: 'NS', ttl: 3600, value: 'ns1.hostdeck.test' },
    { name: '', type: 'NS', ttl: 3600, value: 'ns2.hostdeck.test' },
    { name: '', type: 'A', ttl: 3600, value: '192.0.2.10' },
    { name: 'www', type: 'A', ttl: 3600, value: '192.0.2.10' },
    { name: 'mail', type: 'A', ttl: 3600, value: '192.0.2.20' },
    { name: 'mail', type: 'A', ttl: 3600, value: '192.0.2.21' },
    { name: '', type: 'MX', ttl: 3600, value: `10 mail.${ORIGIN}` },
    { name: '', type: 'MX', ttl: 3600, value: '20 mx.example.net' },
    { name: '', type: 'TXT', ttl: 3600, value: 'v=spf1 a mx include:_spf.hostdeck.test ~all' },
    { name: '_dmarc', type: 'TXT', ttl: 3600, value: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${ORIGIN}` },
    { name: 'shop', type: 'CNAME', ttl: 3600, value: `www.${ORIGIN}` },
    { name: 'blog', type: 'CNAME', ttl: 3600, value: 'hosted.example.net' },
  ],
};

/** The query file: each line one question; a fifth of them names that do not exist. */
const QUESTIONS = [
  [ORIGIN, 'A'],
  [`www.${ORIGIN}`, 'A'],
  [`mail.${ORIGIN}`, 'A'],
  [ORIGIN, 'MX'],
  [ORIGIN, 'TXT'],
  [`_dmarc.${ORIGIN}`, 'TXT'],
  [`shop.${ORIGIN}`, 'CNAME'],
  [`shop.${ORIGIN}`, 'A'],
  [`blog.${ORIGIN}`, 'A'],
  [ORIGIN, 'NS'],
  [ORIGIN, 'SOA'],
  [`www.${ORIGIN}`, 'MX'],
  [`missing.${ORIGIN}`, 'A'],
  [`nothing.here.${ORIGIN}`, 'MX'],
  [`gone.${ORIGIN}`, 'TXT'],
];

/** The zone in BIND syntax for Knot, from the same records. */
function zoneFile(zone: ZoneData): string {
  const host = (v: string) => (v.endsWith('.') ? v : `${v}.`);
  const { soa } = zone;
  const lines = [`$ORIGIN ${zone.origin}.`, `@ ${soa.ttl} IN SOA ${host(soa.nameserver)} ${host(soa.email)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expiry} ${soa.ttl}`];
  for (const r of zone.records) {
    const data =
      r.type === 'TXT'
        ? txtStrings(r.value)
            .map((s) => `"${s.toString('latin1').replace(/["\\]/g, (c) => `\\${c}`)}"`)
            .join(' ')
        : r.type === 'MX'
          ? `${r.value.split(/\s+/)[0]} ${host(r.value.split(/\s+/)[1]!)}`
          : r.type === 'A'
            ? r.value
            : host(r.value);
    lines.push(`${r.name || '@'} ${r.ttl} IN ${r.type} ${data}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The child: a PGlite of its own with the zone written as the panel stores it, the DNS server on a free port. */
async function serveDns() {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR });
  const { db } = database;
  const [company] = await db.insert(companies).values({ name: 'DNS Bench Ltd', supportPin: '000000' }).returning();
  const [group] = await db.insert(domainGroups).values({ companyGuid: company!.guid, name: 'Bench' }).returning();
  const [domain] = await db.insert(domains).values({ companyGuid: company!.guid, groupGuid: group!.guid, domain: ORIGIN, status: 'ACTIVE' }).returning();
  const { soa } = ZONE;
  const [zone] = await db
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
  await db.insert(dnsRecords).values(ZONE.records.map((r, position) => ({ zoneGuid: zone!.guid, type: r.type, name: r.name, value: r.value, ttl: r.ttl, position })));
  const dns = await startDnsServer(database, { port: 0, host: '127.0.0.1', worker: process.env.DNS_WORKER === '1' });
  process.once('SIGTERM', () => {
    void dns
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  console.log(`DNS ${dns.port}`);
}

/** A port free on 127.0.0.1 for both UDP and TCP. */
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

interface Server {
  name: string;
  port: number;
  stop(): Promise<void>;
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function startHostdeck(name: string, worker: boolean): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-dns-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/dns.ts'], {
    env: { ...process.env, HOSTDECK_BENCH_DNS_CHILD: '1', DATA_DIR: dir, DNS_WORKER: worker ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await stopped(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^DNS (\d+)$/m.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`the DNS server exited with ${code} before listening`)));
    });
    return { name, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** knotd in the foreground with a configuration of its own; ready once its log says the zone is loaded. */
async function startKnot(dir: string): Promise<Server> {
  const port = await freePort();
  const zonePath = join(dir, `${ORIGIN}.zone`);
  writeFileSync(zonePath, zoneFile(ZONE));
  const config = [
    'server:',
    `    rundir: "${dir}"`,
    `    listen: 127.0.0.1@${port}`,
    'database:',
    `    storage: "${dir}"`,
    'log:',
    '  - target: stderr',
    '    any: info',
    'zone:',
    `  - domain: ${ORIGIN}`,
    `    file: "${zonePath}"`,
  ];
  writeFileSync(join(dir, 'knot.conf'), `${config.join('\n')}\n`);
  const child = spawn(KNOTD, ['-c', join(dir, 'knot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await stopped(child);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let log = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (/error:/.test(log)) reject(new Error(`knotd could not serve the zone:\n${log}`));
        else if (log.includes(`[${ORIGIN}.] loaded`)) resolve();
      });
      child.once('exit', (code, signal) => reject(new Error(`knotd ended (${code ?? signal}) before serving the zone:\n${log}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const version =
    execFileSync(KNOTD, ['-V'])
      .toString()
      .match(/version (\S+)/)?.[1] ?? '';
  return { name: `Knot DNS ${version} (its defaults: a UDP worker per core)`, port, stop };
}

interface Tally {
  completed: number;
  lost: number;
  seconds: number;
  latencies: number[];
  rcodes: Map<string, number>;
}

const tally = (): Tally => ({ completed: 0, lost: 0, seconds: 0, latencies: [], rcodes: new Map() });

/** One dnsperf run of `seconds` against `port`, its figures added to `into`: -v prints each answer's rcode and latency. */
function dnsperf(queries: string, port: number, seconds: number, into: Tally): Promise<void> {
  const child = spawn(DNSPERF, ['-s', '127.0.0.1', '-p', String(port), '-d', queries, '-l', String(seconds), '-c', String(CLIENTS), '-q', String(IN_FLIGHT), '-v'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let completed = 0;
  let lost = 0;
  let runTime = 0;
  lines.on('line', (line) => {
    // "> NOERROR www.bench-dns.example A 0.000123"
    if (line.startsWith('> ')) {
      const parts = line.split(' ');
      into.rcodes.set(parts[1]!, (into.rcodes.get(parts[1]!) ?? 0) + 1);
      into.latencies.push(Number(parts.at(-1)) * 1000);
      return;
    }
    const figure = /^\s*(Queries completed|Queries lost|Run time \(s\)):\s+([\d.]+)/.exec(line);
    if (figure?.[1] === 'Queries completed') completed = Number(figure[2]);
    else if (figure?.[1] === 'Queries lost') lost = Number(figure[2]);
    else if (figure) runTime = Number(figure[2]);
  });
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`dnsperf ended with ${code}`));
      into.completed += completed;
      into.lost += lost;
      into.seconds += runTime;
      resolve();
    });
  });
}

function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

export async function measureDns(seconds = 5) {
  console.log(
    `\n## DNS: one zone (A, MX, TXT, CNAME, NS, SOA and names that do not exist), dnsperf with ${CLIENTS} clients and ${IN_FLIGHT} queries in flight, ${seconds} s each (in turns of 1 s)`,
  );
  if (!existsSync(DNSPERF)) {
    console.log(`dnsperf is not installed (${DNSPERF}): the DNS benchmark is skipped. On Debian: apt-get install dnsperf knot.`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-knot-'));
  const queries = join(dir, 'queries.txt');
  writeFileSync(queries, `${QUESTIONS.map(([name, type]) => `${name} ${type}`).join('\n')}\n`);
  const servers: Server[] = [];
  try {
    servers.push(await startHostdeck('Hostdeck DNS, from memory, on its event loop', false));
    servers.push(await startHostdeck('Hostdeck DNS, from memory, DNS_WORKER=1', true));
    if (existsSync(KNOTD)) servers.push(await startKnot(dir));
    else console.log(`Knot DNS is not installed (${KNOTD}): Hostdeck's figures are printed without the comparison. On Debian: apt-get install knot.`);
    // A warm-up second each (the JIT, the answers kept), then turns of a second.
    for (const server of servers) await dnsperf(queries, server.port, 1, tally());
    const tallies = servers.map(tally);
    for (let round = 0; round < seconds; round++) {
      for (const [i, server] of servers.entries()) await dnsperf(queries, server.port, 1, tallies[i]!);
    }
    const rates = servers.map((server, i) => {
      const t = tallies[i]!;
      const qps = t.completed / t.seconds;
      const total = [...t.rcodes.values()].reduce((a, b) => a + b, 0);
      const mix = [...t.rcodes].map(([rcode, n]) => `${rcode} ${((n / total) * 100).toFixed(0)}%`).join(', ');
      console.log(
        `${server.name.padEnd(56)} ${qps.toFixed(0).padStart(7)} q/s   lost ${String(t.lost).padStart(3)}   p99 ${percentile(t.latencies, 0.99).toFixed(2).padStart(6)} ms   (${mix})`,
      );
      return qps;
    });
    const knot = servers.findIndex((s) => s.name.startsWith('Knot'));
    if (knot >= 0) {
      for (const [i, server] of servers.entries()) {
        if (i !== knot) console.log(`${`${server.name.replace('Hostdeck DNS, ', '')} / Knot`.padEnd(56)} ${(rates[i]! / rates[knot]!).toFixed(2).padStart(7)}x`);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.HOSTDECK_BENCH_DNS_CHILD === '1') await serveDns();
