import type { Context } from 'hono';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { POLICY_NOT_FOUND, type createPolicyOp, type updatePolicyOp } from '../../lib/api/firewall';
import { SELECT_GROUP_OR_DOMAIN, SELECT_RULESET_OR_RULE } from '../../lib/schemas/firewall';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { firewallPolicies } from '../db/schema/index';
import { problem } from '../http/errors';
import { editSummary, recordBaseline, recordVersion, statusSummary, type PolicySnapshot } from './firewall-history';
import { lockedSelection, policyStore, versionToRestore } from './firewall-kinds';
import {
  companyPolicy,
  hiddenPlaces,
  ownRules,
  ownRulesets,
  policyAnswers,
  policySnapshot,
  setPolicyLinks,
  visibleDomains,
  visibleGroups,
  type PolicyLinks,
  type PolicyRow,
} from './firewall-objects';

/** Firewall policies (spec part 2, 2.10, 5 "Firewall policy" and 7.6) and their history: every change is a version. */

type NewPolicy = ParsedInput<typeof createPolicyOp>['body'];
type PolicyChange = ParsedInput<typeof updatePolicyOp>['body'];

export const SOME_POLICIES_GONE = 'Some of the selected policies do not exist any more: reload the page and select again.';
export const POLICY_VERSION_EMPTY = 'What that version applied, or where, no longer exists, so it cannot be restored.';

const dated = (p: PolicyRow) => p.dateCreated;

export function policiesPage(db: Db, company: CompanyContext, paging: Paging) {
  const where = eq(firewallPolicies.companyGuid, company.guid);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      policyAnswers(
        db,
        company,
        await db
          .select()
          .from(firewallPolicies)
          .where(where)
          .orderBy(asc(firewallPolicies.priority), asc(firewallPolicies.name), asc(firewallPolicies.guid))
          .limit(limit)
          .offset(offset),
      ),
    () => countRows(db, firewallPolicies, where),
  );
}

/**
 * What the member chose, each checked to be the company's (and, for groups and domains, one the
 * member may see: `strict` refuses any other by its field, otherwise it is left out), with the
 * places a limited member cannot see kept as the policy had them.
 */
async function linksFor(db: Db, company: CompanyContext, chosen: PolicyLinks, policyGuid: string | null, strict: boolean): Promise<PolicyLinks> {
  const hidden = policyGuid ? await hiddenPlaces(db, company, policyGuid) : { domain_groups: [], domains: [] };
  return {
    rulesets: await ownRulesets(db, company, chosen.rulesets, 'rulesets', strict),
    rules: await ownRules(db, company, chosen.rules, 'rules', strict),
    domain_groups: [...new Set([...(await visibleGroups(db, company, chosen.domain_groups, 'domain_groups', strict)), ...hidden.domain_groups])],
    domains: [...new Set([...(await visibleDomains(db, company, chosen.domains, 'domains', strict)), ...hidden.domains])],
  };
}

async function deletePolicyRows(c: Context<AppEnv>, tx: Db, rows: PolicyRow[]) {
  const company = c.var.company;
  for (const row of rows) {
    const before = await policySnapshot(tx, row);
    await recordBaseline(tx, 'POLICY', company.guid, before, dated(row));
    await recordVersion(tx, { kind: 'POLICY', companyGuid: company.guid, snapshot: before, summary: 'Deleted', by: c.var.viewer.userGuid, now: c.var.deps.now() });
  }
  if (rows.length)
    await tx.delete(firewallPolicies).where(
      inArray(
        firewallPolicies.guid,
        rows.map((r) => r.guid),
      ),
    );
}

export async function createPolicy(c: Context<AppEnv>, body: NewPolicy): Promise<PolicyRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const links = await linksFor(tx, company, body, null, true);
    const [created] = await tx.insert(firewallPolicies).values({ companyGuid: company.guid, name: body.name, priority: body.priority, dateCreated: now() }).returning();
    await setPolicyLinks(tx, created!.guid, links);
    await recordVersion(tx, { kind: 'POLICY', companyGuid: company.guid, snapshot: await policySnapshot(tx, created!), summary: 'Created', by: c.var.viewer.userGuid, now: now() });
    return created!;
  });
}

/** Either a change of status, or of everything else the dialog sets. */
export async function updatePolicy(c: Context<AppEnv>, guid: string, body: PolicyChange, missing: string): Promise<PolicyRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const current = await companyPolicy(tx, company, guid, missing, true);
    const before = await policySnapshot(tx, current);
    let updated = current;
    if (body.status !== undefined) {
      if (body.status !== current.status)
        [updated] = (await tx.update(firewallPolicies).set({ status: body.status }).where(eq(firewallPolicies.guid, current.guid)).returning()) as [PolicyRow];
    } else {
      const chosen = { rulesets: body.rulesets ?? [], rules: body.rules ?? [], domain_groups: body.domain_groups ?? [], domains: body.domains ?? [] };
      const links = await linksFor(tx, company, chosen, current.guid, true);
      [updated] = (await tx.update(firewallPolicies).set({ name: body.name!, priority: body.priority! }).where(eq(firewallPolicies.guid, current.guid)).returning()) as [PolicyRow];
      await setPolicyLinks(tx, current.guid, links);
    }
    const after = await policySnapshot(tx, updated);
    const summary = body.status !== undefined ? (before.status === after.status ? null : statusSummary(after.status)) : editSummary('POLICY', before, after);
    if (summary) {
      await recordBaseline(tx, 'POLICY', company.guid, before, dated(current));
      await recordVersion(tx, { kind: 'POLICY', companyGuid: company.guid, snapshot: after, summary, by: c.var.viewer.userGuid, now: now() });
    }
    return updated;
  });
}

export async function deletePolicy(c: Context<AppEnv>, guid: string, missing: string): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => deletePolicyRows(c, tx, [await companyPolicy(tx, c.var.company, guid, missing, true)]));
}

/** All or none; answers how many went. */
export async function deletePolicies(c: Context<AppEnv>, guids: readonly string[]): Promise<number> {
  return c.var.deps.db.transaction(async (tx) => {
    const rows = await lockedSelection(tx, policyStore, c.var.company.guid, guids, SOME_POLICIES_GONE);
    await deletePolicyRows(c, tx, rows);
    return rows.length;
  });
}

/** Makes a policy what one of its versions was, with what of it still exists: it must still apply something somewhere. */
export async function restorePolicy(c: Context<AppEnv>, guid: string, version: number, missing: string): Promise<PolicyRow> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  return db.transaction(async (tx) => {
    const { current, old } = await versionToRestore(tx, policyStore, company.guid, guid, version, { noVersion: missing, noObject: POLICY_NOT_FOUND });
    const snapshot = old.snapshot as unknown as PolicySnapshot;
    const guids = (list: { guid: string }[]) => list.map((x) => x.guid);
    // What was deleted since is left out; the policy must still apply something somewhere (spec part 2, 5).
    const links = await linksFor(
      tx,
      company,
      { rulesets: guids(snapshot.rulesets), rules: guids(snapshot.rules), domain_groups: guids(snapshot.domain_groups), domains: guids(snapshot.domains) },
      current?.guid ?? null,
      false,
    );
    if (!links.rulesets.length && !links.rules.length) throw problem(409, `${POLICY_VERSION_EMPTY} ${SELECT_RULESET_OR_RULE}`, { code: 'version_unrestorable' });
    if (!links.domain_groups.length && !links.domains.length) throw problem(409, `${POLICY_VERSION_EMPTY} ${SELECT_GROUP_OR_DOMAIN}`, { code: 'version_unrestorable' });
    const values = { name: snapshot.name, priority: snapshot.priority, status: snapshot.status };
    const [restored] = current
      ? await tx.update(firewallPolicies).set(values).where(eq(firewallPolicies.guid, current.guid)).returning()
      : await tx
          .insert(firewallPolicies)
          .values({ ...values, guid, companyGuid: company.guid, dateCreated: new Date(snapshot.date_created) })
          .returning();
    await setPolicyLinks(tx, guid, links);
    await recordVersion(tx, {
      kind: 'POLICY',
      companyGuid: company.guid,
      snapshot: await policySnapshot(tx, restored!),
      summary: `Restored version ${old.version}`,
      by: c.var.viewer.userGuid,
      now: now(),
    });
    return restored!;
  });
}
