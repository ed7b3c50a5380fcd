import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RULE_NOT_FOUND } from '../../src/lib/api/firewall';
import { PREDEFINED_BOTS } from '../../src/lib/firewall/index';
import { createRule, deleteRule, deleteRules, getRule, listRules, predefinedBots, setRuleStatus, updateRule } from '../../src/lib/requests/firewall';
import {
  CHOOSE_BOT,
  ENTER_CONDITION,
  ENTER_HEADER_NAME,
  ENTER_REDIRECT_CODE,
  ENTER_REDIRECT_DESTINATION,
  ENTER_RULE_NAME,
  ENTER_VALUES,
  MAX_REQUESTS_POSITIVE,
  PATTERN_INVALID,
  PRIORITY_NOT_NUMBER,
  PRIORITY_OUT_OF_RANGE,
  REDIRECT_CODE_INVALID,
  REDIRECT_DESTINATION_SCHEME,
  RULE_CREATED,
  RULE_DELETED,
  RULE_UPDATED,
  RULES_DELETED,
  SELECT_RULES_TO_DELETE,
  STATUS_INVALID,
  type RuleSave,
} from '../../src/lib/schemas/firewall';
import type { Database } from '../../src/server/db/connection';
import { companies, firewallRules, firewallVersions } from '../../src/server/db/schema/index';
import { SOME_RULES_GONE } from '../../src/server/services/firewall-rules';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let foreignRule: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [rule] = await database.db
    .insert(firewallRules)
    .values({
      companyGuid: bluebird!.guid,
      name: 'Their rule',
      priority: 1,
      data: { type: 'FIREWALL', conditions: [[{ field: 'host', operator: 'EQUALS', value: 'x.test' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
    })
    .returning();
  foreignRule = rule!.guid;
});
afterAll(() => database.close());

const client = () => t.client(demo);

const blockLogin = (over: Partial<RuleSave> = {}): RuleSave => ({
  name: 'Block login probes',
  priority: 40,
  rule: {
    type: 'FIREWALL',
    conditions: [
      [
        { field: 'uri_path', operator: 'STARTS_WITH', value: '/wp-login' },
        { field: 'uri_path', operator: 'EQUALS', value: '/xmlrpc.php' },
      ],
      [{ field: 'country', operator: 'NOT_EQUALS', value: ['de', 'AT'] }],
    ],
    action: { type: 'REJECT', default_type: 'ALLOW' },
  },
  ...over,
});

/** The company's rules as stored, to show a refused call wrote nothing. */
const storedRules = async () => (await database.db.select({ guid: firewallRules.guid }).from(firewallRules).where(eq(firewallRules.companyGuid, demo.company))).length;

/** The sentence a refused save gave `field`, and that it wrote nothing. */
async function refusedSave(body: unknown, field: string): Promise<string | undefined> {
  const before = await storedRules();
  const error = await refusal(createRule(client(), body as RuleSave), 400);
  expect(await storedRules()).toBe(before);
  return error.body.fields?.[field];
}

describe('GET /firewall/', () => {
  it('lists the rules by priority, each with the number of policies that bring it', async () => {
    const page = await listRules(client(), { per_page: 100 });
    const seeded = page.data.filter((r) => ['Allow office', 'Block bad bots', 'Rate limit wp-login', 'Redirect blocked countries'].includes(r.name));
    expect(seeded.map((r) => [r.name, r.priority, r.status, r.attached_to_policies])).toEqual([
      ['Allow office', 5, 'ACTIVE', 1],
      ['Block bad bots', 10, 'ACTIVE', 1],
      ['Rate limit wp-login', 20, 'ACTIVE', 1],
      // Only in the Geo rules ruleset, which no policy uses.
      ['Redirect blocked countries', 30, 'DISABLED', 0],
    ]);
    expect(page).toMatchObject({ page: 1, per_page: 100, total: page.data.length });
    expect(page.data.some((r) => r.guid === foreignRule)).toBe(false);
  });

  it('pages', async () => {
    const first = await listRules(client(), { per_page: 2 });
    expect(first.data).toHaveLength(2);
    const second = await listRules(client(), { page: 2, per_page: 2 });
    expect(second.data[0]!.guid).not.toBe(first.data[0]!.guid);
  });
});

describe('POST /firewall/', () => {
  it('adds a rule of two AND-groups of OR-conditions, list values as the evaluator reads them', async () => {
    const answer = await createRule(client(), blockLogin());
    expect(answer.message).toBe(RULE_CREATED);
    expect(answer.rule).toMatchObject({ name: 'Block login probes', priority: 40, status: 'ACTIVE', attached_to_policies: 0, date_updated: null });
    expect(answer.rule.data).toEqual({
      type: 'FIREWALL',
      conditions: [
        [
          { field: 'uri_path', operator: 'STARTS_WITH', value: '/wp-login' },
          { field: 'uri_path', operator: 'EQUALS', value: '/xmlrpc.php' },
        ],
        [{ field: 'country', operator: 'NOT_EQUALS', value: ['DE', 'AT'] }],
      ],
      action: { type: 'REJECT', default_type: 'ALLOW' },
    });
    expect((await getRule(client(), answer.rule.guid)).data).toEqual(answer.rule.data);
  });

  it('takes a priority typed as text, drops empty AND-groups, and drops the rate and redirect fields a FIREWALL REJECT rule does not use', async () => {
    const body = blockLogin({ priority: '7' as unknown as number });
    body.rule = {
      ...body.rule,
      conditions: [[], [{ field: 'header', name: ' X-Probe ', operator: 'CONTAINS', value: 'scan' }]],
      action: { type: 'REJECT', default_type: 'ALLOW', redirect_destination: 'https://elsewhere.test', redirect_status_code: 301 },
      max_requests: 10,
      time_frame: 'SECOND',
    };
    const { rule } = await createRule(client(), body);
    expect(rule.priority).toBe(7);
    expect(rule.data).toEqual({
      type: 'FIREWALL',
      conditions: [[{ field: 'header', name: 'X-Probe', operator: 'CONTAINS', value: 'scan' }]],
      action: { type: 'REJECT', default_type: 'ALLOW' },
    });
  });

  it('gives a rate limit 150 requests per MINUTE unless told otherwise', async () => {
    const limited = await createRule(
      client(),
      blockLogin({
        name: 'Slow down',
        rule: { type: 'RATE_LIMIT', conditions: [[{ field: 'request_method', operator: 'EQUALS', value: ['post'] }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
      }),
    );
    expect(limited.rule.data).toMatchObject({ type: 'RATE_LIMIT', max_requests: 150, time_frame: 'MINUTE', conditions: [[{ field: 'request_method', value: ['POST'] }]] });
    const fast = await createRule(
      client(),
      blockLogin({
        name: 'Per second',
        rule: {
          type: 'RATE_LIMIT',
          conditions: [[{ field: 'uri_path', operator: 'EQUALS', value: '/api' }]],
          action: { type: 'REJECT', default_type: 'ALLOW' },
          max_requests: '5' as unknown as number,
          time_frame: 'SECOND',
        },
      }),
    );
    expect(fast.rule.data).toMatchObject({ max_requests: 5, time_frame: 'SECOND' });
  });

  it('keeps the redirect fields when the action or the default action redirects, and names a predefined bot', async () => {
    const { rule } = await createRule(
      client(),
      blockLogin({
        name: 'Send AI crawlers away',
        rule: {
          type: 'FIREWALL',
          conditions: [[{ field: 'predefined_bot', operator: 'EQUALS', value: 'GPTBot' }]],
          action: { type: 'ALLOW', default_type: 'REDIRECT', redirect_destination: ' https://example.test/away ', redirect_status_code: '307' as unknown as number },
        },
      }),
    );
    expect(rule.data.conditions).toEqual([[{ field: 'predefined_bot', name: 'GPTBot', operator: 'EQUALS', value: 'gptbot' }]]);
    expect(rule.data.action).toEqual({ type: 'ALLOW', default_type: 'REDIRECT', redirect_destination: 'https://example.test/away', redirect_status_code: 307 });
  });

  it('keeps Ignore case on a path condition and answers it back, leaving it off where it changes nothing (issue 33)', async () => {
    const { rule } = await createRule(
      client(),
      blockLogin({
        name: 'Admin in any case',
        rule: {
          type: 'FIREWALL',
          conditions: [
            [{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true }],
            [{ field: 'country', operator: 'EQUALS', value: ['de'], ignore_case: true }],
          ],
          action: { type: 'REJECT', default_type: 'ALLOW' },
        },
      }),
    );
    const conditions = [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true }], [{ field: 'country', operator: 'EQUALS', value: ['DE'] }]];
    expect(rule.data.conditions).toEqual(conditions);
    expect((await getRule(client(), rule.guid)).data.conditions).toEqual(conditions);
  });

  it("answers each of section 5's sentences for the input that calls for it, and writes nothing", async () => {
    expect(await refusedSave(blockLogin({ name: '  ' }), 'name')).toBe(ENTER_RULE_NAME);
    expect(await refusedSave(blockLogin({ priority: 'first' as unknown as number }), 'priority')).toBe(PRIORITY_NOT_NUMBER);
    expect(await refusedSave(blockLogin({ priority: 2.5 }), 'priority')).toBe(PRIORITY_NOT_NUMBER);
    expect(await refusedSave(blockLogin({ priority: 10000 }), 'priority')).toBe(PRIORITY_OUT_OF_RANGE);
    expect(await refusedSave(blockLogin({ priority: -1 }), 'priority')).toBe(PRIORITY_OUT_OF_RANGE);
    const rule = blockLogin().rule;
    expect(await refusedSave(blockLogin({ rule: { ...rule, conditions: [] } }), 'rule.conditions')).toBe(ENTER_CONDITION);
    expect(await refusedSave(blockLogin({ rule: { ...rule, conditions: [[], []] } }), 'rule.conditions')).toBe(ENTER_CONDITION);
    const rate = { ...rule, type: 'RATE_LIMIT' as const };
    expect(await refusedSave(blockLogin({ rule: { ...rate, max_requests: 0 } }), 'rule.max_requests')).toBe(MAX_REQUESTS_POSITIVE);
    expect(await refusedSave(blockLogin({ rule: { ...rate, max_requests: -3 } }), 'rule.max_requests')).toBe(MAX_REQUESTS_POSITIVE);
    const redirect = { ...rule, action: { type: 'REDIRECT' as const, default_type: 'ALLOW' as const, redirect_destination: 'https://example.test/', redirect_status_code: 302 } };
    expect(await refusedSave(blockLogin({ rule: { ...redirect, action: { ...redirect.action, redirect_destination: '' } } }), 'rule.action.redirect_destination')).toBe(
      ENTER_REDIRECT_DESTINATION,
    );
    expect(
      await refusedSave(blockLogin({ rule: { ...redirect, action: { ...redirect.action, redirect_destination: 'ftp://example.test/' } } }), 'rule.action.redirect_destination'),
    ).toBe(REDIRECT_DESTINATION_SCHEME);
    expect(
      await refusedSave(blockLogin({ rule: { ...redirect, action: { ...redirect.action, redirect_destination: 'example.test/' } } }), 'rule.action.redirect_destination'),
    ).toBe(REDIRECT_DESTINATION_SCHEME);
    const { redirect_status_code: _code, ...noCode } = redirect.action;
    expect(await refusedSave(blockLogin({ rule: { ...redirect, action: noCode } }), 'rule.action.redirect_status_code')).toBe(ENTER_REDIRECT_CODE);
    expect(await refusedSave(blockLogin({ rule: { ...redirect, action: { ...redirect.action, redirect_status_code: 304 } } }), 'rule.action.redirect_status_code')).toBe(
      REDIRECT_CODE_INVALID,
    );
  });

  it('shows every sentence of one form at once', async () => {
    const error = await refusal(
      createRule(client(), { name: '', priority: 12000, rule: { type: 'RATE_LIMIT', conditions: [], action: { type: 'REDIRECT', default_type: 'ALLOW' }, max_requests: 0 } }),
      400,
    );
    expect(error.body.fields).toEqual({
      name: ENTER_RULE_NAME,
      priority: PRIORITY_OUT_OF_RANGE,
      'rule.conditions': ENTER_CONDITION,
      'rule.action.redirect_destination': ENTER_REDIRECT_DESTINATION,
      'rule.action.redirect_status_code': ENTER_REDIRECT_CODE,
      'rule.max_requests': MAX_REQUESTS_POSITIVE,
    });
  });

  it('checks each condition against its field: operators, list values, names, bots and patterns', async () => {
    const withCondition = (condition: Record<string, unknown>) => blockLogin({ rule: { ...blockLogin().rule, conditions: [[condition as never]] } });
    expect(await refusedSave(withCondition({ field: 'country', operator: 'CONTAINS', value: ['DE'] }), 'rule.conditions.0.0.operator')).toBe(
      'Country cannot be compared with "contains": choose equals or does not equal.',
    );
    expect(await refusedSave(withCondition({ field: 'country', operator: 'EQUALS', value: [] }), 'rule.conditions.0.0.value')).toBe(ENTER_VALUES);
    expect(await refusedSave(withCondition({ field: 'country', operator: 'EQUALS', value: ['Germany'] }), 'rule.conditions.0.0.value')).toBe(
      'Germany is not a two-letter country code such as DE.',
    );
    expect(await refusedSave(withCondition({ field: 'cidr', operator: 'EQUALS', value: ['10.0.0.0/33'] }), 'rule.conditions.0.0.value')).toBe(
      '10.0.0.0/33 is not a CIDR range such as 192.0.2.0/24.',
    );
    expect(await refusedSave(withCondition({ field: 'ip_address', operator: 'EQUALS', value: ['2001:db8::1', '300.1.1.1'] }), 'rule.conditions.0.0.value')).toBe(
      '300.1.1.1 is not an IP address.',
    );
    expect(await refusedSave(withCondition({ field: 'header', operator: 'EQUALS', value: 'x' }), 'rule.conditions.0.0.name')).toBe(ENTER_HEADER_NAME);
    expect(await refusedSave(withCondition({ field: 'predefined_bot', operator: 'EQUALS', value: 'googlebot' }), 'rule.conditions.0.0.value')).toBe(CHOOSE_BOT);
    expect(await refusedSave(withCondition({ field: 'user_agent', operator: 'REGEX', value: '(unclosed' }), 'rule.conditions.0.0.value')).toBe(PATTERN_INVALID);
    expect(await refusedSave(withCondition({ field: 'planet', operator: 'EQUALS', value: 'x' }), 'rule.conditions.0.0.field')).toBe('Please choose a field for each condition!');
  });
});

describe('one rule', () => {
  it('edits a rule with the same payload', async () => {
    const { rule } = await createRule(client(), blockLogin({ name: 'To edit' }));
    const answer = await updateRule(client(), rule.guid, blockLogin({ name: 'Edited', priority: 41 }));
    expect(answer.message).toBe(RULE_UPDATED);
    expect(answer.rule).toMatchObject({ guid: rule.guid, name: 'Edited', priority: 41 });
    expect(answer.rule.date_updated).not.toBeNull();
    const refused = await refusal(updateRule(client(), rule.guid, blockLogin({ name: '' })), 400);
    expect(refused.body.fields?.name).toBe(ENTER_RULE_NAME);
    expect((await getRule(client(), rule.guid)).name).toBe('Edited');
  });

  it('switches a rule DISABLED and ACTIVE', async () => {
    const { rule } = await createRule(client(), blockLogin({ name: 'To switch' }));
    expect((await setRuleStatus(client(), rule.guid, { status: 'DISABLED' })).rule.status).toBe('DISABLED');
    expect((await getRule(client(), rule.guid)).status).toBe('DISABLED');
    expect((await setRuleStatus(client(), rule.guid, { status: 'ACTIVE' })).rule.status).toBe('ACTIVE');
    const refused = await refusal(setRuleStatus(client(), rule.guid, { status: 'PAUSED' as 'ACTIVE' }), 400);
    expect(refused.body.fields?.status).toBe(STATUS_INVALID);
  });

  it('deletes a rule', async () => {
    const { rule } = await createRule(client(), blockLogin({ name: 'To delete' }));
    expect((await deleteRule(client(), rule.guid)).message).toBe(RULE_DELETED);
    expect((await refusal(getRule(client(), rule.guid), 404)).message).toBe(RULE_NOT_FOUND);
  });

  it("answers another company's rule as if it did not exist, and leaves it alone", async () => {
    // One call at a time: each refusal is awaited before the next call starts.
    for (const attempt of [
      () => getRule(client(), foreignRule),
      () => updateRule(client(), foreignRule, blockLogin()),
      () => setRuleStatus(client(), foreignRule, { status: 'DISABLED' }),
      () => deleteRule(client(), foreignRule),
    ])
      expect((await refusal(attempt(), 404)).message).toBe(RULE_NOT_FOUND);
    const [still] = await database.db.select().from(firewallRules).where(eq(firewallRules.guid, foreignRule));
    expect(still).toMatchObject({ name: 'Their rule', status: 'ACTIVE' });
    expect(await database.db.select().from(firewallVersions).where(eq(firewallVersions.objectGuid, foreignRule))).toEqual([]);
  });
});

describe('POST /firewall/delete/', () => {
  it('deletes the selected rules', async () => {
    const a = (await createRule(client(), blockLogin({ name: 'Bulk A' }))).rule.guid;
    const b = (await createRule(client(), blockLogin({ name: 'Bulk B' }))).rule.guid;
    expect(await deleteRules(client(), [a, b])).toEqual({ message: RULES_DELETED, deleted: 2 });
    expect(
      await database.db
        .select()
        .from(firewallRules)
        .where(and(eq(firewallRules.companyGuid, demo.company), eq(firewallRules.name, 'Bulk A'))),
    ).toEqual([]);
  });

  it('refuses an empty selection with a clear sentence', async () => {
    const refused = await refusal(deleteRules(client(), []), 400);
    expect(refused.body.fields?.rules).toBe(SELECT_RULES_TO_DELETE);
  });

  it("deletes nothing when the selection names another company's rule", async () => {
    const mine = (await createRule(client(), blockLogin({ name: 'Kept' }))).rule.guid;
    expect((await refusal(deleteRules(client(), [mine, foreignRule]), 404)).message).toBe(SOME_RULES_GONE);
    expect((await getRule(client(), mine)).name).toBe('Kept');
  });
});

describe('GET /firewall/predefined-bots/', () => {
  it("lists the evaluator's predefined bots", async () => {
    expect(await predefinedBots(client())).toEqual(PREDEFINED_BOTS.map(({ name, value }) => ({ name, value })));
  });
});
