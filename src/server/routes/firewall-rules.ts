import {
  createRuleOp,
  deleteRuleOp,
  deleteRulesOp,
  getRuleOp,
  listRulesOp,
  predefinedBotsOp,
  restoreRuleOp,
  ruleHistoryOp,
  setRuleStatusOp,
  updateRuleOp,
} from '../../lib/api/firewall';
import { PREDEFINED_BOTS } from '../../lib/firewall/index';
import { RULE_CREATED, RULE_DELETED, RULE_RESTORED, RULE_UPDATED, RULES_DELETED } from '../../lib/schemas/firewall';
import { implement } from '../http/operation';
import { historyOf, ruleStore } from '../services/firewall-kinds';
import { companyRule, ruleAnswer } from '../services/firewall-objects';
import { createRule, deleteRule, deleteRules, restoreRule, rulesPage, setRuleStatus, updateRule } from '../services/firewall-rules';

/** The Rules tab, the rule form and each rule's history (spec part 2, 2.10 and 7.6; issue 9 "History"). */
export const firewallRuleOperations = [
  implement(listRulesOp, async (c, { query }) => rulesPage(c.var.deps.db, c.var.company.guid, query)),

  implement(createRuleOp, async (c, { body }) => ({ message: RULE_CREATED, rule: await ruleAnswer(c.var.deps.db, await createRule(c, body)) })),

  implement(getRuleOp, async (c, { params }) => ruleAnswer(c.var.deps.db, await companyRule(c.var.deps.db, c.var.company, params.guid, getRuleOp.notFound))),

  implement(updateRuleOp, async (c, { params, body }) => ({
    message: RULE_UPDATED,
    rule: await ruleAnswer(c.var.deps.db, await updateRule(c, params.guid, body, updateRuleOp.notFound)),
  })),

  implement(setRuleStatusOp, async (c, { params, body }) => ({
    message: RULE_UPDATED,
    rule: await ruleAnswer(c.var.deps.db, await setRuleStatus(c, params.guid, body.status, setRuleStatusOp.notFound)),
  })),

  implement(deleteRuleOp, async (c, { params }) => {
    await deleteRule(c, params.guid, deleteRuleOp.notFound);
    return { message: RULE_DELETED };
  }),

  implement(deleteRulesOp, async (c, { body }) => ({ message: RULES_DELETED, deleted: await deleteRules(c, body.rules) })),

  implement(predefinedBotsOp, async () => PREDEFINED_BOTS.map(({ name, value }) => ({ name, value }))),

  implement(ruleHistoryOp, (c, { params, query }) => historyOf(c.var.deps.db, ruleStore, c.var.company.guid, params.guid, query, ruleHistoryOp.notFound)),

  implement(restoreRuleOp, async (c, { params }) => ({
    message: RULE_RESTORED,
    rule: await ruleAnswer(c.var.deps.db, await restoreRule(c, params.guid, params.version, restoreRuleOp.notFound)),
  })),
];
