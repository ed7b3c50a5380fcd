import type { Context } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { RULE_NOT_FOUND, type createRuleOp } from '../../lib/api/firewall';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { firewallRules, type FirewallRuleData } from '../db/schema/index';
import { editSummary, recordBaseline, recordVersion, statusSummary, type RuleSnapshot } from './firewall-history';
import { lockedSelection, ruleStore, versionToRestore } from './firewall-kinds';
import { companyRule, ruleAnswers, ruleSnapshot, type RuleRow } from './firewall-objects';

/** Firewall rules and their history (spec part 2, 2.10 and 7.6; issue 9 "History"): every change is a version. */

type RuleSave = ParsedInput<typeof createRuleOp>['body'];

export const SOME_RULES_GONE = 'Some of the selected firewall rules do not exist any more: reload the page and select again.';

export function rulesPage(db: Db, companyGuid: string, paging: Paging) {
  const where = eq(firewallRules.companyGuid, companyGuid);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      ruleAnswers(db, await db.select().from(firewallRules).where(where).orderBy(firewallRules.priority, firewallRules.name, firewallRules.guid).limit(limit).offset(offset)),
    () => countRows(db, firewallRules, where),
  );
}

/**
 * A change to one rule in a transaction with its row locked: `apply` writes it and answers the
 * row as it now stands; the rule before the change is the baseline of a rule made before there
 * was a history, and the rule after it the next version, summarised by `summary`.
 */
async function changeRule(
  c: Context<AppEnv>,
  guid: string,
  message: string,
  apply: (tx: Db, row: RuleRow) => Promise<RuleRow>,
  summary: (before: RuleSnapshot, after: RuleSnapshot) => string | null,
) {
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
async function deleteRuleRows(c: Context<AppEnv>, tx: Db, rows: RuleRow[]) {
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

export async function createRule(c: Context<AppEnv>, body: RuleSave): Promise<RuleRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(firewallRules)
      .values({ companyGuid: company.guid, name: body.name, priority: body.priority, data: body.rule as FirewallRuleData, dateCreated: now() })
      .returning();
    await recordVersion(tx, { kind: 'RULE', companyGuid: company.guid, snapshot: ruleSnapshot(created!), summary: 'Created', by: c.var.viewer.userGuid, now: now() });
    return created!;
  });
}

export function updateRule(c: Context<AppEnv>, guid: string, body: RuleSave, missing: string): Promise<RuleRow> {
  return changeRule(
    c,
    guid,
    missing,
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
}

export function setRuleStatus(c: Context<AppEnv>, guid: string, status: RuleRow['status'], missing: string): Promise<RuleRow> {
  return changeRule(
    c,
    guid,
    missing,
    async (tx, r) => {
      if (r.status === status) return r;
      const [updated] = await tx.update(firewallRules).set({ status, dateUpdated: c.var.deps.now() }).where(eq(firewallRules.guid, r.guid)).returning();
      return updated!;
    },
    // Switching to the state it is in changes nothing, so it is no version.
    (before, after) => (before.status === after.status ? null : statusSummary(after.status)),
  );
}

export async function deleteRule(c: Context<AppEnv>, guid: string, missing: string): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => deleteRuleRows(c, tx, [await companyRule(tx, c.var.company, guid, missing, true)]));
}

/** All or none: a selection that names a rule gone (or never the company's) deletes nothing. Answers how many went. */
export async function deleteRules(c: Context<AppEnv>, guids: readonly string[]): Promise<number> {
  return c.var.deps.db.transaction(async (tx) => {
    const rows = await lockedSelection(tx, ruleStore, c.var.company.guid, guids, SOME_RULES_GONE);
    await deleteRuleRows(c, tx, rows);
    return rows.length;
  });
}

/** Makes a rule what one of its versions was (re-created when it was deleted since), itself a new version. */
export async function restoreRule(c: Context<AppEnv>, guid: string, version: number, missing: string): Promise<RuleRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const { current, old } = await versionToRestore(tx, ruleStore, company.guid, guid, version, { noVersion: missing, noObject: RULE_NOT_FOUND });
    const snapshot = old.snapshot as unknown as RuleSnapshot;
    const values = { name: snapshot.name, priority: snapshot.priority, status: snapshot.status, data: snapshot.data as FirewallRuleData, dateUpdated: now() };
    const [restored] = current
      ? await tx.update(firewallRules).set(values).where(eq(firewallRules.guid, current.guid)).returning()
      : await tx
          .insert(firewallRules)
          .values({ ...values, guid, companyGuid: company.guid, dateCreated: new Date(snapshot.date_created) })
          .returning();
    await recordVersion(tx, {
      kind: 'RULE',
      companyGuid: company.guid,
      snapshot: ruleSnapshot(restored!),
      summary: `Restored version ${old.version}`,
      by: c.var.viewer.userGuid,
      now: now(),
    });
    return restored!;
  });
}
