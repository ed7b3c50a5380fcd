import { DEFAULT_MAX_REQUESTS, DEFAULT_TIME_FRAME, type RuleAction, type RuleType, type TimeFrame } from './constants';
import { FIELDS, isFieldKey, type FieldKey } from './fields';
import type { Operator } from './operators';
import type { FirewallCondition } from './types';

/**
 * What the rule form edits and how it reacts (spec part 2, 5 "Firewall rule form behaviour"):
 * pure functions over a draft, shared by the panel's form and its tests. Saving normalises the
 * draft through the rule schema (src/lib/schemas/firewall.ts), which drops the fields that do
 * not apply.
 */
export interface RuleDraft {
  name: string;
  priority: string;
  type: RuleType;
  /** AND-groups of OR-conditions. */
  conditions: FirewallCondition[][];
  action: RuleAction;
  defaultAction: RuleAction;
  redirectDestination: string;
  redirectStatusCode: string;
  maxRequests: string;
  timeFrame: TimeFrame;
}

/** Spec part 2, 5: shown while the default action is reject. */
export const REJECT_DEFAULT_WARNING =
  'A default action of reject turns away every request the conditions do not match, search engine crawlers included: it can harm your rankings and indexing.';

/** The field a new condition starts on. */
const FIRST_FIELD: FieldKey = 'uri_path';

/** A condition on `field` with its empty value: a list for multi-value fields. */
export function emptyCondition(field: FieldKey = FIRST_FIELD): FirewallCondition {
  return { field, operator: 'EQUALS', value: FIELDS[field].takesList ? [] : '' };
}

/** Spec part 2, 5 "Default": type FIREWALL, action REJECT, default action ALLOW, one condition. */
export function newRuleDraft(): RuleDraft {
  return {
    name: '',
    priority: '0',
    type: 'FIREWALL',
    conditions: [[emptyCondition()]],
    action: 'REJECT',
    defaultAction: 'ALLOW',
    redirectDestination: '',
    redirectStatusCode: '',
    maxRequests: String(DEFAULT_MAX_REQUESTS),
    timeFrame: DEFAULT_TIME_FRAME,
  };
}

/**
 * Another field for a condition: its value starts again (as a list for multi-value fields), and
 * an operator the new field does not allow (the text operators on a list field) goes back to EQUALS.
 */
export function withField(condition: FirewallCondition, field: string): FirewallCondition {
  if (!isFieldKey(field)) return condition;
  const definition = FIELDS[field];
  const operator = definition.operators.includes(condition.operator as Operator) ? condition.operator : 'EQUALS';
  return { field, operator, value: definition.takesList ? [] : '' };
}

/** The default action a new action brings (spec part 2, 5): reject gives allow, allow gives reject, redirect gives allow. */
export const defaultFor = (action: RuleAction): RuleAction => (action === 'ALLOW' ? 'REJECT' : 'ALLOW');

export function withAction(draft: RuleDraft, action: RuleAction): RuleDraft {
  return { ...draft, action, defaultAction: defaultFor(action) };
}

/** Whether the redirect fields apply: the action or the default action redirects. */
export const redirects = (draft: Pick<RuleDraft, 'action' | 'defaultAction'>) => draft.action === 'REDIRECT' || draft.defaultAction === 'REDIRECT';

/** An OR-condition added to a group. */
export function addCondition(draft: RuleDraft, group: number): RuleDraft {
  return { ...draft, conditions: draft.conditions.map((g, i) => (i === group ? [...g, emptyCondition()] : g)) };
}

/** A new AND-group with one condition. */
export function addGroup(draft: RuleDraft): RuleDraft {
  return { ...draft, conditions: [...draft.conditions, [emptyCondition()]] };
}

/** Removes a condition (and its group when it was the group's last); the rule's last condition stays (spec part 2, 5). */
export function removeCondition(draft: RuleDraft, group: number, index: number): RuleDraft {
  if (conditionCount(draft) <= 1) return draft;
  const conditions = draft.conditions.map((g, i) => (i === group ? g.filter((_, j) => j !== index) : g)).filter((g) => g.length > 0);
  return { ...draft, conditions };
}

export const conditionCount = (draft: Pick<RuleDraft, 'conditions'>) => draft.conditions.reduce((n, g) => n + g.length, 0);

/** Replaces one condition. */
export function updateCondition(draft: RuleDraft, group: number, index: number, change: (c: FirewallCondition) => FirewallCondition): RuleDraft {
  return { ...draft, conditions: draft.conditions.map((g, i) => (i === group ? g.map((c, j) => (j === index ? change(c) : c)) : g)) };
}
