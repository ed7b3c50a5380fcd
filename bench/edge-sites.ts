import { count, eq } from 'drizzle-orm';
import type { FirewallRuleData } from '../src/lib/firewall';
import { openDatabase } from '../src/server/db/connection';
import {
  companies,
  domainGroups,
  domains,
  edgeRequests,
  firewallPolicies,
  firewallPolicyDomains,
  firewallPolicyRules,
  firewallRules,
  urlRedirects,
} from '../src/server/db/schema/index';
import { startEdgeBeside } from '../src/server/edge/processes';

/**
 * The sites of bench/edge.ts, as the panel stores them, and the Hostdeck edge serving them (run as
 * a child of the benchmark: this file with HOSTDECK_BENCH_EDGE_SERVE=1). Three domains: one whose
 * URL redirect answers /old with a 301, one served its page, and one served its page through 100
 * ACTIVE firewall rules that none decides (every request is tried against all 100: paths, agents,
 * CIDR lists, a header regex, countries with a query, and five counting rate limits), the worst
 * case for the evaluator. The same work is configured in nginx (bench/edge-nginx.ts).
 */
export const RULES = 100;
export const SITES = { redirect: 'redirect.bench-edge.example', page: 'page.bench-edge.example', rules: 'rules.bench-edge.example' } as const;
export const REDIRECT = { path: '/old', destination: 'https://example.com/new' } as const;
/** Every rate limit's count: never reached, so each request is counted and let on. */
export const RATE_LIMIT_MAX = 1_000_000_000;

/** Rule i of the hundred: a condition the bench's requests never meet, so the next rule is tried. */
export function benchRule(i: number): FirewallRuleData {
  const reject = (conditions: FirewallRuleData['conditions']): FirewallRuleData => ({ type: 'FIREWALL', conditions, action: { type: 'REJECT', default_type: 'ALLOW' } });
  if (i % 20 === 19) {
    return {
      type: 'RATE_LIMIT',
      conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/' }]],
      action: { type: 'REJECT', default_type: 'ALLOW' },
      max_requests: RATE_LIMIT_MAX,
      time_frame: 'MINUTE',
    };
  }
  switch (i % 5) {
    case 0:
      return reject([[{ field: 'uri_path', operator: 'EQUALS', value: `/blocked-${i}` }]]);
    case 1:
      return reject([
        [
          { field: 'user_agent', operator: 'CONTAINS', value: `scanner-${i}` },
          { field: 'referer', operator: 'ENDS_WITH', value: `spam-${i}.example` },
        ],
      ]);
    case 2:
      return reject([[{ field: 'cidr', operator: 'EQUALS', value: [`203.0.113.${i}/32`, `2001:db8:${i.toString(16)}::/48`] }]]);
    case 3:
      return reject([[{ field: 'header', name: 'X-Probe', operator: 'REGEX', value: `^probe-\\d+-${i}$` }]]);
    default:
      return reject([[{ field: 'country', operator: 'EQUALS', value: ['CN', 'RU'] }], [{ field: 'query_string', operator: 'CONTAINS', value: `id-${i}` }]]);
  }
}

/** The child: its database (DATABASE_URL, else a PGlite in DATA_DIR) with the three sites, the edge on a free port (EDGE_PROCESSES of them). */
async function serveSites() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  const { db } = database;
  const [company] = await db.insert(companies).values({ name: 'Edge Bench Ltd', supportPin: '000000' }).returning();
  const companyGuid = company!.guid;
  const [group] = await db.insert(domainGroups).values({ companyGuid, name: 'Bench' }).returning();
  const made = await db
    .insert(domains)
    .values(Object.values(SITES).map((domain) => ({ companyGuid, groupGuid: group!.guid, domain, status: 'ACTIVE' })))
    .returning({ guid: domains.guid, domain: domains.domain });
  const guidOf = (name: string) => made.find((d) => d.domain === name)!.guid;
  await db.insert(urlRedirects).values({ companyGuid, domainGuid: guidOf(SITES.redirect), urls: [REDIRECT.path], destination: REDIRECT.destination, responseCode: 301 });
  const rules = await db
    .insert(firewallRules)
    .values(Array.from({ length: RULES }, (_, i) => ({ companyGuid, name: `Bench rule ${i + 1}`, priority: i, data: benchRule(i) as typeof firewallRules.$inferInsert.data })))
    .returning({ guid: firewallRules.guid });
  const [policy] = await db.insert(firewallPolicies).values({ companyGuid, name: 'Bench policy' }).returning({ guid: firewallPolicies.guid });
  await db.insert(firewallPolicyRules).values(rules.map((r) => ({ policyGuid: policy!.guid, ruleGuid: r.guid })));
  await db.insert(firewallPolicyDomains).values({ policyGuid: policy!.guid, domainGuid: guidOf(SITES.rules) });
  const edge = await startEdgeBeside(database, { port: 0, host: '127.0.0.1', processes: Number(process.env.EDGE_PROCESSES ?? 1) }, () => new Date());
  if (!edge) throw new Error('The edge did not start.');
  process.once('SIGTERM', () => {
    void (async () => {
      // Every process's request log written, then counted: what the sites answered and the log kept.
      await edge.close();
      const [written] = await db.select({ n: count() }).from(edgeRequests).where(eq(edgeRequests.companyGuid, companyGuid));
      console.log(`RECORDED ${written!.n}`);
      await database.close();
      process.exit(0);
    })();
  });
  console.log(`EDGE ${edge.port}`);
}

if (process.env.HOSTDECK_BENCH_EDGE_SERVE === '1') await serveSites();
