import { describe, expect, it } from 'vitest';
import {
  addCondition,
  addGroup,
  conditionCount,
  emptyCondition,
  newRuleDraft,
  redirects,
  removeCondition,
  updateCondition,
  withAction,
  withField,
} from '../../../../src/lib/firewall/rule-form';

describe('the firewall rule form (spec part 2, 5 "Firewall rule form behaviour")', () => {
  it('starts as type FIREWALL, action REJECT, default ALLOW, with one condition and the default rate limit', () => {
    const draft = newRuleDraft();
    expect(draft).toMatchObject({ type: 'FIREWALL', action: 'REJECT', defaultAction: 'ALLOW', maxRequests: '150', timeFrame: 'MINUTE' });
    expect(conditionCount(draft)).toBe(1);
  });

  it('changing the action sets the default action to the opposite; redirect gives allow', () => {
    const draft = newRuleDraft();
    expect(withAction(draft, 'ALLOW').defaultAction).toBe('REJECT');
    expect(withAction(draft, 'REJECT').defaultAction).toBe('ALLOW');
    expect(withAction(draft, 'REDIRECT')).toMatchObject({ action: 'REDIRECT', defaultAction: 'ALLOW' });
    expect(redirects(withAction(draft, 'REDIRECT'))).toBe(true);
    expect(redirects({ action: 'ALLOW', defaultAction: 'REDIRECT' })).toBe(true);
    expect(redirects(draft)).toBe(false);
  });

  it('changing a field resets its value, to a list for multi-value fields, and leaves a text operator only where allowed', () => {
    const contains = { field: 'user_agent', operator: 'CONTAINS', value: 'curl' };
    expect(withField(contains, 'country')).toEqual({ field: 'country', operator: 'EQUALS', value: [] });
    expect(withField(contains, 'uri_path')).toEqual({ field: 'uri_path', operator: 'CONTAINS', value: '' });
    expect(withField({ field: 'country', operator: 'NOT_EQUALS', value: ['CN'] }, 'cidr')).toEqual({ field: 'cidr', operator: 'NOT_EQUALS', value: [] });
    expect(withField(contains, 'no_such_field')).toBe(contains);
  });

  it('adds OR-conditions and AND-groups, and never removes the last condition', () => {
    let draft = addCondition(newRuleDraft(), 0);
    draft = addGroup(draft);
    expect(draft.conditions.map((g) => g.length)).toEqual([2, 1]);
    draft = updateCondition(draft, 1, 0, (c) => ({ ...c, value: '/admin' }));
    expect(draft.conditions[1]![0]!.value).toBe('/admin');
    draft = removeCondition(draft, 1, 0);
    expect(draft.conditions.map((g) => g.length)).toEqual([2]);
    draft = removeCondition(draft, 0, 0);
    const last = removeCondition(draft, 0, 0);
    expect(last).toBe(draft);
    expect(conditionCount(last)).toBe(1);
    expect(emptyCondition('request_method').value).toEqual([]);
  });
});
