import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  createPolicyOp,
  createRuleOp,
  createRulesetOp,
  deletePoliciesOp,
  deletePolicyOp,
  deleteRuleOp,
  deleteRulesetOp,
  deleteRulesetsOp,
  deleteRulesOp,
  dryRunOp,
  getPolicyOp,
  getRuleOp,
  getRulesetOp,
  listPoliciesOp,
  listRulesetsOp,
  listRulesOp,
  policyHistoryOp,
  predefinedBotsOp,
  restorePolicyOp,
  restoreRuleOp,
  restoreRulesetOp,
  ruleHistoryOp,
  rulesetHistoryOp,
  setRuleStatusOp,
  updatePolicyOp,
  updateRuleOp,
  updateRulesetOp,
} from '../api/firewall';
import type { DryRunBody, FirewallListQuery, FirewallStatusChange, PolicyCreate, PolicyPatch, RuleSave, RulesetCreate, RulesetPatch } from '../schemas/firewall';

/** Where each call of the firewall area lives (spec part 2, 7.6): written once here, spread into its definition in ../api/firewall.ts. */
export const firewallRoutes = {
  listRules: { id: 'firewall.rules.list', method: 'get', path: '/firewall/' },
  createRule: { id: 'firewall.rules.create', method: 'post', path: '/firewall/' },
  getRule: { id: 'firewall.rules.get', method: 'get', path: '/firewall/{guid}/' },
  updateRule: { id: 'firewall.rules.update', method: 'post', path: '/firewall/{guid}/' },
  setRuleStatus: { id: 'firewall.rules.status', method: 'patch', path: '/firewall/{guid}/' },
  deleteRule: { id: 'firewall.rules.delete', method: 'delete', path: '/firewall/{guid}/' },
  deleteRules: { id: 'firewall.rules.bulk_delete', method: 'post', path: '/firewall/delete/' },
  predefinedBots: { id: 'firewall.predefined_bots.list', method: 'get', path: '/firewall/predefined-bots/' },
  ruleHistory: { id: 'firewall.rules.history', method: 'get', path: '/firewall/{guid}/history/' },
  restoreRule: { id: 'firewall.rules.restore', method: 'post', path: '/firewall/{guid}/history/{version}/restore/' },

  listRulesets: { id: 'firewall.rulesets.list', method: 'get', path: '/firewall/rulesets/' },
  createRuleset: { id: 'firewall.rulesets.create', method: 'post', path: '/firewall/rulesets/' },
  getRuleset: { id: 'firewall.rulesets.get', method: 'get', path: '/firewall/rulesets/{guid}/' },
  updateRuleset: { id: 'firewall.rulesets.update', method: 'patch', path: '/firewall/rulesets/{guid}/' },
  deleteRuleset: { id: 'firewall.rulesets.delete', method: 'delete', path: '/firewall/rulesets/{guid}/' },
  deleteRulesets: { id: 'firewall.rulesets.bulk_delete', method: 'post', path: '/firewall/rulesets/delete/' },
  rulesetHistory: { id: 'firewall.rulesets.history', method: 'get', path: '/firewall/rulesets/{guid}/history/' },
  restoreRuleset: { id: 'firewall.rulesets.restore', method: 'post', path: '/firewall/rulesets/{guid}/history/{version}/restore/' },

  listPolicies: { id: 'firewall.policies.list', method: 'get', path: '/firewall/policies/' },
  createPolicy: { id: 'firewall.policies.create', method: 'post', path: '/firewall/policies/' },
  getPolicy: { id: 'firewall.policies.get', method: 'get', path: '/firewall/policies/{guid}/' },
  updatePolicy: { id: 'firewall.policies.update', method: 'patch', path: '/firewall/policies/{guid}/' },
  deletePolicy: { id: 'firewall.policies.delete', method: 'delete', path: '/firewall/policies/{guid}/' },
  deletePolicies: { id: 'firewall.policies.bulk_delete', method: 'post', path: '/firewall/policies/delete/' },
  policyHistory: { id: 'firewall.policies.history', method: 'get', path: '/firewall/policies/{guid}/history/' },
  restorePolicy: { id: 'firewall.policies.restore', method: 'post', path: '/firewall/policies/{guid}/history/{version}/restore/' },

  dryRun: { id: 'firewall.dry_run', method: 'post', path: '/firewall/dry-run/' },
} as const;

const r = firewallRoutes;

export const listRules = (api: Api, query: FirewallListQuery = {}) => call<typeof listRulesOp>(api, r.listRules, { query });
export const createRule = (api: Api, body: RuleSave) => call<typeof createRuleOp>(api, r.createRule, { body });
export const getRule = (api: Api, guid: string) => call<typeof getRuleOp>(api, r.getRule, { params: { guid } });
export const updateRule = (api: Api, guid: string, body: RuleSave) => call<typeof updateRuleOp>(api, r.updateRule, { params: { guid }, body });
export const setRuleStatus = (api: Api, guid: string, body: FirewallStatusChange) => call<typeof setRuleStatusOp>(api, r.setRuleStatus, { params: { guid }, body });
export const deleteRule = (api: Api, guid: string) => call<typeof deleteRuleOp>(api, r.deleteRule, { params: { guid } });
export const deleteRules = (api: Api, rules: string[]) => call<typeof deleteRulesOp>(api, r.deleteRules, { body: { rules } });
export const predefinedBots = (api: Api) => call<typeof predefinedBotsOp>(api, r.predefinedBots);
export const ruleHistory = (api: Api, guid: string, query: FirewallListQuery = {}) => call<typeof ruleHistoryOp>(api, r.ruleHistory, { params: { guid }, query });
export const restoreRule = (api: Api, guid: string, version: number) => call<typeof restoreRuleOp>(api, r.restoreRule, { params: { guid, version } });

export const listRulesets = (api: Api, query: FirewallListQuery = {}) => call<typeof listRulesetsOp>(api, r.listRulesets, { query });
export const createRuleset = (api: Api, body: RulesetCreate) => call<typeof createRulesetOp>(api, r.createRuleset, { body });
export const getRuleset = (api: Api, guid: string) => call<typeof getRulesetOp>(api, r.getRuleset, { params: { guid } });
/** The ruleset dialog's name and rules, or the switch's status. */
export const updateRuleset = (api: Api, guid: string, body: RulesetPatch) => call<typeof updateRulesetOp>(api, r.updateRuleset, { params: { guid }, body });
export const deleteRuleset = (api: Api, guid: string) => call<typeof deleteRulesetOp>(api, r.deleteRuleset, { params: { guid } });
/** The rulesets' guids go in `rules`, as the spec's call names the field (spec decisions, 2). */
export const deleteRulesets = (api: Api, rulesets: string[]) => call<typeof deleteRulesetsOp>(api, r.deleteRulesets, { body: { rules: rulesets } });
export const rulesetHistory = (api: Api, guid: string, query: FirewallListQuery = {}) => call<typeof rulesetHistoryOp>(api, r.rulesetHistory, { params: { guid }, query });
export const restoreRuleset = (api: Api, guid: string, version: number) => call<typeof restoreRulesetOp>(api, r.restoreRuleset, { params: { guid, version } });

export const listPolicies = (api: Api, query: FirewallListQuery = {}) => call<typeof listPoliciesOp>(api, r.listPolicies, { query });
export const createPolicy = (api: Api, body: PolicyCreate) => call<typeof createPolicyOp>(api, r.createPolicy, { body });
export const getPolicy = (api: Api, guid: string) => call<typeof getPolicyOp>(api, r.getPolicy, { params: { guid } });
/** The policy dialog's fields, or the switch's status. */
export const updatePolicy = (api: Api, guid: string, body: PolicyPatch) => call<typeof updatePolicyOp>(api, r.updatePolicy, { params: { guid }, body });
export const deletePolicy = (api: Api, guid: string) => call<typeof deletePolicyOp>(api, r.deletePolicy, { params: { guid } });
export const deletePolicies = (api: Api, policies: string[]) => call<typeof deletePoliciesOp>(api, r.deletePolicies, { body: { policies } });
export const policyHistory = (api: Api, guid: string, query: FirewallListQuery = {}) => call<typeof policyHistoryOp>(api, r.policyHistory, { params: { guid }, query });
export const restorePolicy = (api: Api, guid: string, version: number) => call<typeof restorePolicyOp>(api, r.restorePolicy, { params: { guid, version } });

/** A rule (as the rule form holds it) or a policy's rulesets and rules, tried on a group's or domain's recorded requests. */
export const dryRun = (api: Api, body: DryRunBody) => call<typeof dryRunOp>(api, r.dryRun, { body });
