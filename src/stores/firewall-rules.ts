import { atom } from 'nanostores';
import { RULE_ACTIONS, type RuleAction } from '../lib/firewall/constants';
import { FIELDS, isFieldKey } from '../lib/firewall/fields';
import { newRuleDraft, redirects, type RuleDraft } from '../lib/firewall/rule-form';
import type { FirewallRuleAnswer } from '../lib/api/firewall';
import { createRule, getRule, updateRule } from '../lib/requests/firewall';
import { ruleSaveSchema, type RuleSave } from '../lib/schemas/firewall';
import { api } from './api';
import { rulesTable } from './firewall-tables';
import { createForm } from './form';
import { navigate } from './router';
import { toastError } from './toasts';

const isAction = (value: string): value is RuleAction => (RULE_ACTIONS as readonly string[]).includes(value);

/** A saved rule as the form edits it. */
export function draftOf(rule: FirewallRuleAnswer): RuleDraft {
  const defaults = newRuleDraft();
  const { data } = rule;
  return {
    name: rule.name,
    priority: String(rule.priority),
    type: data.type === 'RATE_LIMIT' ? 'RATE_LIMIT' : 'FIREWALL',
    // The stored conditions, copied so that editing never touches the list's answer.
    conditions: data.conditions.map((group) => group.map((c) => ({ ...c, value: Array.isArray(c.value) ? [...c.value] : c.value }))),
    action: isAction(data.action.type) ? data.action.type : defaults.action,
    defaultAction: isAction(data.action.default_type) ? data.action.default_type : defaults.defaultAction,
    redirectDestination: data.action.redirect_destination ?? '',
    redirectStatusCode: data.action.redirect_status_code == null ? '' : String(data.action.redirect_status_code),
    maxRequests: data.max_requests == null ? defaults.maxRequests : String(data.max_requests),
    timeFrame: data.time_frame === 'SECOND' ? 'SECOND' : defaults.timeFrame,
  };
}

/**
 * The body the rule calls take (spec part 2, 7.6: name, priority, rule). The rule schema drops
 * what does not apply (redirect fields without a REDIRECT, rate fields for FIREWALL); a name
 * is kept only on the fields that use one.
 */
export function ruleBodyOf(draft: RuleDraft): RuleSave {
  const conditions = draft.conditions.map((group) =>
    group.map(({ name, ...condition }) => (isFieldKey(condition.field) && FIELDS[condition.field].named !== 'none' ? { ...condition, name: name ?? '' } : condition)),
  );
  return {
    name: draft.name,
    priority: draft.priority,
    rule: {
      type: draft.type,
      conditions,
      action: {
        type: draft.action,
        default_type: draft.defaultAction,
        ...(redirects(draft) ? { redirect_destination: draft.redirectDestination, redirect_status_code: draft.redirectStatusCode } : {}),
      },
      ...(draft.type === 'RATE_LIMIT' ? { max_requests: draft.maxRequests, time_frame: draft.timeFrame } : {}),
    },
  };
}

/** The rule form's submission: adds a rule (`guid` null) or edits one, toasts the server's sentence, then back to /firewall (spec part 2, 2.10). */
export function createRuleForm(guid: string | null) {
  return createForm({
    schema: ruleSaveSchema,
    input: ruleBodyOf,
    send: (data) => (guid ? updateRule(api, guid, data) : createRule(api, data)),
    successToast: (answer) => answer.message,
    onSuccess: async () => {
      // The Rules tab's list outlives a quick visit to the form (nanostores keeps a store a moment after its last listener), so it is asked again.
      await rulesTable.list.load();
      navigate('/firewall');
    },
  });
}

/** The rule the edit form opens with. */
export const $editedRule = atom<{ guid: string; loading: boolean; rule: FirewallRuleAnswer | null }>({ guid: '', loading: false, rule: null });

export async function loadRule(guid: string): Promise<void> {
  $editedRule.set({ guid, loading: true, rule: null });
  try {
    const rule = await getRule(api, guid);
    if ($editedRule.get().guid === guid) $editedRule.set({ guid, loading: false, rule });
  } catch (error) {
    if ($editedRule.get().guid === guid) $editedRule.set({ guid, loading: false, rule: null });
    toastError(error);
  }
}
