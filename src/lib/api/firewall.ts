import { z } from 'zod';
import { POLICY_SCOPES, RULE_SCOPES, RULESET_SCOPES } from '../rules/firewall-tabs';
import { firewallRoutes } from '../requests/firewall';
import {
  dryRunSchema,
  firewallListQuery,
  firewallStatusSchema,
  policiesDeleteSchema,
  policyCreateSchema,
  policyPatchSchema,
  ruleSaveSchema,
  rulesDeleteSchema,
  rulesetCreateSchema,
  rulesetPatchSchema,
  rulesetsDeleteSchema,
} from '../schemas/firewall';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';

/**
 * The firewall area (spec part 2, 2.10, 3, 4.3, 6 and 7.6): rules, rulesets and policies of the
 * company, and the history of each (issue 9 "Beyond the original"). Every call needs
 * can_view_firewall and the view scope of its tab; writes add the tab's add, edit or delete scope.
 */

export const RULE_NOT_FOUND = 'Firewall rule not found.';
export const RULESET_NOT_FOUND = 'Firewall ruleset not found.';
export const POLICY_NOT_FOUND = 'Firewall policy not found.';
export const VERSION_NOT_FOUND = 'Version not found.';

const area = 'firewall';

const RULES = RULE_SCOPES;
const RULESETS = RULESET_SCOPES;
const POLICIES = POLICY_SCOPES;

const status = z.enum(['ACTIVE', 'DISABLED']);

/**
 * Spec part 2, 3 "Firewall rule": a condition of field, name, operator and value (a list for
 * list-type fields); `ignore_case` (issue 33) is there, true, when a text condition ignores case.
 */
export const firewallCondition = z
  .object({ field: z.string(), name: z.string().optional(), operator: z.string(), value: z.union([z.string(), z.array(z.string())]), ignore_case: z.boolean().optional() })
  .meta({ id: 'FirewallCondition' });

/** Spec part 2, 3 "Firewall rule" `data`: AND-groups of OR-conditions, the action pair and the rate fields. */
export const firewallRuleData = z
  .object({
    type: z.string(),
    conditions: z.array(z.array(firewallCondition)),
    action: z.object({
      type: z.string(),
      default_type: z.string(),
      redirect_destination: z.string().optional(),
      redirect_status_code: z.number().int().optional(),
    }),
    max_requests: z.number().int().optional(),
    time_frame: z.string().optional(),
  })
  .meta({ id: 'FirewallRuleData' });

/** A rule as its tab and form show it; `attached_to_policies` counts the policies that bring it, directly or by a ruleset. */
export const firewallRule = z
  .object({
    guid: z.guid(),
    name: z.string(),
    date_created: z.iso.datetime(),
    date_updated: z.iso.datetime().nullable(),
    status,
    priority: z.number().int(),
    attached_to_policies: z.number().int(),
    data: firewallRuleData,
  })
  .meta({ id: 'FirewallRule' });
export type FirewallRuleAnswer = z.infer<typeof firewallRule>;

const ruleRef = z.object({ guid: z.guid(), name: z.string(), status });

/** Spec part 2, 3 "Firewall ruleset": its rules by priority. */
export const firewallRuleset = z.object({ guid: z.guid(), name: z.string(), status, date_created: z.iso.datetime(), rules: z.array(ruleRef) }).meta({ id: 'FirewallRuleset' });
export type FirewallRulesetAnswer = z.infer<typeof firewallRuleset>;

/** Spec part 2, 3 "Firewall policy": what it applies and where (groups and domains the member may see). */
export const firewallPolicy = z
  .object({
    guid: z.guid(),
    name: z.string(),
    priority: z.number().int(),
    status,
    date_created: z.iso.datetime(),
    rulesets: z.array(ruleRef),
    rules: z.array(ruleRef),
    domain_groups: z.array(z.object({ guid: z.guid(), name: z.string() })),
    domains: z.array(z.object({ guid: z.guid(), domain: z.string() })),
  })
  .meta({ id: 'FirewallPolicy' });
export type FirewallPolicyAnswer = z.infer<typeof firewallPolicy>;

/** One version of a rule, ruleset or policy (issue 9 "History"), with its diff against the version before. */
export const firewallVersion = z
  .object({
    version: z.number().int(),
    summary: z.string(),
    changed_by: z.object({ name: z.string(), email: z.string() }).nullable(),
    date_created: z.iso.datetime(),
    /** The whole object as this version saved it (a deletion keeps the object as it was). */
    snapshot: z.record(z.string(), z.unknown()),
    diff: z.object({ removed: z.array(z.string()), added: z.array(z.string()) }),
  })
  .meta({ id: 'FirewallVersion' });
export type FirewallVersionAnswer = z.infer<typeof firewallVersion>;

const params = z.object({ guid: guidParam });
const versionParams = z.object({ guid: guidParam, version: z.coerce.number().int().min(1) });
const bulkDeleted = z.object({ message: z.string(), deleted: z.number().int() });

// Rules (the Rules tab and the rule form, spec part 2, 2.10).

export const listRulesOp = defineOperation({
  ...firewallRoutes.listRules,
  area,
  summary: 'The firewall rules, by priority then name',
  query: firewallListQuery,
  answer: pageOf(firewallRule),
  scopes: RULES.view,
});

export const createRuleOp = defineOperation({
  ...firewallRoutes.createRule,
  area,
  summary: 'Adds a firewall rule (ACTIVE)',
  body: ruleSaveSchema,
  answer: z.object({ message: z.string(), rule: firewallRule }),
  status: 201,
  scopes: RULES.add,
});

export const getRuleOp = defineOperation({
  ...firewallRoutes.getRule,
  area,
  summary: 'One firewall rule',
  params,
  answer: firewallRule,
  scopes: RULES.view,
  notFound: RULE_NOT_FOUND,
});

export const updateRuleOp = defineOperation({
  ...firewallRoutes.updateRule,
  area,
  summary: "Changes a rule's name, priority and body (the same payload as adding one)",
  params,
  body: ruleSaveSchema,
  answer: z.object({ message: z.string(), rule: firewallRule }),
  scopes: RULES.edit,
  notFound: RULE_NOT_FOUND,
});

export const setRuleStatusOp = defineOperation({
  ...firewallRoutes.setRuleStatus,
  area,
  summary: 'Switches a rule ACTIVE or DISABLED',
  params,
  body: firewallStatusSchema,
  answer: z.object({ message: z.string(), rule: firewallRule }),
  scopes: RULES.edit,
  notFound: RULE_NOT_FOUND,
});

export const deleteRuleOp = defineOperation({
  ...firewallRoutes.deleteRule,
  area,
  summary: 'Deletes a rule (it leaves the rulesets and policies that held it); its history stays',
  params,
  answer: messageAnswer,
  scopes: RULES.delete,
  notFound: RULE_NOT_FOUND,
});

export const deleteRulesOp = defineOperation({
  ...firewallRoutes.deleteRules,
  area,
  summary: 'Deletes the selected rules, all or none',
  body: rulesDeleteSchema,
  answer: bulkDeleted,
  scopes: RULES.delete,
});

/** Spec part 2, 3 "predefined bot (name, value)": the bots a condition can name, from the evaluator's list. */
export const predefinedBotsOp = defineOperation({
  ...firewallRoutes.predefinedBots,
  area,
  summary: 'The predefined bots a rule can name (name and value)',
  answer: z.array(z.object({ name: z.string(), value: z.string() })),
  scopes: RULES.view,
});

export const ruleHistoryOp = defineOperation({
  ...firewallRoutes.ruleHistory,
  area,
  summary: "A rule's versions, newest first, each with who made it and its diff (also after a deletion)",
  params,
  query: firewallListQuery,
  answer: pageOf(firewallVersion),
  scopes: RULES.view,
  notFound: RULE_NOT_FOUND,
});

export const restoreRuleOp = defineOperation({
  ...firewallRoutes.restoreRule,
  area,
  summary: 'Writes an earlier version of a rule back (re-creating a deleted rule), as a version of its own',
  params: versionParams,
  answer: z.object({ message: z.string(), rule: firewallRule }),
  scopes: RULES.edit,
  notFound: VERSION_NOT_FOUND,
});

// Rulesets (the Rulesets tab and its dialog).

export const listRulesetsOp = defineOperation({
  ...firewallRoutes.listRulesets,
  area,
  summary: 'The rulesets, by name, each with its rules',
  query: firewallListQuery,
  answer: pageOf(firewallRuleset),
  scopes: RULESETS.view,
});

export const createRulesetOp = defineOperation({
  ...firewallRoutes.createRuleset,
  area,
  summary: 'Adds a ruleset of rules (ACTIVE)',
  body: rulesetCreateSchema,
  answer: z.object({ message: z.string(), ruleset: firewallRuleset }),
  status: 201,
  scopes: RULESETS.add,
});

export const getRulesetOp = defineOperation({
  ...firewallRoutes.getRuleset,
  area,
  summary: 'One ruleset',
  params,
  answer: firewallRuleset,
  scopes: RULESETS.view,
  notFound: RULESET_NOT_FOUND,
});

export const updateRulesetOp = defineOperation({
  ...firewallRoutes.updateRuleset,
  area,
  summary: "Changes a ruleset's name and rules, or switches it ACTIVE or DISABLED",
  params,
  body: rulesetPatchSchema,
  answer: z.object({ message: z.string(), ruleset: firewallRuleset }),
  scopes: RULESETS.edit,
  notFound: RULESET_NOT_FOUND,
});

export const deleteRulesetOp = defineOperation({
  ...firewallRoutes.deleteRuleset,
  area,
  summary: 'Deletes a ruleset (its rules stay); its history stays',
  params,
  answer: messageAnswer,
  scopes: RULESETS.delete,
  notFound: RULESET_NOT_FOUND,
});

export const deleteRulesetsOp = defineOperation({
  ...firewallRoutes.deleteRulesets,
  area,
  summary: 'Deletes the selected rulesets (their guids in `rules`), all or none',
  body: rulesetsDeleteSchema,
  answer: bulkDeleted,
  scopes: RULESETS.delete,
});

export const rulesetHistoryOp = defineOperation({
  ...firewallRoutes.rulesetHistory,
  area,
  summary: "A ruleset's versions, newest first, with their diffs",
  params,
  query: firewallListQuery,
  answer: pageOf(firewallVersion),
  scopes: RULESETS.view,
  notFound: RULESET_NOT_FOUND,
});

export const restoreRulesetOp = defineOperation({
  ...firewallRoutes.restoreRuleset,
  area,
  summary: 'Writes an earlier version of a ruleset back, as a version of its own',
  params: versionParams,
  answer: z.object({ message: z.string(), ruleset: firewallRuleset }),
  scopes: RULESETS.edit,
  notFound: VERSION_NOT_FOUND,
});

// Policies (the Policies tab and its dialog).

export const listPoliciesOp = defineOperation({
  ...firewallRoutes.listPolicies,
  area,
  summary: 'The policies, by priority then name, with what each applies and where',
  query: firewallListQuery,
  answer: pageOf(firewallPolicy),
  scopes: POLICIES.view,
});

export const createPolicyOp = defineOperation({
  ...firewallRoutes.createPolicy,
  area,
  summary: 'Adds a policy: rulesets and rules applied to domain groups and domains (ACTIVE)',
  body: policyCreateSchema,
  answer: z.object({ message: z.string(), policy: firewallPolicy }),
  status: 201,
  scopes: POLICIES.add,
});

export const getPolicyOp = defineOperation({
  ...firewallRoutes.getPolicy,
  area,
  summary: 'One policy',
  params,
  answer: firewallPolicy,
  scopes: POLICIES.view,
  notFound: POLICY_NOT_FOUND,
});

export const updatePolicyOp = defineOperation({
  ...firewallRoutes.updatePolicy,
  area,
  summary: 'Changes a policy (the same fields as adding one), or switches it ACTIVE or DISABLED',
  params,
  body: policyPatchSchema,
  answer: z.object({ message: z.string(), policy: firewallPolicy }),
  scopes: POLICIES.edit,
  notFound: POLICY_NOT_FOUND,
});

export const deletePolicyOp = defineOperation({
  ...firewallRoutes.deletePolicy,
  area,
  summary: 'Deletes a policy (its rulesets and rules stay); its history stays',
  params,
  answer: messageAnswer,
  scopes: POLICIES.delete,
  notFound: POLICY_NOT_FOUND,
});

export const deletePoliciesOp = defineOperation({
  ...firewallRoutes.deletePolicies,
  area,
  summary: 'Deletes the selected policies, all or none',
  body: policiesDeleteSchema,
  answer: bulkDeleted,
  scopes: POLICIES.delete,
});

export const policyHistoryOp = defineOperation({
  ...firewallRoutes.policyHistory,
  area,
  summary: "A policy's versions, newest first, with their diffs",
  params,
  query: firewallListQuery,
  answer: pageOf(firewallVersion),
  scopes: POLICIES.view,
  notFound: POLICY_NOT_FOUND,
});

export const restorePolicyOp = defineOperation({
  ...firewallRoutes.restorePolicy,
  area,
  summary: 'Writes an earlier version of a policy back, as a version of its own',
  params: versionParams,
  answer: z.object({ message: z.string(), policy: firewallPolicy }),
  scopes: POLICIES.edit,
  notFound: VERSION_NOT_FOUND,
});

// The dry run (issue 9 "Beyond the original"; docs/decisions.md "Firewall calls").

/** A replayed request as the dry run's samples show it; `path` carries its query. */
const dryRunSample = z.object({
  time: z.iso.datetime(),
  method: z.string().nullable(),
  host: z.string(),
  path: z.string(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  user_agent: z.string().nullable(),
});

/** What the rule or policy would have done to the period's recorded requests, with up to 5 of each. */
export const firewallDryRun = z
  .object({
    period: z.object({ from: z.iso.datetime(), to: z.iso.datetime() }),
    total: z.number().int(),
    allowed: z.number().int(),
    rejected: z.number().int(),
    redirected: z.number().int(),
    limited: z.number().int(),
    /** True when the period held more requests than a dry run replays: the newest were tried. */
    truncated: z.boolean(),
    samples: z.object({ ALLOW: z.array(dryRunSample), REJECT: z.array(dryRunSample), REDIRECT: z.array(dryRunSample), LIMITED: z.array(dryRunSample) }),
  })
  .meta({ id: 'FirewallDryRun' });
export type FirewallDryRunAnswer = z.infer<typeof firewallDryRun>;

export const DRY_RUN_GROUP_NOT_FOUND = 'Domain group not found.';
export const DRY_RUN_DOMAIN_NOT_FOUND = 'Domain not found.';

export const dryRunOp = defineOperation({
  ...firewallRoutes.dryRun,
  area,
  summary: "Tries a rule, or a policy's rules, on a domain group's or domain's recorded requests of a period (at most 31 days, the newest 50,000)",
  body: dryRunSchema,
  answer: firewallDryRun,
  // Reading the group's traffic is reading its domains (spec part 2, 6).
  scopes: [...RULES.view, 'can_view_domains'],
});
