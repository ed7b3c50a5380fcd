import { createRulesetOp, deleteRulesetOp, deleteRulesetsOp, getRulesetOp, listRulesetsOp, restoreRulesetOp, rulesetHistoryOp, updateRulesetOp } from '../../lib/api/firewall';
import { RULESET_CREATED, RULESET_DELETED, RULESET_RESTORED, RULESET_UPDATED, RULESETS_DELETED } from '../../lib/schemas/firewall';
import { implement } from '../http/operation';
import { historyOf, rulesetStore } from '../services/firewall-kinds';
import { companyRuleset, rulesetAnswer } from '../services/firewall-objects';
import { createRuleset, deleteRuleset, deleteRulesets, restoreRuleset, rulesetsPage, updateRuleset } from '../services/firewall-rulesets';

/** The Rulesets tab and its dialog (spec part 2, 2.10, 5 "Ruleset" and 7.6), with each ruleset's history. */
export const firewallRulesetOperations = [
  implement(listRulesetsOp, async (c, { query }) => rulesetsPage(c.var.deps.db, c.var.company.guid, query)),

  implement(createRulesetOp, async (c, { body }) => ({ message: RULESET_CREATED, ruleset: await rulesetAnswer(c.var.deps.db, await createRuleset(c, body)) })),

  implement(getRulesetOp, async (c, { params }) => rulesetAnswer(c.var.deps.db, await companyRuleset(c.var.deps.db, c.var.company, params.guid, getRulesetOp.notFound))),

  implement(updateRulesetOp, async (c, { params, body }) => ({
    message: RULESET_UPDATED,
    ruleset: await rulesetAnswer(c.var.deps.db, await updateRuleset(c, params.guid, body, updateRulesetOp.notFound)),
  })),

  implement(deleteRulesetOp, async (c, { params }) => {
    await deleteRuleset(c, params.guid, deleteRulesetOp.notFound);
    return { message: RULESET_DELETED };
  }),

  implement(deleteRulesetsOp, async (c, { body }) => ({ message: RULESETS_DELETED, deleted: await deleteRulesets(c, body.rules) })),

  implement(rulesetHistoryOp, (c, { params, query }) => historyOf(c.var.deps.db, rulesetStore, c.var.company.guid, params.guid, query, rulesetHistoryOp.notFound)),

  implement(restoreRulesetOp, async (c, { params }) => ({
    message: RULESET_RESTORED,
    ruleset: await rulesetAnswer(c.var.deps.db, await restoreRuleset(c, params.guid, params.version, restoreRulesetOp.notFound)),
  })),
];
