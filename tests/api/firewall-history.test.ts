import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RULE_NOT_FOUND, VERSION_NOT_FOUND } from '../../src/lib/api/firewall';
import {
  createPolicy,
  createRule,
  createRuleset,
  deletePolicy,
  deleteRule,
  deleteRules,
  deleteRuleset,
  getPolicy,
  getRule,
  getRuleset,
  listPolicies,
  listRules,
  policyHistory,
  restorePolicy,
  restoreRule,
  restoreRuleset,
  ruleHistory,
  rulesetHistory,
  setRuleStatus,
  updatePolicy,
  updateRule,
  updateRuleset,
} from '../../src/lib/requests/firewall';
import { POLICY_RESTORED, RULE_RESTORED, RULESET_RESTORED, type RuleSave } from '../../src/lib/schemas/firewall';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, firewallRules } from '../../src/server/db/schema/index';
import { RULESET_RULES_GONE } from '../../src/server/services/firewall-rulesets';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let clientBlogs: string;
let foreignRule: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  clientBlogs = (await db.select().from(domainGroups).where(eq(domainGroups.companyGuid, demo.company))).find((g) => g.name === 'Client Blogs')!.guid;
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [rule] = await db
    .insert(firewallRules)
    .values({ companyGuid: bluebird!.guid, name: 'Their rule', data: { type: 'FIREWALL', conditions: [], action: { type: 'REJECT', default_type: 'ALLOW' } } })
    .returning();
  foreignRule = rule!.guid;
});
afterAll(() => database.close());

const client = () => t.client(demo);

const rule = (name: string, priority = 50): RuleSave => ({
  name,
  priority,
  rule: { type: 'FIREWALL', conditions: [[{ field: 'uri_path', operator: 'EQUALS', value: '/admin' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
});

describe('the history of a rule', () => {
  it('keeps every create, edit, status change and delete with who, a summary and a diff, newest first', async () => {
    const { rule: created } = await createRule(client(), rule('Admin guard'));
    const guid = created.guid;
    await updateRule(client(), guid, { ...rule('Admin shield', 60) });
    await updateRule(client(), guid, { ...rule('Admin shield', 60), rule: { ...rule('x').rule, conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' }]] } });
    await setRuleStatus(client(), guid, { status: 'DISABLED' });
    // The state it is in already: no version.
    await setRuleStatus(client(), guid, { status: 'DISABLED' });
    await deleteRule(client(), guid);

    const history = await ruleHistory(client(), guid);
    expect(history.total).toBe(5);
    expect(history.data.map((v) => [v.version, v.summary])).toEqual([
      [5, 'Deleted'],
      [4, 'Disabled'],
      [3, 'Edited conditions'],
      [2, 'Edited name, priority'],
      [1, 'Created'],
    ]);
    expect(history.data[0]!.changed_by).toEqual({ name: 'Dana Demo', email: 'demo@hostdeck.test' });
    expect(history.data[3]!.diff).toEqual({ removed: ['Name: Admin guard', 'Priority: 50'], added: ['Name: Admin shield', 'Priority: 60'] });
    expect(history.data[2]!.diff).toEqual({ removed: ['Condition 1.1: URI path equals /admin'], added: ['Condition 1.1: URI path starts with /admin'] });
    expect(history.data[1]!.diff).toEqual({ removed: ['Status: ACTIVE'], added: ['Status: DISABLED'] });
    // A deletion keeps the object as it was.
    expect(history.data[0]!.diff).toEqual({ removed: [], added: [] });
    expect(history.data[0]!.snapshot).toMatchObject({ guid, name: 'Admin shield', status: 'DISABLED' });
    expect(history.data[4]!.diff.added).toContain('Name: Admin guard');

    const second = await ruleHistory(client(), guid, { page: 2, per_page: 2 });
    expect(second.data.map((v) => v.version)).toEqual([3, 2]);
    expect(second.data[1]!.diff.removed).toEqual(['Name: Admin guard', 'Priority: 50']);
  });

  it('restores a deleted rule under its guid, as a version of its own', async () => {
    const { rule: created } = await createRule(client(), rule('Comes back'));
    await updateRule(client(), created.guid, rule('Changed', 70));
    await deleteRule(client(), created.guid);
    await refusal(getRule(client(), created.guid), 404);

    const restored = await restoreRule(client(), created.guid, 1);
    expect(restored.message).toBe(RULE_RESTORED);
    expect(restored.rule).toMatchObject({ guid: created.guid, name: 'Comes back', priority: 50, status: 'ACTIVE', date_created: created.date_created });
    expect((await getRule(client(), created.guid)).name).toBe('Comes back');
    const history = await ruleHistory(client(), created.guid);
    expect(history.data[0]).toMatchObject({ version: 4, summary: 'Restored version 1' });
    expect(history.data[0]!.diff).toEqual({ removed: ['Name: Changed', 'Priority: 70'], added: ['Name: Comes back', 'Priority: 50'] });
  });

  it('shows a rule made before there was a history as version 1, and keeps it when first changed', async () => {
    const office = (await listRules(client(), { per_page: 100 })).data.find((r) => r.name === 'Allow office')!;
    const before = await ruleHistory(client(), office.guid);
    expect(before.data.map((v) => [v.version, v.summary, v.changed_by])).toEqual([[1, 'As it stood before its first recorded change', null]]);
    await setRuleStatus(client(), office.guid, { status: 'DISABLED' });
    const after = await ruleHistory(client(), office.guid);
    expect(after.data.map((v) => v.summary)).toEqual(['Disabled', 'As it stood before its first recorded change']);
    expect((await restoreRule(client(), office.guid, 1)).rule.status).toBe('ACTIVE');
  });

  it('answers 404 for a version that does not exist and for a rule the company never had', async () => {
    const { rule: created } = await createRule(client(), rule('One version'));
    expect((await refusal(restoreRule(client(), created.guid, 9), 404)).message).toBe(VERSION_NOT_FOUND);
    expect((await refusal(ruleHistory(client(), foreignRule), 404)).message).toBe(RULE_NOT_FOUND);
    expect((await refusal(restoreRule(client(), foreignRule, 1), 404)).message).toBe(RULE_NOT_FOUND);
  });

  it('records each rule of a bulk delete', async () => {
    const a = (await createRule(client(), rule('Bulk history A'))).rule.guid;
    const b = (await createRule(client(), rule('Bulk history B'))).rule.guid;
    await deleteRules(client(), [a, b]);
    for (const guid of [a, b]) expect((await ruleHistory(client(), guid)).data[0]!.summary).toBe('Deleted');
  });
});

describe('the history of rulesets and policies', () => {
  it('restores a ruleset, leaving out rules deleted since', async () => {
    const keep = (await createRule(client(), rule('Kept rule'))).rule.guid;
    const gone = (await createRule(client(), rule('Gone rule'))).rule.guid;
    const { ruleset } = await createRuleset(client(), { name: 'Set with history', rules: [keep, gone] });
    await updateRuleset(client(), ruleset.guid, { name: 'Set renamed', rules: [keep] });
    await updateRuleset(client(), ruleset.guid, { status: 'DISABLED' });
    const history = await rulesetHistory(client(), ruleset.guid);
    expect(history.data.map((v) => v.summary)).toEqual(['Disabled', 'Edited name, rules', 'Created']);
    expect(history.data[1]!.diff).toEqual({ removed: ['Name: Set with history', 'Rule: Gone rule'], added: ['Name: Set renamed'] });

    await deleteRule(client(), gone);
    await deleteRuleset(client(), ruleset.guid);
    const restored = await restoreRuleset(client(), ruleset.guid, 1);
    expect(restored.message).toBe(RULESET_RESTORED);
    expect(restored.ruleset).toMatchObject({ guid: ruleset.guid, name: 'Set with history', status: 'ACTIVE' });
    expect(restored.ruleset.rules.map((r) => r.guid)).toEqual([keep]);
    expect((await getRuleset(client(), ruleset.guid)).rules).toHaveLength(1);
  });

  it('refuses to restore a ruleset none of whose rules exist any more', async () => {
    const only = (await createRule(client(), rule('Only rule'))).rule.guid;
    const { ruleset } = await createRuleset(client(), { name: 'Emptied', rules: [only] });
    await deleteRuleset(client(), ruleset.guid);
    await deleteRule(client(), only);
    expect((await refusal(restoreRuleset(client(), ruleset.guid, 1), 409)).message).toBe(RULESET_RULES_GONE);
    await refusal(getRuleset(client(), ruleset.guid), 404);
  });

  it('restores an earlier version of a policy and a deleted one', async () => {
    const office = (await listRules(client(), { per_page: 100 })).data.find((r) => r.name === 'Allow office')!.guid;
    const { policy } = await createPolicy(client(), { name: 'Policy with history', priority: 30, rules: [office], domain_groups: [clientBlogs] });
    await updatePolicy(client(), policy.guid, { name: 'Policy renamed', priority: 31, rules: [office], domain_groups: [clientBlogs] });
    const history = await policyHistory(client(), policy.guid);
    expect(history.data.map((v) => v.summary)).toEqual(['Edited name, priority', 'Created']);

    expect((await restorePolicy(client(), policy.guid, 1)).policy).toMatchObject({ name: 'Policy with history', priority: 30 });
    await deletePolicy(client(), policy.guid);
    const restored = await restorePolicy(client(), policy.guid, 2);
    expect(restored.message).toBe(POLICY_RESTORED);
    expect(restored.policy).toMatchObject({ guid: policy.guid, name: 'Policy renamed', domain_groups: [{ guid: clientBlogs, name: 'Client Blogs' }] });
    expect((await getPolicy(client(), policy.guid)).rules.map((r) => r.guid)).toEqual([office]);
    expect((await policyHistory(client(), policy.guid)).data.map((v) => v.summary).slice(0, 3)).toEqual(['Restored version 2', 'Deleted', 'Restored version 1']);
  });

  it('shows the seeded policy as version 1 until it changes', async () => {
    const seeded = (await listPolicies(client())).data.find((p) => p.name === 'Default protection')!;
    const history = await policyHistory(client(), seeded.guid);
    expect(history.total).toBe(1);
    expect(history.data[0]!.diff.added).toEqual(
      expect.arrayContaining(['Name: Default protection', 'Ruleset: WordPress hardening', 'Rule: Allow office', 'Domain group: Client Blogs']),
    );
  });
});
