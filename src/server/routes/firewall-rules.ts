import type { Context } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import {
  createRuleOp,
  deleteRuleOp,
  deleteRulesOp,
  getRuleOp,
  listRulesOp,
  predefinedBotsOp,
  restoreRuleOp,
  RULE_NOT_FOUND,
  ruleHistoryOp,
  setRuleStatusOp,
  updateRuleOp,
} from '../../lib/api/firewall';
import { PREDEFINED_BOTS } from '../../lib/firewall/index';
import { RULE_CREATED, RULE_DELETED, RULE_RESTORED, RULE_UPDATED, RULES_DELETED } from '../../lib/schemas/firewall';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { firewallRules, type FirewallRuleData } from '../db/schema/index';
import { implement } from '../http/operation';
import { editSummary, recordBaseline, recordVersion, statusSummary, type RuleSnapshot } from '../services/firewall-history';
import { historyOf, lockedSelection, ruleStore, versionToRestore } from '../services/firewall-kinds';
import { companyRule, ruleAnswer, ruleAnswers, ruleSnapshot, type RuleRow } from '../services/firewall-objects';

/** The Rules tab, the rule form and each rule's history (spec part 2, 2.10 and 7.6; issue 9 "History"). */

export const SOME_RULES_GONE = 'Some of the selected firewall rules do not exist any more: reload the page and select again.';

/**
 * A change to one rule in a transaction with its row locked: `apply` writes it and answers the
 * row as it now stands; the rule before the change is the baseline of a rule made before there
 * was a history, and the rule after it the next version, summarised by `summary`.
 */
async function changeRule(c: Context<AppEnv>, guid: string, message: string, apply: (tx: Db, row: RuleRow) => Promise<RuleRow>, summary: (before: RuleSnapshot, after: RuleSnapshot) => string | null) {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const row = await companyRule(tx, company, guid, message, true);
    const before = ruleSnapshot(row);
    const updated = await apply(tx, row);
    const after = ruleSnapshot(updated);
    const said = summary(before, after);
    if (said) {
      await recordBaseline(tx, 'RULE', company.guid, before, row.dateUpdated ?? row.dateCreated);
      await recordVersion(tx, { kind: 'RULE', companyGuid: company.guid, snapshot: after, summary: said, by: c.var.viewer.userGuid, now: now() });
    }
    return updated;
  });
}

/** Deletes rules of the company, each written to its history as it was ('Deleted'). */
async function deleteRules(c: Context<AppEnv>, tx: Db, rows: RuleRow[]) {
  const company = c.var.company;
  for (const row of rows) {
    const before = ruleSnapshot(row);
    await recordBaseline(tx, 'RULE', company.guid, before, row.dateUpdated ?? row.dateCreated);
    await recordVersion(tx, { kind: 'RULE', companyGuid: company.guid, snapshot: before, summary: 'Deleted', by: c.var.viewer.userGuid, now: c.var.deps.now() });
  }
  if (rows.length)
    await tx.delete(firewallRules).where(
      inArray(
        firewallRules.guid,
        rows.map((r) => r.guid),
      ),
    );
}

export const firewallRuleOperations = [
  implement(listRulesOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const where = eq(firewallRules.companyGuid, c.var.company.guid);
    return pageOfRows(
      query,
      async (limit, offset) => ruleAnswers(db, await db.select().from(firewallRules).where(where).orderBy(firewallRules.priority, firewallRules.name, firewallRules.guid).limit(limit).offset(offset)),
      () => countRows(db, firewallRules, where),
    );
  }),

  implement(createRuleOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(firewallRules)
        .values({ companyGuid: company.guid, name: body.name, priority: body.priority, data: body.rule as FirewallRuleData, dateCreated: now() })
        .returning();
      await recordVersion(tx, { kind: 'RULE', companyGuid: company.guid, snapshot: ruleSnapshot(created!), summary: 'Created', by: c.var.viewer.userGuid, now: now() });
      return created!;
    });
    return { message: RULE_CREATED, rule: await ruleAnswer(db, row) };
  }),

  implement(getRuleOp, async (c, { params }) => ruleAnswer(c.var.deps.db, await companyRule(c.var.deps.db, c.var.company, params.guid, getRuleOp.notFound))),

  implement(updateRuleOp, async (c, { params, body }) => {
    const row = await changeRule(
      c,
      params.guid,
      updateRuleOp.notFound,
      async (tx, r) => {
        const [updated] = await tx
          .update(firewallRules)
          .set({ name: body.name, priority: body.priority, data: body.rule as FirewallRuleData, dateUpdated: c.var.deps.now() })
          .where(eq(firewallRules.guid, r.guid))
          .returning();
        return updated!;
      },
      (before, after) => editSummary('RULE', before, after),
    );
    return { message: RULE_UPDATED, rule: await ruleAnswer(c.var.deps.db, row) };
  }),

  implement(setRuleStatusOp, async (c, { params, body }) => {
    const row = await changeRule(
      c,
      params.guid,
      setRuleStatusOp.notFound,
      async (tx, r) => {
        if (r.status === body.status) return r;
        const [updated] = await tx.update(firewallRules).set({ status: body.status, dateUpdated: c.var.deps.now() }).where(eq(firewallRules.guid, r.guid)).returning();
        return updated!;
      },
      // Switching to the state it is in changes nothing, so it is no version.
      (before, after) => (before.status === after.status ? null : statusSummary(after.status)),
    );
    return { message: RULE_UPDATED, rule: await ruleAnswer(c.var.deps.db, row) };
  }),

  implement(deleteRuleOp, async (c, { params }) => {
    await c.var.deps.db.transaction(async (tx) => deleteRules(c, tx, [await companyRule(tx, c.var.company, params.guid, deleteRuleOp.notFound, true)]));
    return { message: RULE_DELETED };
  }),

  implement(deleteRulesOp, async (c, { body }) => {
    const deleted = await c.var.deps.db.transaction(async (tx) => {
      // All or none: a selection that names a rule gone (or never the company's) deletes nothing.
      const rows = await lockedSelection(tx, ruleStore, c.var.company.guid, body.rules, SOME_RULES_GONE);
      await deleteRules(c, tx, rows);
      return rows.length;
    });
    return { message: RULES_DELETED, deleted };
  }),

  implement(predefinedBotsOp, async () => PREDEFINED_BOTS.map(({ name, value }) => ({ name, value }))),

  implement(ruleHistoryOp, (c, { params, query }) => historyOf(c.var.deps.db, ruleStore, c.var.company.guid, params.guid, query, ruleHistoryOp.notFound)),

  implement(restoreRuleOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const row = await db.transaction(async (tx) => {
      const { current, old } = await versionToRestore(tx, ruleStore, company.guid, params.guid, params.version, { noVersion: restoreRuleOp.notFound, noObject: RULE_NOT_FOUND });
      const snapshot = old.snapshot as unknown as RuleSnapshot;
      const values = { name: snapshot.name, priority: snapshot.priority, status: snapshot.status, data: snapshot.data as FirewallRuleData, dateUpdated: now() };
      const [restored] = current
        ? await tx.update(firewallRules).set(values).where(eq(firewallRules.guid, current.guid)).returning()
        : await tx
            .insert(firewallRules)
            .values({ ...values, guid: params.guid, companyGuid: company.guid, dateCreated: new Date(snapshot.date_created) })
            .returning();
      await recordVersion(tx, { kind: 'RULE', companyGuid: company.guid, snapshot: ruleSnapshot(restored!), summary: `Restored version ${old.version}`, by: c.var.viewer.userGuid, now: now() });
      return restored!;
    });
    return { message: RULE_RESTORED, rule: await ruleAnswer(db, row) };
  }),
];
