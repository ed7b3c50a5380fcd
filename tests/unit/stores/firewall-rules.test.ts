import { describe, expect, it } from 'vitest';
import type { FirewallRuleAnswer } from '../../../src/lib/api/firewall';
import { addGroup, newRuleDraft, updateCondition, withAction } from '../../../src/lib/firewall/rule-form';
import { IGNORE_CASE_VALUE, ruleSaveSchema } from '../../../src/lib/schemas/firewall';
import { draftOf, ruleBodyOf } from '../../../src/stores/firewall-rules';

const saved: FirewallRuleAnswer = {
  guid: '0b7f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a10',
  name: 'Probe',
  date_created: '2026-11-01T10:00:00.000Z',
  date_updated: null,
  status: 'ACTIVE',
  priority: 7,
  attached_to_policies: 0,
  data: {
    type: 'RATE_LIMIT',
    conditions: [[{ field: 'request_method', operator: 'EQUALS', value: ['POST'] }], [{ field: 'header', name: 'X-Probe', operator: 'CONTAINS', value: 'scan' }]],
    action: { type: 'REDIRECT', default_type: 'ALLOW', redirect_destination: 'https://example.com/', redirect_status_code: 302 },
    max_requests: 20,
    time_frame: 'SECOND',
  },
};

describe('the rule form body', () => {
  it('sends a saved rule back as it was stored', () => {
    const parsed = ruleSaveSchema.safeParse(ruleBodyOf(draftOf(saved)));
    expect(parsed.success && parsed.data).toEqual({ name: 'Probe', priority: 7, rule: saved.data });
  });

  it('leaves out the redirect and rate fields that do not apply, and a name on a field without one', () => {
    const draft = updateCondition({ ...withAction(draftOf(saved), 'REJECT'), type: 'FIREWALL' }, 0, 0, (c) => ({ ...c, name: 'stale' }));
    const body = ruleBodyOf(draft);
    expect(body.rule).toEqual({
      type: 'FIREWALL',
      conditions: [[{ field: 'request_method', operator: 'EQUALS', value: ['POST'] }], [{ field: 'header', name: 'X-Probe', operator: 'CONTAINS', value: 'scan' }]],
      action: { type: 'REJECT', default_type: 'ALLOW' },
    });
  });

  it('keeps ignore case on a text field that keeps case, and drops it where it changes nothing (issue 33)', () => {
    const draft = {
      ...draftOf(saved),
      conditions: [
        [
          { field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true },
          { field: 'header', name: 'X-Probe', operator: 'REGEX', value: '^scan', ignore_case: true },
          { field: 'uri_path', operator: 'EQUALS', value: '/login', ignore_case: false },
          { field: 'host', operator: 'EQUALS', value: 'shop.example', ignore_case: true },
          { field: 'country', operator: 'EQUALS', value: ['DE'], ignore_case: true },
        ],
      ],
    };
    const parsed = ruleSaveSchema.safeParse(ruleBodyOf(draft));
    expect(parsed.success && parsed.data.rule.conditions).toEqual([
      [
        { field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true },
        { field: 'header', name: 'X-Probe', operator: 'REGEX', value: '^scan', ignore_case: true },
        { field: 'uri_path', operator: 'EQUALS', value: '/login' },
        { field: 'host', operator: 'EQUALS', value: 'shop.example' },
        { field: 'country', operator: 'EQUALS', value: ['DE'] },
      ],
    ]);
    // A saved rule that ignores case comes back to the form with it.
    const stored = { ...saved, data: { ...saved.data, conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true }]] } };
    expect(draftOf(stored).conditions).toEqual([[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin', ignore_case: true }]]);
  });

  it('refuses an ignore case that is not true or false', () => {
    const withCondition = (condition: Record<string, unknown>) => ({ ...ruleBodyOf(draftOf(saved)), rule: { ...ruleBodyOf(draftOf(saved)).rule, conditions: [[condition]] } });
    const refused = ruleSaveSchema.safeParse(withCondition({ field: 'uri_path', operator: 'EQUALS', value: '/x', ignore_case: 'yes' }));
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['rule.conditions.0.0.ignore_case', IGNORE_CASE_VALUE]]);
  });

  it("puts each sentence under the key of its field in the form's conditions", () => {
    const draft = addGroup({ ...newRuleDraft(), name: 'x' });
    const parsed = ruleSaveSchema.safeParse(ruleBodyOf(draft));
    expect(parsed.success).toBe(false);
    const keys = parsed.error?.issues.map((i) => i.path.join('.'));
    expect(keys).toEqual(['rule.conditions.0.0.value', 'rule.conditions.1.0.value']);
  });
});
