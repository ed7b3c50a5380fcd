import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { DRY_RUN_GROUP_NOT_FOUND } from '../../src/lib/api/firewall';
import { normalizePath, type DecisionAction, type FirewallRuleData } from '../../src/lib/firewall';
import { dryRun } from '../../src/lib/requests/firewall';
import {
  DRY_RUN_GROUP_OR_DOMAIN,
  DRY_RUN_PERIOD_TOO_LONG,
  DRY_RUN_RULE_OR_POLICY,
  ENTER_CONDITION,
  PRIORITY_OUT_OF_RANGE,
  UNKNOWN_RULE,
  type DryRunBody,
} from '../../src/lib/schemas/firewall';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, domains, edgeRequests, firewallRules, firewallRulesetRules, firewallRulesets } from '../../src/server/db/schema/index';
import { startEdge, type EdgeHandle } from '../../src/server/edge/server';
import { replayRequests, unsavedRule } from '../../src/server/services/firewall-dry-run';
import { CASE_EPOCH, FIREWALL_SCENARIOS } from '../fixtures/firewall-cases';
import { openSeededApp, type TestApp } from './helpers/app';
import { ungovernedDomains } from './helpers/ungoverned-domains';
import { refusal } from './helpers/outcomes';

/**
 * The firewall's dry run (issue 9 "Beyond the original", done-when 2): requests are written to
 * edge_requests by hand for exact control, or recorded by the real edge, then a rule or a policy
 * is replayed over them through `POST /firewall/dry-run/`.
 */

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let edge: EdgeHandle;
let clock = CASE_EPOCH;
/** ACTIVE demo domains with no software, URL redirect or firewall policy, one per use. */
let free: { guid: string; domain: string; groupGuid: string }[];
let nextFree = 0;
const takeDomain = () => free[nextFree++]!;

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** The hand-written requests' day: far from the seed's traffic, so the counts are this file's alone. */
const DAY = '2025-03-10';
const at = (seconds: number, day = DAY) => new Date(Date.parse(`${day}T10:00:00Z`) + seconds * 1000);
/** The policy's day: the group holds other tests' requests of DAY. */
const POLICY_DAY = '2025-03-12';

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  edge = await startEdge(database, { port: 0, host: '127.0.0.1', trustProxy: true }, () => new Date(clock));
  free = await ungovernedDomains(database, demo.company);
});
afterAll(async () => {
  await edge.close();
  await database.close();
});

const client = () => t.client(demo);

interface Row {
  at: Date;
  path?: string;
  query?: string;
  method?: string;
  address?: string;
  country?: string | null;
  userAgent?: string;
  /** A row from before the firewall: only path, country and bot. */
  old?: boolean;
  bot?: string;
}

/** Requests written to the log as the edge would have, for exact control of times and facts. */
async function logRequests(domain: { guid: string; domain: string }, rows: Row[]) {
  await database.db.insert(edgeRequests).values(
    rows.map((r) => {
      const userAgent = r.userAgent ?? CHROME;
      const facts = r.old
        ? {}
        : {
            method: r.method ?? 'GET',
            host: domain.domain,
            query: r.query ?? '',
            userAgent,
            address: r.address ?? '8.8.8.8',
            headers: { 'user-agent': userAgent, accept: 'text/html' },
            firewallAction: 'ALLOW',
          };
      return {
        companyGuid: demo.company,
        domainGuid: domain.guid,
        at: r.at,
        visitor: 'v',
        path: r.path ?? '/',
        country: r.country === undefined ? 'US' : r.country,
        os: 'Windows',
        browser: 'Chrome',
        device: r.bot ? 'BOT' : 'DESKTOP',
        bot: r.bot ?? null,
        status: 200,
        bytes: 100,
        ...facts,
      };
    }),
  );
}

async function addRules(rules: { guid?: string; priority: number; status?: string; data: FirewallRuleData }[]): Promise<string[]> {
  const made = await database.db
    .insert(firewallRules)
    .values(
      rules.map((r, i) => ({
        ...(r.guid ? { guid: r.guid } : {}),
        companyGuid: demo.company,
        name: `Dry run rule ${i + 1}`,
        priority: r.priority,
        status: r.status ?? 'ACTIVE',
        // The evaluator's type names its strings loosely (any stored row); these are the schema's.
        data: r.data as typeof firewallRules.$inferInsert.data,
      })),
    )
    .returning({ guid: firewallRules.guid });
  return made.map((r) => r.guid);
}

async function addRuleset(status: string, rules: string[]): Promise<string> {
  const [set] = await database.db
    .insert(firewallRulesets)
    .values({ companyGuid: demo.company, name: `Dry run ruleset ${status}`, status })
    .returning({ guid: firewallRulesets.guid });
  await database.db.insert(firewallRulesetRules).values(rules.map((ruleGuid) => ({ rulesetGuid: set!.guid, ruleGuid })));
  return set!.guid;
}

const rejectLogin: DryRunBody['rule'] = {
  name: 'Block login probes',
  priority: 10,
  rule: { type: 'FIREWALL', conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/wp-login' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
};
const period = { from: DAY, to: DAY };

describe('POST /firewall/dry-run/ with a rule', () => {
  it("counts what the rule alone would do to the group's requests of the period, with samples", async () => {
    const site = takeDomain();
    const [elsewhere] = await database.db
      .select({ guid: domains.guid, domain: domains.domain })
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), ne(domains.groupGuid, site.groupGuid)))
      .limit(1);
    await logRequests(site, [
      { at: at(0), path: '/wp-login.php', query: 'redirect_to=%2F', method: 'POST', address: '1.2.4.8', country: 'CN', userAgent: 'EvilScanner/2.0' },
      { at: at(5), path: '/' },
      { at: at(10), path: '/about', address: '81.2.69.160', country: 'GB' },
      // Outside the period: the day before and the day after.
      { at: new Date(Date.parse(`${DAY}T00:00:00Z`) - 1), path: '/wp-login.php' },
      { at: new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000), path: '/wp-login.php' },
    ]);
    // Another group's requests are not the group's.
    await logRequests(elsewhere!, [{ at: at(1), path: '/wp-login.php' }]);

    const answer = await dryRun(client(), { rule: rejectLogin, domain_group: site.groupGuid, period });
    expect(answer).toMatchObject({
      period: { from: `${DAY}T00:00:00.000Z`, to: '2025-03-11T00:00:00.000Z' },
      total: 3,
      allowed: 2,
      rejected: 1,
      redirected: 0,
      limited: 0,
      truncated: false,
    });
    expect(answer.samples.REJECT).toEqual([
      { time: at(0).toISOString(), method: 'POST', host: site.domain, path: '/wp-login.php?redirect_to=%2F', address: '1.2.4.8', country: 'CN', user_agent: 'EvilScanner/2.0' },
    ]);
    expect(answer.samples.ALLOW.map((s) => s.path)).toEqual(['/', '/about']);
    expect(answer.samples.REDIRECT).toEqual([]);
    expect(answer.samples.LIMITED).toEqual([]);

    // The same rule on the other domain alone finds its one request.
    const there = await dryRun(client(), { rule: rejectLogin, domain: elsewhere!.guid, period });
    expect(there).toMatchObject({ total: 1, rejected: 1 });
  });

  it('reads a row from before the firewall by its path, country and crawler name', async () => {
    const site = takeDomain();
    await logRequests(site, [
      { at: at(0), old: true, path: '/', country: 'CN', bot: 'AhrefsBot' },
      { at: at(1), old: true, path: '/', country: 'DE' },
    ]);
    const byCountry = await dryRun(client(), {
      rule: { priority: 1, rule: { type: 'FIREWALL', conditions: [[{ field: 'country', operator: 'EQUALS', value: ['CN'] }]], action: { type: 'REJECT', default_type: 'ALLOW' } } },
      domain: site.guid,
      period,
    });
    expect(byCountry).toMatchObject({ total: 2, rejected: 1, allowed: 1 });
    // The host reads as the domain's name; what was not recorded reads as missing.
    expect(byCountry.samples.REJECT).toEqual([{ time: at(0).toISOString(), method: null, host: site.domain, path: '/', address: null, country: 'CN', user_agent: null }]);
    const byBot = await dryRun(client(), {
      rule: {
        priority: 1,
        rule: { type: 'FIREWALL', conditions: [[{ field: 'predefined_bot', operator: 'EQUALS', value: 'ahrefsbot' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
      },
      domain: site.guid,
      period,
    });
    expect(byBot).toMatchObject({ total: 2, rejected: 1, allowed: 1 });
  });

  it('normalises paths recorded as sent, before the edge normalised them, and leaves out those it now refuses (issue 33)', async () => {
    const site = takeDomain();
    await logRequests(site, [
      { at: at(0), path: '/%61dmin' },
      { at: at(1), path: '//admin/x', query: 'a=%61' },
      { at: at(2), old: true, path: '/x/../admin' },
      { at: at(3), path: '/Admin' },
      { at: at(4), path: '/x/..%C0%AFadmin' },
      { at: at(5), path: '/admin%00.php' },
    ]);
    const answer = await dryRun(client(), {
      rule: {
        priority: 1,
        rule: { type: 'FIREWALL', conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
      },
      domain: site.guid,
      period,
    });
    expect(answer).toMatchObject({ total: 4, rejected: 3, allowed: 1 });
    expect(answer.samples.REJECT.map((s) => s.path)).toEqual(['/admin', '/admin/x?a=%61', '/admin']);
    expect(answer.samples.ALLOW.map((s) => s.path)).toEqual(['/Admin']);
  });

  it('replays only the newest requests past its limit, and says so', async () => {
    const site = takeDomain();
    await logRequests(site, [
      { at: at(0), path: '/wp-login.php' },
      { at: at(1), path: '/wp-login.php' },
      { at: at(2), path: '/' },
    ]);
    const rules = unsavedRule(10, rejectLogin.rule as FirewallRuleData);
    const outcome = await replayRequests(database.db, rules, [site.guid], at(-60), at(60), 2);
    expect(outcome).toMatchObject({ total: 2, rejected: 1, allowed: 1, truncated: true });
    expect(outcome.samples.REJECT.map((s) => s.time)).toEqual([at(1).toISOString()]);
  });

  it('refuses a bad rule body with its sentences, a missing rule or place, and a period over 31 days', async () => {
    const site = takeDomain();
    const bad = await refusal(
      dryRun(client(), { rule: { priority: 12000, rule: { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'ALLOW' } } }, domain: site.guid }),
      400,
    );
    expect(bad.body.fields).toMatchObject({ 'rule.priority': PRIORITY_OUT_OF_RANGE, 'rule.rule.conditions': ENTER_CONDITION });
    const neither = await refusal(dryRun(client(), {}), 400);
    expect(neither.body.fields).toMatchObject({ rule: DRY_RUN_RULE_OR_POLICY, domain_group: DRY_RUN_GROUP_OR_DOMAIN });
    const long = await refusal(dryRun(client(), { rule: rejectLogin, domain: site.guid, period: { from: '2025-01-01', to: '2025-02-01' } }), 400);
    expect(long.body.fields).toMatchObject({ 'period.to': DRY_RUN_PERIOD_TOO_LONG });
    // 31 days whole are taken.
    await expect(dryRun(client(), { rule: rejectLogin, domain: site.guid, period: { from: '2025-01-01', to: '2025-01-31' } })).resolves.toMatchObject({ total: 0 });
  });

  it("answers 404 for another company's domain group or domain", async () => {
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [group] = await database.db.select().from(domainGroups).where(eq(domainGroups.companyGuid, bluebird!.guid)).limit(1);
    const [domain] = await database.db.select().from(domains).where(eq(domains.companyGuid, bluebird!.guid)).limit(1);
    const foreignGroup = await refusal(dryRun(client(), { rule: rejectLogin, domain_group: group!.guid }), 404);
    expect(foreignGroup.message).toBe(DRY_RUN_GROUP_NOT_FOUND);
    await refusal(dryRun(client(), { rule: rejectLogin, domain: domain!.guid }), 404);
  });
});

describe('POST /firewall/dry-run/ with a policy', () => {
  it("tries its rules and ACTIVE rulesets in order, with a fresh rate counter at each request's own time", async () => {
    const site = takeDomain();
    const [apiLimit, disabledBlockAll] = await addRules([
      {
        priority: 10,
        data: {
          type: 'RATE_LIMIT',
          conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/api' }]],
          action: { type: 'ALLOW', default_type: 'ALLOW' },
          max_requests: 2,
          time_frame: 'MINUTE',
        },
      },
      { priority: 0, status: 'DISABLED', data: { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'REJECT' } } },
    ]);
    const [redirectRussia, blockAll] = await addRules([
      {
        priority: 5,
        data: {
          type: 'FIREWALL',
          conditions: [[{ field: 'country', operator: 'EQUALS', value: ['RU'] }]],
          action: { type: 'REDIRECT', default_type: 'ALLOW', redirect_destination: 'https://example.test/ru', redirect_status_code: 302 },
        },
      },
      { priority: 0, data: { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'REJECT' } } },
    ]);
    const active = await addRuleset('ACTIVE', [redirectRussia!]);
    const disabled = await addRuleset('DISABLED', [blockAll!]);
    await logRequests(site, [
      { at: at(0, POLICY_DAY), path: '/api/items' },
      { at: at(1, POLICY_DAY), path: '/api/items' },
      { at: at(2, POLICY_DAY), path: '/api/items' },
      { at: at(3, POLICY_DAY), path: '/api/items', query: 'page=2' },
      // Another client has its own count.
      { at: at(4, POLICY_DAY), path: '/api/items', address: '81.2.69.160', country: 'GB' },
      { at: at(5, POLICY_DAY), path: '/', address: '77.88.8.8', country: 'RU' },
      // The next minute's window.
      { at: at(60, POLICY_DAY), path: '/api/items' },
    ]);
    const answer = await dryRun(client(), {
      policy: { rules: [apiLimit!, disabledBlockAll!], rulesets: [active, disabled] },
      domain_group: site.groupGuid,
      period: { from: POLICY_DAY, to: POLICY_DAY },
    });
    expect(answer).toMatchObject({ total: 7, allowed: 4, limited: 2, redirected: 1, rejected: 0, truncated: false });
    expect(answer.samples.LIMITED.map((s) => [s.time, s.path])).toEqual([
      [at(2, POLICY_DAY).toISOString(), '/api/items'],
      [at(3, POLICY_DAY).toISOString(), '/api/items?page=2'],
    ]);
    expect(answer.samples.REDIRECT.map((s) => s.country)).toEqual(['RU']);
  });

  it("refuses another company's rule by its field, and an empty policy", async () => {
    const site = takeDomain();
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [theirs] = await database.db
      .insert(firewallRules)
      .values({ companyGuid: bluebird!.guid, name: 'Their rule', priority: 1, data: { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'REJECT' } } })
      .returning();
    const foreign = await refusal(dryRun(client(), { policy: { rules: [theirs!.guid] }, domain: site.guid }), 400);
    expect(foreign.body.fields).toMatchObject({ 'policy.rules': UNKNOWN_RULE });
    await refusal(dryRun(client(), { policy: { rules: [] }, domain: site.guid }), 400);
  });
});

function visit(host: string, path: string, method: string, from: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: edge.port, path, method, headers: { Host: host, 'User-Agent': CHROME, 'X-Forwarded-For': from, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the shared case table through the dry run (issue 9, done-when 2)', () => {
  for (const scenario of FIREWALL_SCENARIOS) {
    it(scenario.name, async () => {
      const site = takeDomain();
      // Recorded by the real edge with no rule on the site (every request allowed), then replayed as the scenario's policy.
      for (const step of scenario.steps) {
        clock = CASE_EPOCH + step.at;
        const { request } = step;
        const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
        const status = await visit(site.domain, request.query ? `${request.path}?${request.query}` : request.path, request.method, request.client ?? '', headers);
        // A path the edge cannot normalise is refused before any rule and never recorded, so never replayed.
        if (step.expected.action === 'REFUSED') expect(status, step.name).toBe(400);
        else expect(status, step.name).toBeLessThan(400);
      }
      await edge.flush();
      const rules = await addRules(scenario.rules.map((r) => ({ guid: r.guid, priority: r.priority, status: r.status, data: r.data })));
      const day = new Date(CASE_EPOCH).toISOString().slice(0, 10);
      const answer = await dryRun(client(), { policy: { rules }, domain: site.guid, period: { from: day, to: day } });

      const expected = (action: DecisionAction) => scenario.steps.filter((s) => s.expected.action === action);
      expect(answer).toMatchObject({
        total: scenario.steps.filter((s) => s.expected.action !== 'REFUSED').length,
        allowed: expected('ALLOW').length,
        rejected: expected('REJECT').length,
        redirected: expected('REDIRECT').length,
        limited: expected('LIMITED').length,
      });
      for (const action of ['ALLOW', 'REJECT', 'REDIRECT', 'LIMITED'] as const) {
        const sampled = answer.samples[action].map((s) => ({ time: s.time, path: s.path, address: s.address }));
        const steps = expected(action)
          .slice(0, 5)
          .map((s) => {
            // The dry run shows the path as the edge recorded it: normalised.
            const path = normalizePath(s.request.path);
            return { time: new Date(CASE_EPOCH + s.at).toISOString(), path: s.request.query ? `${path}?${s.request.query}` : path, address: s.request.client };
          });
        expect(sampled, action).toEqual(steps);
      }
    });
  }
});
