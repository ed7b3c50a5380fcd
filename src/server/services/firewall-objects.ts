import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FirewallPolicyAnswer, FirewallRuleAnswer, FirewallRulesetAnswer } from '../../lib/api/firewall';
import { UNKNOWN_DOMAIN, UNKNOWN_DOMAIN_GROUP, UNKNOWN_RULE, UNKNOWN_RULESET } from '../../lib/schemas/firewall';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import {
  domainGroups,
  domains,
  firewallPolicies,
  firewallPolicyDomainGroups,
  firewallPolicyDomains,
  firewallPolicyRules,
  firewallPolicyRulesets,
  firewallRules,
  firewallRulesetRules,
  firewallRulesets,
} from '../db/schema/index';
import { badRequest, notFound } from '../http/errors';
import { isAllowed, restrictTo } from './access';
import type { PolicySnapshot, RuleSnapshot, RulesetSnapshot } from './firewall-history';

/**
 * The company's firewall rules, rulesets and policies as the API answers them and as their
 * history keeps them, and the checks on what a ruleset or policy names (spec part 2, 3 and 7.6).
 */

export type RuleRow = typeof firewallRules.$inferSelect;
export type RulesetRow = typeof firewallRulesets.$inferSelect;
export type PolicyRow = typeof firewallPolicies.$inferSelect;
type Status = 'ACTIVE' | 'DISABLED';

const statusOf = (s: string): Status => (s === 'DISABLED' ? 'DISABLED' : 'ACTIVE');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The company's object of a table by guid, locked for the transaction when `lock`; 404 with `message` otherwise. */
export async function companyRule(db: Db, company: CompanyContext, guid: string, message: string, lock = false): Promise<RuleRow> {
  const q = db
    .select()
    .from(firewallRules)
    .where(and(eq(firewallRules.guid, guid), eq(firewallRules.companyGuid, company.guid)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(message);
  return row;
}

export async function companyRuleset(db: Db, company: CompanyContext, guid: string, message: string, lock = false): Promise<RulesetRow> {
  const q = db
    .select()
    .from(firewallRulesets)
    .where(and(eq(firewallRulesets.guid, guid), eq(firewallRulesets.companyGuid, company.guid)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(message);
  return row;
}

export async function companyPolicy(db: Db, company: CompanyContext, guid: string, message: string, lock = false): Promise<PolicyRow> {
  const q = db
    .select()
    .from(firewallPolicies)
    .where(and(eq(firewallPolicies.guid, guid), eq(firewallPolicies.companyGuid, company.guid)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(message);
  return row;
}

/** How many distinct policies bring each rule, directly or by one of its rulesets. */
async function policiesPerRule(db: Db, ruleGuids: string[]): Promise<Map<string, number>> {
  if (!ruleGuids.length) return new Map();
  const direct = await db
    .select({ rule: firewallPolicyRules.ruleGuid, policy: firewallPolicyRules.policyGuid })
    .from(firewallPolicyRules)
    .where(inArray(firewallPolicyRules.ruleGuid, ruleGuids));
  const viaRulesets = await db
    .select({ rule: firewallRulesetRules.ruleGuid, policy: firewallPolicyRulesets.policyGuid })
    .from(firewallRulesetRules)
    .innerJoin(firewallPolicyRulesets, eq(firewallPolicyRulesets.rulesetGuid, firewallRulesetRules.rulesetGuid))
    .where(inArray(firewallRulesetRules.ruleGuid, ruleGuids));
  const sets = new Map<string, Set<string>>();
  for (const { rule, policy } of [...direct, ...viaRulesets]) sets.set(rule, (sets.get(rule) ?? new Set()).add(policy));
  return new Map([...sets].map(([rule, policies]) => [rule, policies.size]));
}

export async function ruleAnswers(db: Db, rows: RuleRow[]): Promise<FirewallRuleAnswer[]> {
  const attached = await policiesPerRule(
    db,
    rows.map((r) => r.guid),
  );
  return rows.map((r) => ({
    guid: r.guid,
    name: r.name,
    date_created: r.dateCreated.toISOString(),
    date_updated: iso(r.dateUpdated),
    status: statusOf(r.status),
    priority: r.priority,
    attached_to_policies: attached.get(r.guid) ?? 0,
    data: r.data as FirewallRuleAnswer['data'],
  }));
}

export const ruleAnswer = async (db: Db, row: RuleRow) => (await ruleAnswers(db, [row]))[0]!;

export const ruleSnapshot = (r: RuleRow): RuleSnapshot => ({
  guid: r.guid,
  name: r.name,
  priority: r.priority,
  status: r.status,
  date_created: r.dateCreated.toISOString(),
  data: r.data,
});

/** Rules by priority then name, the order the tab lists them in. */
const ruleOrder = [asc(firewallRules.priority), asc(firewallRules.name), asc(firewallRules.guid)];

async function rulesOfRulesets(db: Db, rulesetGuids: string[]) {
  if (!rulesetGuids.length) return [];
  return db
    .select({ owner: firewallRulesetRules.rulesetGuid, guid: firewallRules.guid, name: firewallRules.name, status: firewallRules.status })
    .from(firewallRulesetRules)
    .innerJoin(firewallRules, eq(firewallRules.guid, firewallRulesetRules.ruleGuid))
    .where(inArray(firewallRulesetRules.rulesetGuid, rulesetGuids))
    .orderBy(...ruleOrder);
}

export async function rulesetAnswers(db: Db, rows: RulesetRow[]): Promise<FirewallRulesetAnswer[]> {
  const rules = await rulesOfRulesets(
    db,
    rows.map((r) => r.guid),
  );
  return rows.map((r) => ({
    guid: r.guid,
    name: r.name,
    status: statusOf(r.status),
    date_created: r.dateCreated.toISOString(),
    rules: rules.filter((x) => x.owner === r.guid).map((x) => ({ guid: x.guid, name: x.name, status: statusOf(x.status) })),
  }));
}

export const rulesetAnswer = async (db: Db, row: RulesetRow) => (await rulesetAnswers(db, [row]))[0]!;

export async function rulesetSnapshot(db: Db, r: RulesetRow): Promise<RulesetSnapshot> {
  const rules = await rulesOfRulesets(db, [r.guid]);
  return { guid: r.guid, name: r.name, status: r.status, date_created: r.dateCreated.toISOString(), rules: rules.map((x) => ({ guid: x.guid, name: x.name })) };
}

/** What policies apply and where, every link with its group (for domains) so visibility can be judged. */
async function linksOf(db: Db, policyGuids: string[]) {
  if (!policyGuids.length) return { rulesets: [], rules: [], groups: [], domains: [] };
  const [rulesets, rules, groups, doms] = await Promise.all([
    db
      .select({ owner: firewallPolicyRulesets.policyGuid, guid: firewallRulesets.guid, name: firewallRulesets.name, status: firewallRulesets.status })
      .from(firewallPolicyRulesets)
      .innerJoin(firewallRulesets, eq(firewallRulesets.guid, firewallPolicyRulesets.rulesetGuid))
      .where(inArray(firewallPolicyRulesets.policyGuid, policyGuids))
      .orderBy(asc(firewallRulesets.name), asc(firewallRulesets.guid)),
    db
      .select({ owner: firewallPolicyRules.policyGuid, guid: firewallRules.guid, name: firewallRules.name, status: firewallRules.status })
      .from(firewallPolicyRules)
      .innerJoin(firewallRules, eq(firewallRules.guid, firewallPolicyRules.ruleGuid))
      .where(inArray(firewallPolicyRules.policyGuid, policyGuids))
      .orderBy(...ruleOrder),
    db
      .select({ owner: firewallPolicyDomainGroups.policyGuid, guid: domainGroups.guid, name: domainGroups.name })
      .from(firewallPolicyDomainGroups)
      .innerJoin(domainGroups, eq(domainGroups.guid, firewallPolicyDomainGroups.domainGroupGuid))
      .where(inArray(firewallPolicyDomainGroups.policyGuid, policyGuids))
      .orderBy(asc(domainGroups.name), asc(domainGroups.guid)),
    db
      .select({ owner: firewallPolicyDomains.policyGuid, guid: domains.guid, domain: domains.domain, group: domains.groupGuid })
      .from(firewallPolicyDomains)
      .innerJoin(domains, eq(domains.guid, firewallPolicyDomains.domainGuid))
      .where(inArray(firewallPolicyDomains.policyGuid, policyGuids))
      .orderBy(asc(domains.domain)),
  ]);
  return { rulesets, rules, groups, domains: doms };
}

/**
 * Policies as the member sees them: a member limited to some domain groups sees only those
 * groups and their domains among the policy's places (the others stay attached).
 */
export async function policyAnswers(db: Db, company: CompanyContext, rows: PolicyRow[]): Promise<FirewallPolicyAnswer[]> {
  const links = await linksOf(
    db,
    rows.map((r) => r.guid),
  );
  const allowed = company.allowedDomainGroups;
  return rows.map((p) => {
    const own = <T extends { owner: string }>(list: T[]) => list.filter((x) => x.owner === p.guid);
    return {
      guid: p.guid,
      name: p.name,
      priority: p.priority,
      status: statusOf(p.status),
      date_created: p.dateCreated.toISOString(),
      rulesets: own(links.rulesets).map((x) => ({ guid: x.guid, name: x.name, status: statusOf(x.status) })),
      rules: own(links.rules).map((x) => ({ guid: x.guid, name: x.name, status: statusOf(x.status) })),
      domain_groups: own(links.groups)
        .filter((g) => isAllowed(allowed, g.guid))
        .map((g) => ({ guid: g.guid, name: g.name })),
      domains: own(links.domains)
        .filter((d) => isAllowed(allowed, d.group))
        .map((d) => ({ guid: d.guid, domain: d.domain })),
    };
  });
}

export const policyAnswer = async (db: Db, company: CompanyContext, row: PolicyRow) => (await policyAnswers(db, company, [row]))[0]!;

export async function policySnapshot(db: Db, p: PolicyRow): Promise<PolicySnapshot> {
  const links = await linksOf(db, [p.guid]);
  const ref = (x: { guid: string; name: string }) => ({ guid: x.guid, name: x.name });
  return {
    guid: p.guid,
    name: p.name,
    priority: p.priority,
    status: p.status,
    date_created: p.dateCreated.toISOString(),
    rulesets: links.rulesets.map(ref),
    rules: links.rules.map(ref),
    domain_groups: links.groups.map(ref),
    domains: links.domains.map((d) => ({ guid: d.guid, name: d.domain })),
  };
}

/** Which of `guids` are the company's rules (`strict`: any other is refused by `field` with 400). */
export async function ownRules(db: Db, company: CompanyContext, guids: string[], field: string, strict = true): Promise<string[]> {
  if (!guids.length) return [];
  const found = await db
    .select({ guid: firewallRules.guid })
    .from(firewallRules)
    .where(and(inArray(firewallRules.guid, guids), eq(firewallRules.companyGuid, company.guid)));
  return known(guids, found, field, UNKNOWN_RULE, strict);
}

export async function ownRulesets(db: Db, company: CompanyContext, guids: string[], field: string, strict = true): Promise<string[]> {
  if (!guids.length) return [];
  const found = await db
    .select({ guid: firewallRulesets.guid })
    .from(firewallRulesets)
    .where(and(inArray(firewallRulesets.guid, guids), eq(firewallRulesets.companyGuid, company.guid)));
  return known(guids, found, field, UNKNOWN_RULESET, strict);
}

/** The company's domain groups among `guids` that the member may see. */
export async function visibleGroups(db: Db, company: CompanyContext, guids: string[], field: string, strict = true): Promise<string[]> {
  if (!guids.length) return [];
  const found = await db
    .select({ guid: domainGroups.guid })
    .from(domainGroups)
    .where(and(inArray(domainGroups.guid, guids), eq(domainGroups.companyGuid, company.guid), restrictTo(domainGroups.guid, company.allowedDomainGroups)));
  return known(guids, found, field, UNKNOWN_DOMAIN_GROUP, strict);
}

/** The company's domains (and subdomains) among `guids` in groups the member may see. */
export async function visibleDomains(db: Db, company: CompanyContext, guids: string[], field: string, strict = true): Promise<string[]> {
  if (!guids.length) return [];
  const found = await db
    .select({ guid: domains.guid })
    .from(domains)
    .where(and(inArray(domains.guid, guids), eq(domains.companyGuid, company.guid), restrictTo(domains.groupGuid, company.allowedDomainGroups)));
  return known(guids, found, field, UNKNOWN_DOMAIN, strict);
}

function known(asked: string[], found: { guid: string }[], field: string, message: string, strict: boolean): string[] {
  const have = new Set(found.map((f) => f.guid));
  if (strict && asked.some((g) => !have.has(g))) throw badRequest({ [field]: message });
  return asked.filter((g) => have.has(g));
}

export async function setRulesetRules(tx: Db, rulesetGuid: string, rules: string[]): Promise<void> {
  await tx.delete(firewallRulesetRules).where(eq(firewallRulesetRules.rulesetGuid, rulesetGuid));
  if (rules.length) await tx.insert(firewallRulesetRules).values(rules.map((ruleGuid) => ({ rulesetGuid, ruleGuid })));
}

export interface PolicyLinks {
  rulesets: string[];
  rules: string[];
  domain_groups: string[];
  domains: string[];
}

export async function setPolicyLinks(tx: Db, policyGuid: string, links: PolicyLinks): Promise<void> {
  await tx.delete(firewallPolicyRulesets).where(eq(firewallPolicyRulesets.policyGuid, policyGuid));
  await tx.delete(firewallPolicyRules).where(eq(firewallPolicyRules.policyGuid, policyGuid));
  await tx.delete(firewallPolicyDomainGroups).where(eq(firewallPolicyDomainGroups.policyGuid, policyGuid));
  await tx.delete(firewallPolicyDomains).where(eq(firewallPolicyDomains.policyGuid, policyGuid));
  if (links.rulesets.length) await tx.insert(firewallPolicyRulesets).values(links.rulesets.map((rulesetGuid) => ({ policyGuid, rulesetGuid })));
  if (links.rules.length) await tx.insert(firewallPolicyRules).values(links.rules.map((ruleGuid) => ({ policyGuid, ruleGuid })));
  if (links.domain_groups.length) await tx.insert(firewallPolicyDomainGroups).values(links.domain_groups.map((domainGroupGuid) => ({ policyGuid, domainGroupGuid })));
  if (links.domains.length) await tx.insert(firewallPolicyDomains).values(links.domains.map((domainGuid) => ({ policyGuid, domainGuid })));
}

/**
 * The places a change of a limited member leaves attached: groups and domains the member cannot
 * see stay as they were (they could neither see nor choose them); a full member's choice stands.
 */
export async function hiddenPlaces(db: Db, company: CompanyContext, policyGuid: string): Promise<{ domain_groups: string[]; domains: string[] }> {
  const allowed = company.allowedDomainGroups;
  if (!allowed.length) return { domain_groups: [], domains: [] };
  const links = await linksOf(db, [policyGuid]);
  return {
    domain_groups: links.groups.filter((g) => !isAllowed(allowed, g.guid)).map((g) => g.guid),
    domains: links.domains.filter((d) => !isAllowed(allowed, d.group)).map((d) => d.guid),
  };
}
