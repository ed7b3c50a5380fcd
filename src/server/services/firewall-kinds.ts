import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { firewallPolicies, firewallRules, firewallRulesets } from '../db/schema/index';
import { notFound } from '../http/errors';
import { lockKey } from '../jobs/store';
import type { Paging } from '../db/lists';
import { historyPage, recordBaseline, versionOf, type FirewallKind, type Snapshot } from './firewall-history';
import { policySnapshot, ruleSnapshot, rulesetSnapshot, type PolicyRow, type RuleRow, type RulesetRow } from './firewall-objects';

/**
 * What the rule, ruleset and policy calls do alike (bulk delete, history, the first steps of a
 * restore), written once over a small description of each kind.
 */
export interface FirewallKindStore<Row> {
  kind: FirewallKind;
  /** The company's objects of these guids, locked for the transaction when `lock`. */
  rows(db: Db, companyGuid: string, guids: readonly string[], lock: boolean): Promise<Row[]>;
  snapshot(db: Db, row: Row): Promise<Snapshot>;
  /** When the object last changed before there was a history. */
  dated(row: Row): Date;
}

export const ruleStore: FirewallKindStore<RuleRow> = {
  kind: 'RULE',
  rows(db, companyGuid, guids, lock) {
    const q = db
      .select()
      .from(firewallRules)
      .where(and(inArray(firewallRules.guid, [...guids]), eq(firewallRules.companyGuid, companyGuid)));
    return lock ? q.for('update') : q;
  },
  snapshot: async (_db, row) => ruleSnapshot(row),
  dated: (row) => row.dateUpdated ?? row.dateCreated,
};

export const rulesetStore: FirewallKindStore<RulesetRow> = {
  kind: 'RULESET',
  rows(db, companyGuid, guids, lock) {
    const q = db
      .select()
      .from(firewallRulesets)
      .where(and(inArray(firewallRulesets.guid, [...guids]), eq(firewallRulesets.companyGuid, companyGuid)));
    return lock ? q.for('update') : q;
  },
  snapshot: rulesetSnapshot,
  dated: (row) => row.dateCreated,
};

export const policyStore: FirewallKindStore<PolicyRow> = {
  kind: 'POLICY',
  rows(db, companyGuid, guids, lock) {
    const q = db
      .select()
      .from(firewallPolicies)
      .where(and(inArray(firewallPolicies.guid, [...guids]), eq(firewallPolicies.companyGuid, companyGuid)));
    return lock ? q.for('update') : q;
  },
  snapshot: policySnapshot,
  dated: (row) => row.dateCreated,
};

/** A bulk delete's selection, all or none: the company's objects locked, or 404 with `gone` when one is missing. */
export async function lockedSelection<Row>(tx: Db, store: FirewallKindStore<Row>, companyGuid: string, guids: readonly string[], gone: string): Promise<Row[]> {
  const rows = await store.rows(tx, companyGuid, guids, true);
  if (rows.length !== new Set(guids).size) throw notFound(gone);
  return rows;
}

/** One page of an object's history (404 with `missing` when it has neither a row nor a version). */
export async function historyOf<Row>(db: Db, store: FirewallKindStore<Row>, companyGuid: string, guid: string, paging: Paging, missing: string) {
  const page = await historyPage(db, store.kind, companyGuid, guid, paging, async () => {
    const [row] = await store.rows(db, companyGuid, [guid], false);
    return row ? { snapshot: await store.snapshot(db, row), dated: store.dated(row) } : null;
  });
  if (!page) throw notFound(missing);
  return page;
}

/**
 * A restore's first steps, in its transaction: two restores of one object wait for each other
 * (so a deleted one is re-created once), the object as it stands is kept as the baseline, and
 * the version asked for is read (404: `noVersion` for an object that exists, `noObject` otherwise).
 */
export async function versionToRestore<Row>(
  tx: Db,
  store: FirewallKindStore<Row>,
  companyGuid: string,
  guid: string,
  version: number,
  messages: { noVersion: string; noObject: string },
) {
  await lockKey(tx, `firewall-version:${guid}`);
  const [current] = await store.rows(tx, companyGuid, [guid], true);
  if (current) await recordBaseline(tx, store.kind, companyGuid, await store.snapshot(tx, current), store.dated(current));
  const old = await versionOf(tx, store.kind, companyGuid, guid, version);
  if (!old) throw notFound(current ? messages.noVersion : messages.noObject);
  return { current, old };
}
