import { describe, expect, it } from 'vitest';
import { addGroup, newRuleDraft } from '../../../src/lib/firewall/rule-form';
import { fieldErrors } from '../../../src/lib/schemas/auth';
import { DRY_RUN_GROUP_OR_DOMAIN, dryRunSchema, ENTER_VALUE, PRIORITY_OUT_OF_RANGE, SELECT_RULESET_OR_RULE } from '../../../src/lib/schemas/firewall';
import { createDryRun, dryRunBodyOf, periodOf, subjectErrors } from '../../../src/stores/firewall-dry-run';
import type { FieldErrors } from '../../../src/stores/form';
import { ruleBodyOf } from '../../../src/stores/firewall-rules';

const now = Date.parse('2026-11-23T12:00:00.000Z');
const group = '0b7f6c1e-2f4a-4c8e-9a55-5d2f0b1c3a10';

describe('the dry run panel', () => {
  it('asks for the period ending now', () => {
    expect(periodOf('1', now)).toEqual({ from: '2026-11-22T12:00:00.000Z', to: '2026-11-23T12:00:00.000Z' });
    expect(periodOf('30', now)).toEqual({ from: '2026-10-24T12:00:00.000Z', to: '2026-11-23T12:00:00.000Z' });
  });

  it('sends an unnamed rule as the rule form holds it, and passes the call’s own check', () => {
    const draft = { ...newRuleDraft(), conditions: [[{ field: 'uri_path', operator: 'STARTS_WITH', value: '/admin' }]] };
    const body = dryRunBodyOf({ subject: { rule: ruleBodyOf(draft) }, domainGroup: group, period: '7' }, now);
    const parsed = dryRunSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.domain_group).toBe(group);
    expect(parsed.data?.period).toEqual({ from: '2026-11-16T12:00:00.000Z', to: '2026-11-23T12:00:00.000Z' });
  });

  it('puts the rule’s sentences under the rule form’s keys and names a missing group beside them, sending nothing', async () => {
    let shown: FieldErrors = {};
    const dryRun = createDryRun((fields) => (shown = fields));
    const draft = { ...addGroup(newRuleDraft()), priority: '10000' };
    await dryRun.run({ subject: { rule: ruleBodyOf(draft) }, domainGroup: '', period: '7' });
    expect(dryRun.controller.$state.get().fields.domain_group).toBe(DRY_RUN_GROUP_OR_DOMAIN);
    expect(dryRun.controller.$state.get().busy).toBe(false);
    expect(shown).toEqual({
      priority: PRIORITY_OUT_OF_RANGE,
      'rule.conditions.0.0.value': ENTER_VALUE,
      'rule.conditions.1.0.value': ENTER_VALUE,
    });
  });

  it('puts a policy’s sentence under the policy dialog’s key', () => {
    const parsed = dryRunSchema.safeParse(dryRunBodyOf({ subject: { policy: { rulesets: [], rules: [] } }, domainGroup: group, period: '7' }, now));
    expect(subjectErrors(fieldErrors(parsed.error!))).toEqual({ rulesets: SELECT_RULESET_OR_RULE });
  });
});
