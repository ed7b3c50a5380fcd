import type { Context } from 'hono';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { RULESET_NOT_FOUND, type createRulesetOp, type updateRulesetOp } from '../../lib/api/firewall';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { firewallRulesets } from '../db/schema/index';
import { problem } from '../http/errors';
import { editSummary, recordBaseline, recordVersion, statusSummary, type RulesetSnapshot } from './firewall-history';
import { lockedSelection, rulesetStore, versionToRestore } from './firewall-kinds';
import { companyRuleset, ownRules, rulesetAnswers, rulesetSnapshot, setRulesetRules, type RulesetRow } from './firewall-objects';

/** Firewall rulesets (spec part 2, 2.10, 5 "Ruleset" and 7.6) and their history: every change is a version. */

type NewRuleset = ParsedInput<typeof createRulesetOp>['body'];
type RulesetChange = ParsedInput<typeof updateRulesetOp>['body'];

export const SOME_RULESETS_GONE = 'Some of the selected rulesets do not exist any more: reload the page and select again.';
export const RULESET_RULES_GONE = 'None of the rules of that version exist any more, so it cannot be restored.';

const dated = (r: RulesetRow) => r.dateCreated;

export function rulesetsPage(db: Db, companyGuid: string, paging: Paging) {
  const where = eq(firewallRulesets.companyGuid, companyGuid);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      rulesetAnswers(
        db,
        await db
          .select()
          .from(firewallRulesets)
          .where(where)
          .orderBy(asc(firewallRulesets.name), desc(firewallRulesets.dateCreated), asc(firewallRulesets.guid))
          .limit(limit)
          .offset(offset),
      ),
    () => countRows(db, firewallRulesets, where),
  );
}

async function deleteRulesetRows(c: Context<AppEnv>, tx: Db, rows: RulesetRow[]) {
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

/** A new ruleset of the company's own rules. */
export async function createRuleset(c: Context<AppEnv>, body: NewRuleset): Promise<RulesetRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const rules = await ownRules(tx, company, body.rules, 'rules');
    const [created] = await tx.insert(firewallRulesets).values({ companyGuid: company.guid, name: body.name, dateCreated: now() }).returning();
    await setRulesetRules(tx, created!.guid, rules);
    await recordVersion(tx, {
      kind: 'RULESET',
      companyGuid: company.guid,
      snapshot: await rulesetSnapshot(tx, created!),
      summary: 'Created',
      by: c.var.viewer.userGuid,
      now: now(),
    });
    return created!;
  });
}

/** Either a change of status, or of the name and the rules (the company's own). */
export async function updateRuleset(c: Context<AppEnv>, guid: string, body: RulesetChange, missing: string): Promise<RulesetRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const rules = body.rules ? await ownRules(tx, company, body.rules, 'rules') : null;
    const current = await companyRuleset(tx, company, guid, missing, true);
    const before = await rulesetSnapshot(tx, current);
    let updated = current;
    if (body.status !== undefined) {
      if (body.status !== current.status)
        [updated] = (await tx.update(firewallRulesets).set({ status: body.status }).where(eq(firewallRulesets.guid, current.guid)).returning()) as [RulesetRow];
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
}

export async function deleteRuleset(c: Context<AppEnv>, guid: string, missing: string): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => deleteRulesetRows(c, tx, [await companyRuleset(tx, c.var.company, guid, missing, true)]));
}

/** All or none; answers how many went. */
export async function deleteRulesets(c: Context<AppEnv>, guids: readonly string[]): Promise<number> {
  return c.var.deps.db.transaction(async (tx) => {
    const rows = await lockedSelection(tx, rulesetStore, c.var.company.guid, guids, SOME_RULESETS_GONE);
    await deleteRulesetRows(c, tx, rows);
    return rows.length;
  });
}

/** Makes a ruleset what one of its versions was, with those of its rules that still exist (one at least). */
export async function restoreRuleset(c: Context<AppEnv>, guid: string, version: number, missing: string): Promise<RulesetRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const { current, old } = await versionToRestore(tx, rulesetStore, company.guid, guid, version, { noVersion: missing, noObject: RULESET_NOT_FOUND });
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
          .values({ guid, companyGuid: company.guid, name: snapshot.name, status: snapshot.status, dateCreated: new Date(snapshot.date_created) })
          .returning();
    await setRulesetRules(tx, guid, rules);
    await recordVersion(tx, {
      kind: 'RULESET',
      companyGuid: company.guid,
      snapshot: await rulesetSnapshot(tx, restored!),
      summary: `Restored version ${old.version}`,
      by: c.var.viewer.userGuid,
      now: now(),
    });
    return restored!;
  });
}
