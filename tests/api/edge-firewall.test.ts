import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { normalizePath, type FirewallRuleData } from '../../src/lib/firewall';
import type { Database } from '../../src/server/db/connection';
import {
  domainGroups,
  domains,
  edgeRequests,
  firewallPolicies,
  firewallPolicyDomainGroups,
  firewallPolicyDomains,
  firewallPolicyRules,
  firewallPolicyRulesets,
  firewallRules,
  firewallRulesetRules,
  firewallRulesets,
  urlRedirects,
} from '../../src/server/db/schema/index';
import { BAD_PATH_TEXT, LIMITED_TEXT, PLACEHOLDER_TEXT, REJECTED_TEXT } from '../../src/server/edge/pages';
import { startEdge, type EdgeHandle } from '../../src/server/edge/server';
import { AHREFS_AGENT, CASE_EPOCH, FIREWALL_SCENARIOS, type FirewallCaseStep } from '../fixtures/firewall-cases';
import { openSeededApp, type TestApp } from './helpers/app';
import { ungovernedDomains } from './helpers/ungoverned-domains';

/**
 * The HTTP edge enforces the firewall (issue 9 "The edge enforces it", done-when 2): rules,
 * rulesets and policies are written straight to the database (the firewall calls are tested on
 * their own), then real requests go to the edge. The edge's clock is this file's, so rate-limit
 * windows are moved by hand rather than waited for. The edge keeps the rules in memory and loads
 * them again when the database announces a change (issue 30), which a write made here does
 * before it returns: the next request sees it.
 */

let database: Database;
let t: TestApp;
let company: string;
let edge: EdgeHandle;
let clock = Date.now();
/** ACTIVE demo domains with no software, no URL redirect and no firewall policy yet, one per use. */
let free: { guid: string; domain: string; groupGuid: string }[];
let nextFree = 0;
const takeDomain = () => free[nextFree++]!;

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const MINUTE = 60_000;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  ({ company } = await t.signIn('demo@hostdeck.test'));
  edge = await startEdge(database, { port: 0, host: '127.0.0.1', trustProxy: true }, () => new Date(clock));
  free = await ungovernedDomains(database, company);
});
afterAll(async () => {
  await edge.close();
  await database.close();
});

interface EdgeAnswer {
  status: number;
  location: string | undefined;
  retryAfter: string | undefined;
  body: string;
}

interface Visit {
  path?: string;
  method?: string;
  /** The client's address, sent as X-Forwarded-For (the edge trusts it here, as behind a proxy). */
  from?: string;
  headers?: Record<string, string>;
}

function visit(host: string, { path = '/', method = 'GET', from = '8.8.8.8', headers = {} }: Visit = {}): Promise<EdgeAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: edge.port, path, method, headers: { Host: host, 'User-Agent': CHROME, 'X-Forwarded-For': from, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, retryAfter: res.headers['retry-after'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface RuleSeed {
  guid?: string;
  priority: number;
  status?: string;
  data: FirewallRuleData;
}

interface PolicySeed {
  /** Where the policy is attached. */
  domain?: string;
  group?: string;
  priority?: number;
  status?: string;
  /** Bring the rules through a ruleset of this status rather than directly. */
  ruleset?: 'ACTIVE' | 'DISABLED';
}

/** Rules for the demo company and one policy bringing them, as the panel would store them. */
async function protect(rules: RuleSeed[], policy: PolicySeed): Promise<{ rules: string[]; policy: string }> {
  const { db } = database;
  const made = await db
    .insert(firewallRules)
    .values(
      rules.map((r, i) => ({
        ...(r.guid ? { guid: r.guid } : {}),
        companyGuid: company,
        name: `Edge test rule ${i + 1}`,
        priority: r.priority,
        status: r.status ?? 'ACTIVE',
        // The evaluator's type names its strings loosely (any stored row); these are the schema's.
        data: r.data as typeof firewallRules.$inferInsert.data,
      })),
    )
    .returning({ guid: firewallRules.guid });
  const ruleGuids = made.map((r) => r.guid);
  const [row] = await db
    .insert(firewallPolicies)
    .values({ companyGuid: company, name: 'Edge test policy', priority: policy.priority ?? 0, status: policy.status ?? 'ACTIVE' })
    .returning({ guid: firewallPolicies.guid });
  const policyGuid = row!.guid;
  if (policy.ruleset) {
    const [set] = await db.insert(firewallRulesets).values({ companyGuid: company, name: 'Edge test ruleset', status: policy.ruleset }).returning({ guid: firewallRulesets.guid });
    await db.insert(firewallRulesetRules).values(ruleGuids.map((ruleGuid) => ({ rulesetGuid: set!.guid, ruleGuid })));
    await db.insert(firewallPolicyRulesets).values({ policyGuid, rulesetGuid: set!.guid });
  } else {
    await db.insert(firewallPolicyRules).values(ruleGuids.map((ruleGuid) => ({ policyGuid, ruleGuid })));
  }
  if (policy.domain) await db.insert(firewallPolicyDomains).values({ policyGuid, domainGuid: policy.domain });
  if (policy.group) await db.insert(firewallPolicyDomainGroups).values({ policyGuid, domainGroupGuid: policy.group });
  return { rules: ruleGuids, policy: policyGuid };
}

async function recorded(domainGuid: string) {
  await edge.flush();
  return database.db.select().from(edgeRequests).where(eq(edgeRequests.domainGuid, domainGuid)).orderBy(asc(edgeRequests.id));
}

const reject = (conditions: FirewallRuleData['conditions']): FirewallRuleData => ({ type: 'FIREWALL', conditions, action: { type: 'REJECT', default_type: 'ALLOW' } });

describe('the edge enforces the firewall', () => {
  it('answers 403 to a request a rule rejects, lets the others through, and records both with what the firewall read', async () => {
    const site = takeDomain();
    const { rules } = await protect([{ priority: 10, data: reject([[{ field: 'user_agent', operator: 'CONTAINS', value: 'EvilScanner' }]]) }], { domain: site.guid });

    const blocked = await visit(site.domain, { path: '/wp-admin/?x=1', headers: { 'User-Agent': 'EvilScanner/2.0', Authorization: 'Bearer secret', Cookie: 'a=1' } });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toContain(REJECTED_TEXT);
    const open = await visit(site.domain, { from: '81.2.69.160' });
    expect(open.status).toBe(200);
    expect(open.body).toContain(PLACEHOLDER_TEXT);

    const [first, second] = await recorded(site.guid);
    expect(first).toMatchObject({
      status: 403,
      firewallAction: 'REJECT',
      firewallRuleGuid: rules[0],
      method: 'GET',
      host: site.domain,
      path: '/wp-admin/',
      query: 'x=1',
      userAgent: 'EvilScanner/2.0',
      address: '8.8.8.8',
      country: 'US',
      asn: 15169,
    });
    expect(first!.headers).toMatchObject({ 'user-agent': 'EvilScanner/2.0', cookie: 'a=1', 'x-forwarded-for': '8.8.8.8' });
    expect(first!.headers).not.toHaveProperty('authorization');
    expect(second).toMatchObject({ status: 200, firewallAction: 'ALLOW', firewallRuleGuid: null, address: '81.2.69.160', country: 'GB', query: '' });
  });

  it('answers a redirect rule brought by an ACTIVE ruleset of a policy on the domain group, and nothing of a DISABLED one', async () => {
    const site = takeDomain();
    const other = takeDomain();
    const moved: FirewallRuleData = {
      type: 'FIREWALL',
      conditions: [[{ field: 'host', operator: 'EQUALS', value: site.domain.toUpperCase() }], [{ field: 'uri_path', operator: 'STARTS_WITH', value: '/shop' }]],
      action: { type: 'REDIRECT', default_type: 'ALLOW', redirect_destination: 'https://shop.example.com/', redirect_status_code: 307 },
    };
    const { rules } = await protect([{ priority: 0, data: moved }], { group: site.groupGuid, ruleset: 'ACTIVE' });
    await protect([{ priority: 0, data: reject([]) }], { domain: other.guid, ruleset: 'DISABLED' });

    expect(await visit(site.domain, { path: '/shop/cart' })).toMatchObject({ status: 307, location: 'https://shop.example.com/' });
    expect((await visit(site.domain, { path: '/blog' })).status).toBe(200);
    expect((await visit(other.domain)).status).toBe(200);
    const rows = await recorded(site.guid);
    expect(rows.map((r) => [r.status, r.firewallAction, r.firewallRuleGuid])).toEqual([
      [307, 'REDIRECT', rules[0]],
      [200, 'ALLOW', null],
    ]);
  });

  it('answers 429 with Retry-After past the count within the window, per client, and counts again in the next window', async () => {
    const site = takeDomain();
    const { rules } = await protect(
      [
        {
          priority: 0,
          data: {
            type: 'RATE_LIMIT',
            conditions: [[{ field: 'uri_path', operator: 'EQUALS', value: '/wp-login.php' }]],
            action: { type: 'REJECT', default_type: 'ALLOW' },
            max_requests: 3,
            time_frame: 'MINUTE',
          },
        },
      ],
      { domain: site.guid },
    );
    const minute = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      clock = minute + i * 1_000;
      statuses.push((await visit(site.domain, { path: '/wp-login.php', method: 'POST' })).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    clock = minute + 3_000;
    const limited = await visit(site.domain, { path: '/wp-login.php', method: 'POST' });
    expect(limited).toMatchObject({ status: 429, retryAfter: '57' });
    expect(limited.body).toContain(LIMITED_TEXT);
    expect((await visit(site.domain, { path: '/wp-login.php', from: '81.2.69.160' })).status).toBe(200);
    expect((await visit(site.domain, { path: '/' })).status).toBe(200);
    clock = minute + MINUTE;
    expect((await visit(site.domain, { path: '/wp-login.php' })).status).toBe(200);

    const rows = await recorded(site.guid);
    expect(rows.filter((r) => r.status === 429).map((r) => [r.firewallAction, r.firewallRuleGuid, r.method])).toEqual([['LIMITED', rules[0], 'POST']]);
  });

  it('lets requests through from the moment the rule is DISABLED, and again when its policy is', async () => {
    const site = takeDomain();
    const { rules } = await protect([{ priority: 0, data: reject([]) }], { domain: site.guid });
    clock = Date.now();
    expect((await visit(site.domain)).status).toBe(403);
    // No clock moves: the database announced the change before the update returned.
    await database.db.update(firewallRules).set({ status: 'DISABLED' }).where(eq(firewallRules.guid, rules[0]!));
    expect((await visit(site.domain)).status).toBe(200);
    const [rule] = rules;
    await database.db.update(firewallRules).set({ status: 'ACTIVE' }).where(eq(firewallRules.guid, rule!));
    expect((await visit(site.domain)).status).toBe(403);
    // A DISABLED policy brings none of its rules either.
    await database.db
      .update(firewallPolicies)
      .set({ status: 'DISABLED' })
      .where(inArray(firewallPolicies.guid, database.db.select({ guid: firewallPolicyRules.policyGuid }).from(firewallPolicyRules).where(eq(firewallPolicyRules.ruleGuid, rule!))));
    expect((await visit(site.domain)).status).toBe(200);
    const rows = await recorded(site.guid);
    expect(rows.map((r) => r.firewallAction)).toEqual(['REJECT', 'ALLOW', 'REJECT', 'ALLOW']);
  });

  it('follows a rule through its ruleset, a policy moved to another group, and a domain moved into a governed group', async () => {
    const { db } = database;
    const site = takeDomain();
    const other = takeDomain();
    const { rules, policy } = await protect([{ priority: 0, data: reject([[{ field: 'uri_path', operator: 'EQUALS', value: '/private' }]]) }], {
      group: site.groupGuid,
      ruleset: 'ACTIVE',
    });
    clock = Date.now();
    expect((await visit(site.domain, { path: '/private' })).status).toBe(403);
    // The rule's condition changed: read again with its company's firewall.
    await db
      .update(firewallRules)
      .set({ data: reject([[{ field: 'uri_path', operator: 'EQUALS', value: '/secret' }]]) as typeof firewallRules.$inferInsert.data })
      .where(eq(firewallRules.guid, rules[0]!));
    expect((await visit(site.domain, { path: '/private' })).status).toBe(200);
    expect((await visit(site.domain, { path: '/secret' })).status).toBe(403);
    // The ruleset taken off the policy: nothing brings the rule.
    await db.delete(firewallPolicyRulesets).where(eq(firewallPolicyRulesets.policyGuid, policy));
    expect((await visit(site.domain, { path: '/secret' })).status).toBe(200);
    await db.insert(firewallPolicyRules).values({ policyGuid: policy, ruleGuid: rules[0]! });
    expect((await visit(site.domain, { path: '/secret' })).status).toBe(403);
    // A domain moved into the governed group is governed from its next request on, when it is not already.
    expect((await visit(other.domain, { path: '/secret' })).status).toBe(other.groupGuid === site.groupGuid ? 403 : 200);
    await db.update(domains).set({ groupGuid: site.groupGuid }).where(eq(domains.guid, other.guid));
    expect((await visit(other.domain, { path: '/secret' })).status).toBe(403);
    // Left as found: the domains taken after this one may share the group.
    await db.update(domains).set({ groupGuid: other.groupGuid }).where(eq(domains.guid, other.guid));
    await db.update(firewallPolicies).set({ status: 'DISABLED' }).where(eq(firewallPolicies.guid, policy));
  });

  it("tries policies by their priority before their rules' own", async () => {
    const site = takeDomain();
    const admin = [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' }]];
    const { rules: allowed } = await protect([{ priority: 50, data: { type: 'FIREWALL', conditions: admin, action: { type: 'ALLOW', default_type: 'ALLOW' } } }], {
      domain: site.guid,
      priority: 1,
    });
    await protect([{ priority: 0, data: reject(admin) }], { domain: site.guid, priority: 2 });
    clock = Date.now();
    expect((await visit(site.domain, { path: '/admin' })).status).toBe(200);
    const [row] = await recorded(site.guid);
    expect(row).toMatchObject({ firewallAction: 'ALLOW', firewallRuleGuid: allowed[0] });
  });

  it("governs a subdomain by its parent domain's policies", async () => {
    const { db } = database;
    const taken = free.slice(0, nextFree).map((d) => d.guid);
    // The seed's subdomains share their parent's group (the seeded policy lets browsers through).
    const [sub] = await db
      .select({ guid: domains.guid, domain: domains.domain, parent: domains.parentDomainGuid })
      .from(domains)
      .where(
        and(
          eq(domains.companyGuid, company),
          eq(domains.status, 'ACTIVE'),
          eq(domains.isWildcard, false),
          isNotNull(domains.parentDomainGuid),
          notInArray(domains.parentDomainGuid, taken),
        ),
      )
      .limit(1);
    expect(sub, 'the seed has an ACTIVE subdomain').toBeDefined();
    await db.update(domains).set({ redirectToHttps: false, redirectToWww: false }).where(eq(domains.guid, sub!.guid));
    const { rules } = await protect([{ priority: 0, data: reject([[{ field: 'uri_path', operator: 'EQUALS', value: '/private' }]]) }], { domain: sub!.parent! });
    clock = Date.now();
    expect((await visit(sub!.domain, { path: '/private' })).status).toBe(403);
    expect((await visit(sub!.domain, { path: '/public' })).status).not.toBe(403);
    const rows = await recorded(sub!.guid);
    expect(rows.map((r) => r.firewallRuleGuid)).toEqual([rules[0], null]);
  });

  it("keeps the seeded policy's demo domains open to browsers and closed to AhrefsBot, the office let through", async () => {
    const { db } = database;
    const [blog] = await db
      .select({ domain: domains.domain })
      .from(domains)
      .innerJoin(domainGroups, eq(domainGroups.guid, domains.groupGuid))
      .where(
        and(
          eq(domains.companyGuid, company),
          eq(domains.status, 'ACTIVE'),
          eq(domains.isSubdomain, false),
          eq(domainGroups.name, 'Client Blogs'),
          eq(domains.redirectToHttps, false),
          eq(domains.redirectToWww, false),
        ),
      )
      .limit(1);
    clock = Date.now();
    expect((await visit(blog!.domain)).status).not.toBe(403);
    expect((await visit(blog!.domain, { headers: { 'User-Agent': AHREFS_AGENT } })).status).toBe(403);
    expect((await visit(blog!.domain, { from: '198.51.100.7', headers: { 'User-Agent': AHREFS_AGENT } })).status).not.toBe(403);
  });
});

describe('the edge reads the path normalised (issue 33)', () => {
  it('rejects every way of writing a blocked path, and records and serves the normalised path', async () => {
    const site = takeDomain();
    const { rules } = await protect([{ priority: 0, data: reject([[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' }]]) }], { domain: site.guid });
    await database.db.insert(urlRedirects).values({ companyGuid: company, domainGuid: site.guid, urls: ['/old'], destination: 'https://example.com/new', responseCode: 301 });
    clock = Date.now();
    const evasions = ['/admin', '/%61dmin', '//admin', '/./admin', '/x/../admin', '/x/%2e%2E/admin', '/x\\..\\admin', '/%61dmin/../admin/?q=%61'];
    const answers = [];
    for (const path of evasions) answers.push((await visit(site.domain, { path })).status);
    expect(answers).toEqual(evasions.map(() => 403));
    // The site is served the normalised path too: its URL redirect for /old answers /x/../%6Fld.
    expect(await visit(site.domain, { path: '/x/../%6Fld' })).toMatchObject({ status: 301, location: 'https://example.com/new' });
    expect((await visit(site.domain, { path: '/%2Fadmin' })).status).toBe(200);

    const rows = await recorded(site.guid);
    expect(rows.map((r) => [r.path, r.query, r.firewallRuleGuid])).toEqual([
      ...evasions.slice(0, -1).map((): [string, string, string | null] => ['/admin', '', rules[0]!]),
      ['/admin/', 'q=%61', rules[0]!],
      ['/old', '', null],
      ['/%2Fadmin', '', null],
    ]);
  });

  it('answers 400 to a path it cannot normalise, before any rule, and records nothing of it', async () => {
    const site = takeDomain();
    await protect([{ priority: 0, data: reject([[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' }]]) }], { domain: site.guid });
    clock = Date.now();
    for (const path of ['/x/..%C0%AFadmin', '/%C0%AE%C0%AE/admin', '/admin%00.php', '/%zz', '/caf%E9']) {
      const answer = await visit(site.domain, { path });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toContain(BAD_PATH_TEXT);
    }
    expect(await recorded(site.guid)).toEqual([]);
  });

  it('applies a case-insensitive path rule to any case, an encoded capital included', async () => {
    const site = takeDomain();
    await protect([{ priority: 0, data: reject([[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true }]]) }], { domain: site.guid });
    clock = Date.now();
    const statuses = [];
    for (const path of ['/ADMIN', '/Admin/x', '/%41dmin', '/blog']) statuses.push((await visit(site.domain, { path })).status);
    expect(statuses).toEqual([403, 403, 403, 200]);
  });
});

/** What the edge answers for a decision of the case table. */
function expectAnswer(answer: EdgeAnswer, expected: FirewallCaseStep['expected'], name: string) {
  const status = { ALLOW: 200, REJECT: 403, LIMITED: 429, REFUSED: 400, REDIRECT: expected.status }[expected.action];
  expect(answer.status, name).toBe(status);
  if (expected.action === 'REDIRECT') expect(answer.location, name).toBe(expected.destination);
}

describe('the shared case table through the real edge (issue 9, done-when 2)', () => {
  for (const scenario of FIREWALL_SCENARIOS) {
    it(scenario.name, async () => {
      const site = takeDomain();
      await protect(
        scenario.rules.map((r) => ({ guid: r.guid, priority: r.priority, status: r.status, data: r.data })),
        { domain: site.guid },
      );
      for (const step of scenario.steps) {
        clock = CASE_EPOCH + step.at;
        const { request } = step;
        const answer = await visit(site.domain, {
          method: request.method,
          path: request.query ? `${request.path}?${request.query}` : request.path,
          from: request.client ?? '',
          headers: Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => entry[1] !== undefined)),
        });
        expectAnswer(answer, step.expected, step.name);
      }
      // A refused request reached no site and is not recorded; the others are, with their path normalised.
      const kept = scenario.steps.filter((s) => s.expected.action !== 'REFUSED');
      const rows = await recorded(site.guid);
      expect(rows.map((r) => ({ action: r.firewallAction, rule: r.firewallRuleGuid }))).toEqual(kept.map((s) => ({ action: s.expected.action, rule: s.expected.rule })));
      expect(rows.map((r) => r.path)).toEqual(kept.map((s) => normalizePath(s.request.path)));
      // The edge looked up the countries the table assumes.
      expect(rows.map((r) => r.country)).toEqual(kept.map((s) => s.request.country));
    });
  }
});
