/**
 * The firewall history dialog's store (src/stores/firewall-history.ts, issue 9 "History") in
 * Node against the in-process API: it lives here, not under tests/unit, because only this
 * project has the database the API needs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { VERSION_NOT_FOUND } from '../../src/lib/api/firewall';
import { createRule, createRuleset, updateRule, updateRuleset } from '../../src/lib/requests/firewall';
import { RULE_RESTORED, RULESET_RESTORED, type RuleSave } from '../../src/lib/schemas/firewall';
import type { Database } from '../../src/server/db/connection';
import { createFirewallHistory, isNewestVersion } from '../../src/stores/firewall-history';
import { ruleHistoryCalls, rulesetHistoryCalls, rulesTable, rulesetsTable } from '../../src/stores/firewall-tables';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs } from './helpers/panel';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await panelSignedInAs(t, 'demo@hostdeck.test', '/firewall');
});
afterAll(() => database.close());
beforeEach(() => $toasts.set([]));

const client = () => t.client(demo);
const rule = (name: string, priority: number): RuleSave => ({
  name,
  priority,
  rule: { type: 'FIREWALL', conditions: [[{ field: 'uri_path', operator: 'EQUALS', value: '/wp-login.php' }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
});
const toasts = () => $toasts.get().map((toast) => [toast.type, toast.message]);

describe('the history of a firewall rule in the panel', () => {
  it('lists the versions newest first, with who and the diff, the first row being the current one', async () => {
    const { rule: created } = await createRule(client(), rule('Store history probe', 40));
    await updateRule(client(), created.guid, rule('Store history renamed', 41));
    const history = createFirewallHistory(created.guid, ruleHistoryCalls);
    await history.list.load(1);

    const state = history.list.$list.get();
    expect(state.answer?.data.map((v) => [v.version, v.summary, v.changed_by?.name])).toEqual([
      [2, 'Edited name, priority', 'Dana Demo'],
      [1, 'Created', 'Dana Demo'],
    ]);
    expect(state.answer?.data[0]?.diff).toEqual({ removed: ['Name: Store history probe', 'Priority: 40'], added: ['Name: Store history renamed', 'Priority: 41'] });
    expect(state.answer!.data.map((v) => isNewestVersion(state, v))).toEqual([true, false]);
    // On a later page no row is the current version.
    expect(isNewestVersion({ ...state, page: 2 }, state.answer!.data[0]!)).toBe(false);
  });

  it('restores an earlier version in one step: the sentence toasted, the history and the table reloaded', async () => {
    const { rule: created } = await createRule(client(), rule('Store restore probe', 42));
    await updateRule(client(), created.guid, rule('Store restore changed', 43));
    await rulesTable.list.load(1);
    const history = createFirewallHistory(created.guid, ruleHistoryCalls, () => rulesTable.list.load());
    await history.list.load(1);

    expect(await history.restore(1)).toBe(true);
    expect(toasts()).toEqual([['success', RULE_RESTORED]]);
    const state = history.list.$list.get();
    expect(state.page).toBe(1);
    expect(state.answer?.data[0]).toMatchObject({ version: 3, summary: 'Restored version 1' });
    expect(state.answer?.data[0]?.diff).toEqual({ removed: ['Name: Store restore changed', 'Priority: 43'], added: ['Name: Store restore probe', 'Priority: 42'] });
    const row = rulesTable.list.$list.get().answer?.data.find((r) => r.guid === created.guid);
    expect(row).toMatchObject({ name: 'Store restore probe', priority: 42 });
  });

  it("toasts the server's sentence when a version cannot be restored, and reloads nothing", async () => {
    const { rule: created } = await createRule(client(), rule('Store refusal probe', 44));
    let reloaded = 0;
    const history = createFirewallHistory(created.guid, ruleHistoryCalls, () => {
      reloaded += 1;
    });
    expect(await history.restore(9)).toBe(false);
    expect(toasts()).toEqual([['error', VERSION_NOT_FOUND]]);
    expect(reloaded).toBe(0);
  });
});

describe('the history of a ruleset in the panel', () => {
  it('restores its earlier name and status into the Rulesets table', async () => {
    const { rule: member } = await createRule(client(), rule('Store ruleset member', 45));
    const { ruleset } = await createRuleset(client(), { name: 'Store set probe', rules: [member.guid] });
    await updateRuleset(client(), ruleset.guid, { status: 'DISABLED' });
    const history = createFirewallHistory(ruleset.guid, rulesetHistoryCalls, () => rulesetsTable.list.load(1));

    expect(await history.restore(1)).toBe(true);
    expect(toasts()).toEqual([['success', RULESET_RESTORED]]);
    expect(history.list.$list.get().answer?.data.map((v) => v.summary)).toEqual(['Restored version 1', 'Disabled', 'Created']);
    const row = rulesetsTable.list.$list.get().answer?.data.find((r) => r.guid === ruleset.guid);
    expect(row).toMatchObject({ name: 'Store set probe', status: 'ACTIVE' });
  });
});
