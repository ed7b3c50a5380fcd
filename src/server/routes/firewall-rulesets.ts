import type { Context } from 'hono';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  createRulesetOp,
  deleteRulesetOp,
  deleteRulesetsOp,
  getRulesetOp,
  listRulesetsOp,
  restoreRulesetOp,
  RULESET_NOT_FOUND,
  rulesetHistoryOp,
  updateRulesetOp,
} from '../../lib/api/firewall';
import { RULESET_CREATED, RULESET_DELETED, RULESET_RESTORED, RULESET_UPDATED, RULESETS_DELETED } from '../../lib/schemas/firewall';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { firewallRulesets } from '../db/schema/index';
import { problem } from '../http/errors';
import { implement } from '../http/operation';
import { editSummary, recordBaseline, recordVersion, statusSummary, type RulesetSnapshot } from '../services/firewall-history';
import { historyOf, lockedSelection, rulesetStore, versionToRestore } from '../services/firewall-kinds';
import { companyRuleset, ownRules, rulesetAnswer, rulesetAnswers, rulesetSnapshot, setRulesetRules, type RulesetRow } from '../services/firewall-objects';

/** The Rulesets tab and its dialog (spec part 2, 2.10, 5 "Ruleset" and 7.6), with each ruleset's history. */

export const SOME_RULESETS_GONE = 'Some of the selected rulesets do not exist any more: reload the page and select again.';
export const RULESET_RULES_GONE = 'None of the rules of that version exist any more, so it cannot be restored.';

const dated = (r: RulesetRow) => r.dateCreated;

async function deleteRulesets(c: Context<AppEnv>, tx: Db, rows: RulesetRow[]) {
  const company = c.var.company;
  for (const row of rows) {
    const before = await rulesetSnapshot(tx, row);
    await recordBaseline(tx, 'RULESET', company.guid, before, dated(row));
    await recordVersion(tx, { kind: 'RULESET', companyGuid: company.guid, snapshot: before, summary: 'Deleted', by: c.var.viewer.userGuid, now: c.var.deps.now() });
  }
  if (rows.length)
    await tx.delete(firewallRulesets).where(
      inArray(
        firewallRulesets.guid,
        rows.map((r) => r.guid),
      ),
    );
}

export const firewallRulesetOperations = [
  implement(listRulesetsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const where = eq(firewallRulesets.companyGuid, c.var.company.guid);
    return pageOfRows(
      query,
      async (limit, offset) =>
        rulesetAnswers(db, await db.select().from(firewallRulesets).where(where).orderBy(asc(firewallRulesets.name), desc(firewallRulesets.dateCreated), asc(firewallRulesets.guid)).limit(limit).offset(offset)),
      () => countRows(db, firewallRulesets, where),
    );
  }),

  implement(createRulesetOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const rules = await ownRules(db, company, body.rules, 'rules');
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(firewallRulesets).values({ companyGuid: company.guid, name: body.name, dateCreated: now() }).returning();
      await setRulesetRules(tx, created!.guid, rules);
      await recordVersion(tx, { kind: 'RULESET', companyGuid: company.guid, snapshot: await rulesetSnapshot(tx, created!), summary: 'Created', by: c.var.viewer.userGuid, now: now() });
      return created!;
    });
    return { message: RULESET_CREATED, ruleset: await rulesetAnswer(db, row) };
  }),

  implement(getRulesetOp, async (c, { params }) => rulesetAnswer(c.var.deps.db, await companyRuleset(c.var.deps.db, c.var.company, params.guid, getRulesetOp.notFound))),

  implement(updateRulesetOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const rules = body.rules ? await ownRules(db, company, body.rules, 'rules') : null;
    const row = await db.transaction(async (tx) => {
      const current = await companyRuleset(tx, company, params.guid, updateRulesetOp.notFound, true);
      const before = await rulesetSnapshot(tx, current);
      let updated = current;
      if (body.status !== undefined) {
        if (body.status !== current.status) [updated] = (await tx.update(firewallRulesets).set({ status: body.status }).where(eq(firewallRulesets.guid, current.guid)).returning()) as [RulesetRow];
      } else {
        [updated] = (await tx.update(firewallRulesets).set({ name: body.name! }).where(eq(firewallRulesets.guid, current.guid)).returning()) as [RulesetRow];
        await setRulesetRules(tx, current.guid, rules ?? []);
      }
      const after = await rulesetSnapshot(tx, updated);
      const summary = body.status !== undefined ? (before.status === after.status ? null : statusSummary(after.status)) : editSummary('RULESET', before, after);
      if (summary) {
        await recordBaseline(tx, 'RULESET', company.guid, before, dated(current));
        await recordVersion(tx, { kind: 'RULESET', companyGuid: company.guid, snapshot: after, summary, by: c.var.viewer.userGuid, now: now() });
      }
      return updated;
    });
    return { message: RULESET_UPDATED, ruleset: await rulesetAnswer(db, row) };
  }),

  implement(deleteRulesetOp, async (c, { params }) => {
    await c.var.deps.db.transaction(async (tx) => deleteRulesets(c, tx, [await companyRuleset(tx, c.var.company, params.guid, deleteRulesetOp.notFound, true)]));
    return { message: RULESET_DELETED };
  }),

  implement(deleteRulesetsOp, async (c, { body }) => {
    const deleted = await c.var.deps.db.transaction(async (tx) => {
      const rows = await lockedSelection(tx, rulesetStore, c.var.company.guid, body.rules, SOME_RULESETS_GONE);
      await deleteRulesets(c, tx, rows);
      return rows.length;
    });
    return { message: RULESETS_DELETED, deleted };
  }),

  implement(rulesetHistoryOp, (c, { params, query }) => historyOf(c.var.deps.db, rulesetStore, c.var.company.guid, params.guid, query, rulesetHistoryOp.notFound)),

  implement(restoreRulesetOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const row = await db.transaction(async (tx) => {
      const { current, old } = await versionToRestore(tx, rulesetStore, company.guid, params.guid, params.version, { noVersion: restoreRulesetOp.notFound, noObject: RULESET_NOT_FOUND });
      const snapshot = old.snapshot as unknown as RulesetSnapshot;
      // Rules deleted since are left out; a ruleset needs one at least (spec part 2, 5 "Ruleset").
      const rules = await ownRules(
        tx,
        company,
        snapshot.rules.map((r) => r.guid),
        'rules',
        false,
      );
      if (!rules.length) throw problem(409, RULESET_RULES_GONE, { code: 'version_unrestorable' });
      const [restored] = current
        ? await tx.update(firewallRulesets).set({ name: snapshot.name, status: snapshot.status }).where(eq(firewallRulesets.guid, current.guid)).returning()
        : await tx
            .insert(firewallRulesets)
            .values({ guid: params.guid, companyGuid: company.guid, name: snapshot.name, status: snapshot.status, dateCreated: new Date(snapshot.date_created) })
            .returning();
      await setRulesetRules(tx, params.guid, rules);
      await recordVersion(tx, { kind: 'RULESET', companyGuid: company.guid, snapshot: await rulesetSnapshot(tx, restored!), summary: `Restored version ${old.version}`, by: c.var.viewer.userGuid, now: now() });
      return restored!;
    });
    return { message: RULESET_RESTORED, ruleset: await rulesetAnswer(db, row) };
  }),
];
