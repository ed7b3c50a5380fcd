import { describe, expect, it } from 'vitest';
import type { FirewallPolicyAnswer, FirewallRulesetAnswer } from '../../../src/lib/api/firewall';
import {
  ENTER_POLICY_NAME,
  ENTER_RULESET_NAME,
  policyCreateSchema,
  PRIORITY_NOT_NUMBER,
  rulesetCreateSchema,
  SELECT_GROUP_OR_DOMAIN,
  SELECT_RULE,
  SELECT_RULESET_OR_RULE,
} from '../../../src/lib/schemas/firewall';
import {
  $rulesetEditor,
  listFieldError,
  loadPages,
  NEW_POLICY,
  NEW_RULESET,
  openRulesetDialog,
  policyForm,
  policyPickedOf,
  policyValuesOf,
  rulesetForm,
  rulesetPickedOf,
  rulesetValuesOf,
  takeOpening,
} from '../../../src/stores/firewall-sets';

const RULE_A = { guid: '0b7f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a10', name: 'Block bad bots', status: 'ACTIVE' as const };
const RULE_B = { guid: '1c8f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a11', name: 'Allow office', status: 'DISABLED' as const };

const ruleset: FirewallRulesetAnswer = {
  guid: '2d9f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a12',
  name: 'WordPress hardening',
  status: 'ACTIVE',
  date_created: '2026-11-01T10:00:00.000Z',
  rules: [RULE_A, RULE_B],
};

const policy: FirewallPolicyAnswer = {
  guid: '3e0f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a13',
  name: 'Default protection',
  priority: 5,
  status: 'ACTIVE',
  date_created: '2026-11-01T10:00:00.000Z',
  rulesets: [{ guid: ruleset.guid, name: ruleset.name, status: 'ACTIVE' }],
  rules: [RULE_B],
  domain_groups: [{ guid: '4f1f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a14', name: 'Shops' }],
  domains: [{ guid: '5a2f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a15', domain: 'shop.example' }],
};

describe('a saved ruleset or policy as its dialog opens', () => {
  it("takes a ruleset's name and the guids of its rules, with their names for the chips", () => {
    expect(rulesetValuesOf(ruleset)).toEqual({ guid: ruleset.guid, name: 'WordPress hardening', rules: [RULE_A.guid, RULE_B.guid] });
    expect(rulesetPickedOf(ruleset).rules).toEqual([
      { value: RULE_A.guid, label: 'Block bad bots' },
      { value: RULE_B.guid, label: 'Allow office' },
    ]);
  });

  it("takes a policy's priority as text and its four lists as guids, domains named by their domain", () => {
    expect(policyValuesOf(policy)).toEqual({
      guid: policy.guid,
      name: 'Default protection',
      priority: '5',
      rulesets: [ruleset.guid],
      rules: [RULE_B.guid],
      domain_groups: ['4f1f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a14'],
      domains: ['5a2f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a15'],
    });
    expect(policyPickedOf(policy).domains).toEqual([{ value: '5a2f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a15', label: 'shop.example' }]);
  });

  it('sends the opened values back as the server stored them', () => {
    const { guid: _r, ...rulesetBody } = rulesetValuesOf(ruleset);
    expect(rulesetCreateSchema.parse(rulesetBody)).toEqual({ name: ruleset.name, rules: [RULE_A.guid, RULE_B.guid] });
    const { guid: _p, ...policyBody } = policyValuesOf(policy);
    expect(policyCreateSchema.parse(policyBody)).toMatchObject({ name: policy.name, priority: 5, rulesets: [ruleset.guid], domains: [policy.domains[0]?.guid] });
  });
});

describe("the dialogs refuse an empty form with the spec's sentences beside their fields", () => {
  it('ruleset: name and rules', async () => {
    const outcome = await rulesetForm.submit(NEW_RULESET);
    expect(outcome).toEqual({ ok: false, reason: 'invalid', fields: { name: ENTER_RULESET_NAME, rules: SELECT_RULE } });
  });

  it("policy: every sentence at once, the lists' too while name and priority do not read", async () => {
    const outcome = await policyForm.submit(NEW_POLICY);
    expect(!outcome.ok && outcome.fields).toEqual({
      name: ENTER_POLICY_NAME,
      priority: PRIORITY_NOT_NUMBER,
      rulesets: SELECT_RULESET_OR_RULE,
      domain_groups: SELECT_GROUP_OR_DOMAIN,
    });
    const late = await policyForm.submit({ ...NEW_POLICY, name: 'P', priority: '10000', rules: [RULE_A.guid], domains: [policy.domains[0]!.guid] });
    expect(!late.ok && late.fields).toEqual({ priority: PRIORITY_NOT_NUMBER });
  });
});

describe('listFieldError', () => {
  it("shows the list's own sentence, or the first about one of its entries", () => {
    expect(listFieldError({ rules: 'A' }, 'rules')).toBe('A');
    expect(listFieldError({ 'rules.2': 'Unknown firewall rule: reload the page and choose again.', rulesets: 'B' }, 'rules')).toBe(
      'Unknown firewall rule: reload the page and choose again.',
    );
    expect(listFieldError({ rulesets: 'B' }, 'rules')).toBeUndefined();
  });
});

describe('loadPages', () => {
  const lister = (total: number) => {
    const asked: number[] = [];
    const list = async ({ page, per_page }: { page: number; per_page: number }) => {
      asked.push(page);
      const from = (page - 1) * per_page;
      const data = Array.from({ length: Math.max(0, Math.min(per_page, total - from)) }, (_, i) => from + i);
      return { data, page, per_page, total };
    };
    return { asked, list };
  };

  it('reads page after page until the list is whole', async () => {
    const { asked, list } = lister(250);
    const { rows, more } = await loadPages(list, 100, 1000);
    expect(rows).toHaveLength(250);
    expect(rows.at(-1)).toBe(249);
    expect(more).toBe(false);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at the cap and says more are there', async () => {
    const { asked, list } = lister(1500);
    const { rows, more } = await loadPages(list, 100, 1000);
    expect(rows).toHaveLength(1000);
    expect(more).toBe(true);
    expect(asked).toHaveLength(10);
  });

  it('asks once for an empty list', async () => {
    const { asked, list } = lister(0);
    expect(await loadPages(list, 100, 1000)).toEqual({ rows: [], more: false });
    expect(asked).toEqual([1]);
  });
});

describe("a tab's dialog opening", () => {
  it('is taken once per ask, so a dialog mounted again stays shut', () => {
    openRulesetDialog(ruleset);
    expect($rulesetEditor.get()).toMatchObject({ used: true, editing: ruleset });
    expect(takeOpening($rulesetEditor)).toBe(true);
    expect(takeOpening($rulesetEditor)).toBe(false);
    openRulesetDialog(null);
    expect($rulesetEditor.get().editing).toBeNull();
    expect(takeOpening($rulesetEditor)).toBe(true);
  });
});
