import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { POLICY_NOT_FOUND, RULESET_NOT_FOUND } from '../../src/lib/api/firewall';
import {
  createPolicy,
  createRule,
  createRuleset,
  deletePolicies,
  deletePolicy,
  deleteRule,
  deleteRuleset,
  deleteRulesets,
  getPolicy,
  getRuleset,
  listPolicies,
  listRules,
  listRulesets,
  updatePolicy,
  updateRuleset,
} from '../../src/lib/requests/firewall';
import {
  ENTER_POLICY_NAME,
  ENTER_RULESET_NAME,
  POLICIES_DELETED,
  POLICY_CREATED,
  POLICY_DELETED,
  POLICY_UPDATED,
  PRIORITY_NOT_NUMBER,
  RULESET_CREATED,
  RULESET_DELETED,
  RULESET_UPDATED,
  RULESETS_DELETED,
  SELECT_GROUP_OR_DOMAIN,
  SELECT_POLICIES_TO_DELETE,
  SELECT_RULE,
  SELECT_RULESET_OR_RULE,
  SELECT_RULESETS_TO_DELETE,
  STATUS_OR_CHANGE,
  UNKNOWN_DOMAIN,
  UNKNOWN_DOMAIN_GROUP,
  UNKNOWN_RULE,
  UNKNOWN_RULESET,
  type PolicyCreate,
} from '../../src/lib/schemas/firewall';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, domains, firewallPolicies, firewallRules, firewallRulesets, memberships, users } from '../../src/server/db/schema/index';
import { SOME_RULESETS_GONE } from '../../src/server/services/firewall-rulesets';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let rules: Record<string, string>;
let clientBlogs: string;
let pbn: string;
let blogDomain: { guid: string; domain: string };
let pbnDomain: { guid: string; domain: string };
let foreign: { rule: string; ruleset: string; policy: string; group: string; domain: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  rules = Object.fromEntries((await listRules(t.client(demo), { per_page: 100 })).data.map((r) => [r.name, r.guid]));
  const groups = await db.select().from(domainGroups).where(eq(domainGroups.companyGuid, demo.company));
  clientBlogs = groups.find((g) => g.name === 'Client Blogs')!.guid;
  pbn = groups.find((g) => g.name === 'PBN Network')!.guid;
  [blogDomain] = (await db.select({ guid: domains.guid, domain: domains.domain }).from(domains).where(eq(domains.groupGuid, clientBlogs)).limit(1)) as [
    { guid: string; domain: string },
  ];
  [pbnDomain] = (await db.select({ guid: domains.guid, domain: domains.domain }).from(domains).where(eq(domains.groupGuid, pbn)).limit(1)) as [{ guid: string; domain: string }];
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const company = bluebird!.guid;
  const [rule] = await db
    .insert(firewallRules)
    .values({ companyGuid: company, name: 'Their rule', data: { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'ALLOW' } } })
    .returning();
  const [ruleset] = await db.insert(firewallRulesets).values({ companyGuid: company, name: 'Their ruleset' }).returning();
  const [policy] = await db.insert(firewallPolicies).values({ companyGuid: company, name: 'Their policy' }).returning();
  const [group] = await db.select().from(domainGroups).where(eq(domainGroups.companyGuid, company)).limit(1);
  const [domain] = await db.select().from(domains).where(eq(domains.companyGuid, company)).limit(1);
  foreign = { rule: rule!.guid, ruleset: ruleset!.guid, policy: policy!.guid, group: group!.guid, domain: domain!.guid };
});
afterAll(() => database.close());

const client = () => t.client(demo);

describe('rulesets', () => {
  it('lists the rulesets by name with their rules by priority', async () => {
    const page = await listRulesets(client());
    const hardening = page.data.find((r) => r.name === 'WordPress hardening')!;
    expect(hardening.status).toBe('ACTIVE');
    expect(hardening.rules.map((r) => r.name)).toEqual(['Block bad bots', 'Rate limit wp-login']);
    expect(page.data.find((r) => r.name === 'Geo rules')!.status).toBe('DISABLED');
    expect(page.data.some((r) => r.guid === foreign.ruleset)).toBe(false);
  });

  it('adds, edits, switches and deletes a ruleset', async () => {
    const created = await createRuleset(client(), { name: '  Logins  ', rules: [rules['Rate limit wp-login']!, rules['Allow office']!] });
    expect(created.message).toBe(RULESET_CREATED);
    expect(created.ruleset).toMatchObject({ name: 'Logins', status: 'ACTIVE' });
    expect(created.ruleset.rules.map((r) => r.name)).toEqual(['Allow office', 'Rate limit wp-login']);
    const guid = created.ruleset.guid;

    const edited = await updateRuleset(client(), guid, { name: 'Login rules', rules: [rules['Block bad bots']!] });
    expect(edited.message).toBe(RULESET_UPDATED);
    expect(edited.ruleset.rules.map((r) => r.name)).toEqual(['Block bad bots']);
    expect((await updateRuleset(client(), guid, { status: 'DISABLED' })).ruleset).toMatchObject({ name: 'Login rules', status: 'DISABLED' });
    expect((await getRuleset(client(), guid)).status).toBe('DISABLED');

    expect((await deleteRuleset(client(), guid)).message).toBe(RULESET_DELETED);
    expect((await refusal(getRuleset(client(), guid), 404)).message).toBe(RULESET_NOT_FOUND);
    // Its rules stay.
    expect((await listRules(client(), { per_page: 100 })).data.some((r) => r.guid === rules['Block bad bots'])).toBe(true);
  });

  it("answers section 5's sentences and writes nothing", async () => {
    const count = async () => (await database.db.select().from(firewallRulesets).where(eq(firewallRulesets.companyGuid, demo.company))).length;
    const before = await count();
    expect((await refusal(createRuleset(client(), { name: ' ', rules: [rules['Allow office']!] }), 400)).body.fields?.name).toBe(ENTER_RULESET_NAME);
    expect((await refusal(createRuleset(client(), { name: 'Empty', rules: [] }), 400)).body.fields?.rules).toBe(SELECT_RULE);
    expect((await refusal(createRuleset(client(), { name: 'Theirs', rules: [foreign.rule] }), 400)).body.fields?.rules).toBe(UNKNOWN_RULE);
    expect(await count()).toBe(before);
  });

  it('takes name and rules, or the status alone', async () => {
    const { ruleset } = await createRuleset(client(), { name: 'Patch me', rules: [rules['Allow office']!] });
    expect((await refusal(updateRuleset(client(), ruleset.guid, { status: 'ACTIVE', name: 'Both' }), 400)).body.fields?.status).toBe(STATUS_OR_CHANGE);
    expect((await refusal(updateRuleset(client(), ruleset.guid, { name: 'No rules' }), 400)).body.fields?.rules).toBe(SELECT_RULE);
    expect((await refusal(updateRuleset(client(), ruleset.guid, { name: 'Empty', rules: [] }), 400)).body.fields?.rules).toBe(SELECT_RULE);
    expect((await getRuleset(client(), ruleset.guid)).name).toBe('Patch me');
  });

  it('refuses an empty bulk delete with a clear sentence, and deletes all or none', async () => {
    expect((await refusal(deleteRulesets(client(), []), 400)).body.fields?.rules).toBe(SELECT_RULESETS_TO_DELETE);
    const a = (await createRuleset(client(), { name: 'Bulk A', rules: [rules['Allow office']!] })).ruleset.guid;
    const b = (await createRuleset(client(), { name: 'Bulk B', rules: [rules['Allow office']!] })).ruleset.guid;
    expect((await refusal(deleteRulesets(client(), [a, foreign.ruleset]), 404)).message).toBe(SOME_RULESETS_GONE);
    expect((await getRuleset(client(), a)).name).toBe('Bulk A');
    expect(await deleteRulesets(client(), [a, b])).toEqual({ message: RULESETS_DELETED, deleted: 2 });
  });

  it("answers another company's ruleset as if it did not exist", async () => {
    // One call at a time: each refusal is awaited before the next call starts.
    for (const attempt of [
      () => getRuleset(client(), foreign.ruleset),
      () => updateRuleset(client(), foreign.ruleset, { status: 'DISABLED' }),
      () => deleteRuleset(client(), foreign.ruleset),
    ])
      expect((await refusal(attempt(), 404)).message).toBe(RULESET_NOT_FOUND);
  });
});

describe('policies', () => {
  const body = (over: Partial<PolicyCreate> = {}): PolicyCreate => ({
    name: 'Blog protection',
    priority: 20,
    rulesets: [],
    rules: [rules['Block bad bots']!],
    domain_groups: [clientBlogs],
    domains: [],
    ...over,
  });

  it('lists the policies with what each applies and where', async () => {
    const page = await listPolicies(client());
    const policy = page.data.find((p) => p.name === 'Default protection')!;
    expect(policy).toMatchObject({ priority: 10, status: 'ACTIVE' });
    expect(policy.rulesets.map((r) => r.name)).toEqual(['WordPress hardening']);
    expect(policy.rules.map((r) => r.name)).toEqual(['Allow office']);
    expect(policy.domain_groups).toEqual([{ guid: clientBlogs, name: 'Client Blogs' }]);
    expect(policy.domains).toHaveLength(1);
    expect(page.data.some((p) => p.guid === foreign.policy)).toBe(false);
  });

  it('adds, edits, switches and deletes a policy, and counts it on the rules it brings', async () => {
    const created = await createPolicy(client(), body({ rulesets: [(await listRulesets(client())).data.find((r) => r.name === 'Geo rules')!.guid], domains: [pbnDomain.guid] }));
    expect(created.message).toBe(POLICY_CREATED);
    expect(created.policy).toMatchObject({ name: 'Blog protection', priority: 20, status: 'ACTIVE', domains: [pbnDomain] });
    expect(created.policy.rulesets.map((r) => r.name)).toEqual(['Geo rules']);
    const geo = (await listRules(client(), { per_page: 100 })).data.find((r) => r.name === 'Redirect blocked countries')!;
    expect(geo.attached_to_policies).toBe(1);
    const guid = created.policy.guid;

    const edited = await updatePolicy(client(), guid, { name: 'Renamed', priority: '3' as unknown as number, rules: [rules['Allow office']!], domain_groups: [pbn] });
    expect(edited.message).toBe(POLICY_UPDATED);
    expect(edited.policy).toMatchObject({ name: 'Renamed', priority: 3, rulesets: [], domains: [], domain_groups: [{ guid: pbn, name: 'PBN Network' }] });
    expect((await updatePolicy(client(), guid, { status: 'DISABLED' })).policy.status).toBe('DISABLED');
    expect((await getPolicy(client(), guid)).status).toBe('DISABLED');

    expect((await deletePolicy(client(), guid)).message).toBe(POLICY_DELETED);
    expect((await refusal(getPolicy(client(), guid), 404)).message).toBe(POLICY_NOT_FOUND);
  });

  it("answers section 5's sentences and writes nothing", async () => {
    const count = async () => (await database.db.select().from(firewallPolicies).where(eq(firewallPolicies.companyGuid, demo.company))).length;
    const before = await count();
    const field = async (over: Partial<PolicyCreate>, name: string) => (await refusal(createPolicy(client(), body(over)), 400)).body.fields?.[name];
    expect(await field({ name: '' }, 'name')).toBe(ENTER_POLICY_NAME);
    expect(await field({ priority: 'soon' as unknown as number }, 'priority')).toBe(PRIORITY_NOT_NUMBER);
    expect(await field({ priority: 10000 }, 'priority')).toBe(PRIORITY_NOT_NUMBER);
    expect(await field({ rules: [], rulesets: [] }, 'rulesets')).toBe(SELECT_RULESET_OR_RULE);
    expect(await field({ domain_groups: [], domains: [] }, 'domain_groups')).toBe(SELECT_GROUP_OR_DOMAIN);
    expect(await field({ rules: [foreign.rule] }, 'rules')).toBe(UNKNOWN_RULE);
    expect(await field({ rulesets: [foreign.ruleset] }, 'rulesets')).toBe(UNKNOWN_RULESET);
    expect(await field({ domain_groups: [foreign.group] }, 'domain_groups')).toBe(UNKNOWN_DOMAIN_GROUP);
    expect(await field({ domains: [foreign.domain] }, 'domains')).toBe(UNKNOWN_DOMAIN);
    expect(await count()).toBe(before);
  });

  it('a member limited to some domain groups sees and chooses only those, and keeps the others attached', async () => {
    const { db } = database;
    const { policy } = await createPolicy(client(), body({ name: 'Two groups', domain_groups: [clientBlogs, pbn], domains: [pbnDomain.guid] }));
    const [staff] = await db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
    const where = and(eq(memberships.userGuid, staff!.guid), eq(memberships.companyGuid, demo.company));
    const [before] = await db.select().from(memberships).where(where);
    const [owner] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER')));
    await db
      .update(memberships)
      .set({ allowedDomainGroups: [clientBlogs], permissions: owner!.permissions })
      .where(where);
    try {
      const limited = t.client(await t.signIn('staff@hostdeck.test'));
      const seen = await getPolicy(limited, policy.guid);
      expect(seen.domain_groups).toEqual([{ guid: clientBlogs, name: 'Client Blogs' }]);
      expect(seen.domains).toEqual([]);
      expect((await refusal(createPolicy(limited, body({ domain_groups: [pbn] })), 400)).body.fields?.domain_groups).toBe(UNKNOWN_DOMAIN_GROUP);
      expect((await refusal(createPolicy(limited, body({ domains: [pbnDomain.guid] })), 400)).body.fields?.domains).toBe(UNKNOWN_DOMAIN);
      // Their edit leaves the group and domain they cannot see as they were.
      await updatePolicy(limited, policy.guid, {
        name: 'Edited by staff',
        priority: 20,
        rules: [rules['Allow office']!],
        domain_groups: [clientBlogs],
        domains: [blogDomain.guid],
      });
      const full = await getPolicy(client(), policy.guid);
      expect(full.domain_groups.map((g) => g.guid).sort()).toEqual([clientBlogs, pbn].sort());
      expect(full.domains.map((d) => d.guid).sort()).toEqual([blogDomain.guid, pbnDomain.guid].sort());
      expect(full.name).toBe('Edited by staff');
    } finally {
      await db.update(memberships).set({ allowedDomainGroups: before!.allowedDomainGroups, permissions: before!.permissions }).where(where);
    }
  });

  it('refuses an empty bulk delete, and deletes all or none', async () => {
    expect((await refusal(deletePolicies(client(), []), 400)).body.fields?.policies).toBe(SELECT_POLICIES_TO_DELETE);
    const a = (await createPolicy(client(), body({ name: 'Bulk A' }))).policy.guid;
    await refusal(deletePolicies(client(), [a, foreign.policy]), 404);
    expect((await getPolicy(client(), a)).name).toBe('Bulk A');
    expect(await deletePolicies(client(), [a])).toEqual({ message: POLICIES_DELETED, deleted: 1 });
  });

  it("answers another company's policy as if it did not exist", async () => {
    // One call at a time: each refusal is awaited before the next call starts.
    for (const attempt of [
      () => getPolicy(client(), foreign.policy),
      () => updatePolicy(client(), foreign.policy, { status: 'DISABLED' }),
      () => deletePolicy(client(), foreign.policy),
    ])
      expect((await refusal(attempt(), 404)).message).toBe(POLICY_NOT_FOUND);
  });

  it('a deleted rule leaves the rulesets and policies that held it', async () => {
    const { rule } = await createRule(client(), {
      name: 'Short-lived',
      priority: 1,
      rule: { type: 'FIREWALL', conditions: [[{ field: 'host', operator: 'EQUALS', value: 'a.test' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
    });
    const { policy } = await createPolicy(client(), body({ name: 'Holds it', rules: [rule.guid, rules['Allow office']!] }));
    await deleteRule(client(), rule.guid);
    expect((await getPolicy(client(), policy.guid)).rules.map((r) => r.name)).toEqual(['Allow office']);
  });
});
