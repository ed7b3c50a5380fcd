import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FirewallRuleData } from '../src/lib/firewall';
import { openDatabase } from '../src/server/db/connection';
import {
  domains,
  firewallPolicies,
  firewallPolicyDomainGroups,
  firewallPolicyDomains,
  firewallPolicyRules,
  firewallRules,
  softwareInstallations,
  urlRedirects,
} from '../src/server/db/schema/index';
import { startEdge } from '../src/server/edge/server';
import { seedDemo } from '../src/server/seed/index';
import { demoOwnerCompany } from './demo-owner';

/**
 * Issue 9, done-when 4: the HTTP edge's requests per second with 100 ACTIVE firewall rules on a
 * domain beside the same edge serving a domain with none (ratio), under 50 concurrent clients.
 * The rules are written so none decides (every request is tried against all 100: paths, agents,
 * CIDR lists, a header regex, countries and five counting rate limits), the worst case for the
 * evaluator. The edge runs in a child process of its own (this file, with
 * HOSTDECK_BENCH_EDGE_CHILD=1) on PGlite, recording every request as it does in production.
 */
const CLIENTS = 50;
const RULES = 100;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** Rule i of the hundred: a condition the bench's requests never meet, so the next rule is tried. */
function benchRule(i: number): FirewallRuleData {
  const reject = (conditions: FirewallRuleData['conditions']): FirewallRuleData => ({ type: 'FIREWALL', conditions, action: { type: 'REJECT', default_type: 'ALLOW' } });
  if (i % 20 === 19) {
    return {
      type: 'RATE_LIMIT',
      conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/' }]],
      action: { type: 'REJECT', default_type: 'ALLOW' },
      max_requests: 1_000_000_000,
      time_frame: 'MINUTE',
    };
  }
  switch (i % 5) {
    case 0:
      return reject([[{ field: 'uri_path', operator: 'EQUALS', value: `/blocked-${i}` }]]);
    case 1:
      return reject([[{ field: 'user_agent', operator: 'CONTAINS', value: `scanner-${i}` }, { field: 'referer', operator: 'ENDS_WITH', value: `spam-${i}.example` }]]);
    case 2:
      return reject([[{ field: 'cidr', operator: 'EQUALS', value: [`203.0.113.${i}/32`, `2001:db8:${i.toString(16)}::/48`] }]]);
    case 3:
      return reject([[{ field: 'header', name: 'X-Probe', operator: 'REGEX', value: `^probe-\\d+-${i}$` }]]);
    default:
      return reject([[{ field: 'country', operator: 'EQUALS', value: ['CN', 'RU'] }], [{ field: 'query_string', operator: 'CONTAINS', value: `id-${i}` }]]);
  }
}

/** The child: seeds a database, puts the rules on one domain, starts the edge, prints its port and the two hosts. */
async function serveEdge() {
  // Always a PGlite of its own (never DATABASE_URL): the bench writes rules and traffic into it.
  const database = await openDatabase({ dataDir: process.env.DATA_DIR });
  const { db } = database;
  await seedDemo(db);
  const company = await demoOwnerCompany(db);
  // Two plain domains that no seeded policy governs: both answer the same placeholder page.
  const [ruled, bare] = await db
    .select({ guid: domains.guid, domain: domains.domain })
    .from(domains)
    .where(
      and(
        eq(domains.companyGuid, company),
        eq(domains.status, 'ACTIVE'),
        eq(domains.isSubdomain, false),
        notInArray(domains.groupGuid, db.select({ guid: firewallPolicyDomainGroups.domainGroupGuid }).from(firewallPolicyDomainGroups)),
        notInArray(domains.guid, db.select({ guid: firewallPolicyDomains.domainGuid }).from(firewallPolicyDomains)),
        notInArray(domains.guid, db.select({ guid: softwareInstallations.domainGuid }).from(softwareInstallations)),
        notInArray(domains.guid, db.select({ guid: urlRedirects.domainGuid }).from(urlRedirects)),
      ),
    )
    .orderBy(asc(domains.domain))
    .limit(2);
  if (!ruled || !bare) throw new Error('The seed has no two plain domains without a firewall policy.');
  await db
    .update(domains)
    .set({ redirectToHttps: false, redirectToHttp: false, redirectToWww: false, redirectToNonwww: false })
    .where(inArray(domains.guid, [ruled.guid, bare.guid]));
  const rules = await db
    .insert(firewallRules)
    .values(Array.from({ length: RULES }, (_, i) => ({ companyGuid: company, name: `Bench rule ${i + 1}`, priority: i, data: benchRule(i) as typeof firewallRules.$inferInsert.data })))
    .returning({ guid: firewallRules.guid });
  const [policy] = await db.insert(firewallPolicies).values({ companyGuid: company, name: 'Bench policy' }).returning({ guid: firewallPolicies.guid });
  await db.insert(firewallPolicyRules).values(rules.map((r) => ({ policyGuid: policy!.guid, ruleGuid: r.guid })));
  await db.insert(firewallPolicyDomains).values({ policyGuid: policy!.guid, domainGuid: ruled.guid });
  const edge = await startEdge(db, { port: 0, host: '127.0.0.1' });
  console.log(`EDGE ${edge.port} ${ruled.domain} ${bare.domain}`);
}

interface Sample {
  latencies: number[];
  seconds: number;
  failures: number;
}

async function load(agent: Agent, port: number, host: string, seconds: number, into: Sample) {
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = request({ agent, host: '127.0.0.1', port, path: '/products?page=2', headers: { Host: host, 'User-Agent': CHROME, Accept: 'text/html' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        if ((await once()) !== 200) into.failures++;
        into.latencies.push(performance.now() - t);
      }
    }),
  );
  into.seconds += (performance.now() - start) / 1000;
}

export async function measureEdgeFirewall(seconds = 5) {
  console.log(`\n## HTTP edge: a domain with ${RULES} ACTIVE firewall rules beside one with none, ${CLIENTS} concurrent clients, ${seconds} s each (in turns of 1 s)`);
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-edge-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/edge-firewall.ts'], {
    env: { ...process.env, HOSTDECK_BENCH_EDGE_CHILD: '1', DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const [port, ruled, bare] = await new Promise<[number, string, string]>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /EDGE (\d+) (\S+) (\S+)/.exec(out);
        if (m) resolve([Number(m[1]), m[2]!, m[3]!]);
      });
      child.on('exit', (code) => reject(new Error(`the edge exited with ${code}`)));
    });
    const cases = [
      { name: `${RULES} rules (${ruled})`, host: ruled },
      { name: `no rules (${bare})`, host: bare },
    ];
    const samples = cases.map((): Sample => ({ latencies: [], seconds: 0, failures: 0 }));
    // A warm-up second each (the rule cache, the ASN table, the JIT), then turns of a second, so a
    // slow spell of a shared machine falls on both alike.
    for (const c of cases) await load(agent, port, c.host, 1, { latencies: [], seconds: 0, failures: 0 });
    for (let round = 0; round < seconds; round++) {
      for (const [i, c] of cases.entries()) await load(agent, port, c.host, 1, samples[i]!);
    }
    const rates = cases.map((c, i) => {
      const { latencies, seconds: spent, failures } = samples[i]!;
      latencies.sort((a, b) => a - b);
      const rps = latencies.length / spent;
      const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
      console.log(`${c.name.padEnd(48)} ${rps.toFixed(0).padStart(6)} req/s   p99 ${p99.toFixed(1).padStart(7)} ms${failures ? `   ${failures} non-200 answers` : ''}`);
      return rps;
    });
    console.log(`${'with rules / without'.padEnd(48)} ${(rates[0]! / rates[1]!).toFixed(2)}x`);
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.HOSTDECK_BENCH_EDGE_CHILD === '1') await serveEdge();
