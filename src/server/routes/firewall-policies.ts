import type { Context } from 'hono';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  createPolicyOp,
  deletePoliciesOp,
  deletePolicyOp,
  getPolicyOp,
  listPoliciesOp,
  POLICY_NOT_FOUND,
  policyHistoryOp,
  restorePolicyOp,
  updatePolicyOp,
} from '../../lib/api/firewall';
import { POLICIES_DELETED, POLICY_CREATED, POLICY_DELETED, POLICY_RESTORED, POLICY_UPDATED, SELECT_GROUP_OR_DOMAIN, SELECT_RULESET_OR_RULE } from '../../lib/schemas/firewall';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { firewallPolicies } from '../db/schema/index';
import { problem } from '../http/errors';
import { implement } from '../http/operation';
import { editSummary, recordBaseline, recordVersion, statusSummary, type PolicySnapshot } from '../services/firewall-history';
import { historyOf, lockedSelection, policyStore, versionToRestore } from '../services/firewall-kinds';
import {
  companyPolicy,
  hiddenPlaces,
  ownRules,
  ownRulesets,
  policyAnswer,
  policyAnswers,
  policySnapshot,
  setPolicyLinks,
  visibleDomains,
  visibleGroups,
  type PolicyLinks,
  type PolicyRow,
} from '../services/firewall-objects';

/** The Policies tab and its dialog (spec part 2, 2.10, 5 "Firewall policy" and 7.6), with each policy's history. */

export const SOME_POLICIES_GONE = 'Some of the selected policies do not exist any more: reload the page and select again.';
export const POLICY_VERSION_EMPTY = 'What that version applied, or where, no longer exists, so it cannot be restored.';

const dated = (p: PolicyRow) => p.dateCreated;

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

async function deletePolicies(c: Context<AppEnv>, tx: Db, rows: PolicyRow[]) {
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

export const firewallPolicyOperations = [
  implement(listPoliciesOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const where = eq(firewallPolicies.companyGuid, c.var.company.guid);
    return pageOfRows(
      query,
      async (limit, offset) =>
        policyAnswers(db, c.var.company, await db.select().from(firewallPolicies).where(where).orderBy(asc(firewallPolicies.priority), asc(firewallPolicies.name), asc(firewallPolicies.guid)).limit(limit).offset(offset)),
      () => countRows(db, firewallPolicies, where),
    );
  }),

  implement(createPolicyOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const links = await linksFor(db, company, body, null, true);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(firewallPolicies).values({ companyGuid: company.guid, name: body.name, priority: body.priority, dateCreated: now() }).returning();
      await setPolicyLinks(tx, created!.guid, links);
      await recordVersion(tx, { kind: 'POLICY', companyGuid: company.guid, snapshot: await policySnapshot(tx, created!), summary: 'Created', by: c.var.viewer.userGuid, now: now() });
      return created!;
    });
    return { message: POLICY_CREATED, policy: await policyAnswer(db, company, row) };
  }),

  implement(getPolicyOp, async (c, { params }) => policyAnswer(c.var.deps.db, c.var.company, await companyPolicy(c.var.deps.db, c.var.company, params.guid, getPolicyOp.notFound))),

  implement(updatePolicyOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const row = await db.transaction(async (tx) => {
      const current = await companyPolicy(tx, company, params.guid, updatePolicyOp.notFound, true);
      const before = await policySnapshot(tx, current);
      let updated = current;
      if (body.status !== undefined) {
        if (body.status !== current.status) [updated] = (await tx.update(firewallPolicies).set({ status: body.status }).where(eq(firewallPolicies.guid, current.guid)).returning()) as [PolicyRow];
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
    return { message: POLICY_UPDATED, policy: await policyAnswer(db, company, row) };
  }),

  implement(deletePolicyOp, async (c, { params }) => {
    await c.var.deps.db.transaction(async (tx) => deletePolicies(c, tx, [await companyPolicy(tx, c.var.company, params.guid, deletePolicyOp.notFound, true)]));
    return { message: POLICY_DELETED };
  }),

  implement(deletePoliciesOp, async (c, { body }) => {
    const deleted = await c.var.deps.db.transaction(async (tx) => {
      const rows = await lockedSelection(tx, policyStore, c.var.company.guid, body.policies, SOME_POLICIES_GONE);
      await deletePolicies(c, tx, rows);
      return rows.length;
    });
    return { message: POLICIES_DELETED, deleted };
  }),

  implement(policyHistoryOp, (c, { params, query }) => historyOf(c.var.deps.db, policyStore, c.var.company.guid, params.guid, query, policyHistoryOp.notFound)),

  implement(restorePolicyOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const row = await db.transaction(async (tx) => {
      const { current, old } = await versionToRestore(tx, policyStore, company.guid, params.guid, params.version, { noVersion: restorePolicyOp.notFound, noObject: POLICY_NOT_FOUND });
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
            .values({ ...values, guid: params.guid, companyGuid: company.guid, dateCreated: new Date(snapshot.date_created) })
            .returning();
      await setPolicyLinks(tx, params.guid, links);
      await recordVersion(tx, { kind: 'POLICY', companyGuid: company.guid, snapshot: await policySnapshot(tx, restored!), summary: `Restored version ${old.version}`, by: c.var.viewer.userGuid, now: now() });
      return restored!;
    });
    return { message: POLICY_RESTORED, policy: await policyAnswer(db, company, row) };
  }),
];
