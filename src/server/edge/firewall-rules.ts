import { and, eq, inArray } from 'drizzle-orm';
import type { FirewallRule } from '../../lib/firewall';
import type { Db } from '../db/connection';
import { inSnapshot } from '../db/snapshot';
import {
  firewallPolicies,
  firewallPolicyDomainGroups,
  firewallPolicyDomains,
  firewallPolicyRules,
  firewallPolicyRulesets,
  firewallRules,
  firewallRulesetRules,
  firewallRulesets,
} from '../db/schema/index';
import type { LoadedSite } from './site';

/**
 * The firewall rules that govern a site (spec part 2, 2.10; docs/decisions.md "The edge enforces
 * the firewall"): those of the ACTIVE policies of its company attached to the domain or to its
 * domain group (for a subdomain, to its parent domain or the parent's group as well), brought
 * directly or through an ACTIVE ruleset, ACTIVE rules only, each with its policy's priority. A
 * rule brought twice comes twice; the evaluator's `orderRules` keeps its first place.
 *
 * The edge keeps each company's ACTIVE policies in memory (./site-index.ts): a change to any
 * rule, ruleset or policy of a company loads that company's again, whatever the number of its
 * domains, and each site picks its policies from them.
 */

/** An ACTIVE policy with what it is attached to and the ACTIVE rules it brings. */
export interface LoadedPolicy {
  guid: string;
  priority: number;
  domains: ReadonlySet<string>;
  groups: ReadonlySet<string>;
  rules: Omit<FirewallRule, 'policyPriority'>[];
}

export interface CompanyFirewall {
  company: string;
  policies: LoadedPolicy[];
}

/**
 * The ACTIVE policies of every company, or of the companies in `only` (each of them answered,
 * with no policies when it has none). One snapshot of the database.
 */
export async function loadFirewalls(db: Db, only?: string[]): Promise<CompanyFirewall[]> {
  if (only && only.length === 0) return [];
  return inSnapshot(db, (tx) => readFirewalls(tx, only));
}

async function readFirewalls(db: Db, only?: string[]): Promise<CompanyFirewall[]> {
  const active = eq(firewallPolicies.status, 'ACTIVE');
  const policies = await db
    .select({ guid: firewallPolicies.guid, company: firewallPolicies.companyGuid, priority: firewallPolicies.priority })
    .from(firewallPolicies)
    .where(only ? and(active, inArray(firewallPolicies.companyGuid, only)) : active);
  const byCompany = new Map<string, LoadedPolicy[]>((only ?? []).map((company) => [company, []]));
  if (!policies.length) return [...byCompany].map(([company, list]) => ({ company, policies: list }));
  const guids = policies.map((p) => p.guid);
  const rule = { guid: firewallRules.guid, priority: firewallRules.priority, status: firewallRules.status, data: firewallRules.data };
  // One after another: a transaction is one connection, which runs one statement at a time.
  const onDomains = await db
    .select({ policy: firewallPolicyDomains.policyGuid, key: firewallPolicyDomains.domainGuid })
    .from(firewallPolicyDomains)
    .where(inArray(firewallPolicyDomains.policyGuid, guids));
  const onGroups = await db
    .select({ policy: firewallPolicyDomainGroups.policyGuid, key: firewallPolicyDomainGroups.domainGroupGuid })
    .from(firewallPolicyDomainGroups)
    .where(inArray(firewallPolicyDomainGroups.policyGuid, guids));
  const direct = await db
    .select({ ...rule, policy: firewallPolicyRules.policyGuid })
    .from(firewallPolicyRules)
    .innerJoin(firewallRules, eq(firewallRules.guid, firewallPolicyRules.ruleGuid))
    .where(and(inArray(firewallPolicyRules.policyGuid, guids), eq(firewallRules.status, 'ACTIVE')));
  const throughRulesets = await db
    .select({ ...rule, policy: firewallPolicyRulesets.policyGuid })
    .from(firewallPolicyRulesets)
    .innerJoin(firewallRulesets, eq(firewallRulesets.guid, firewallPolicyRulesets.rulesetGuid))
    .innerJoin(firewallRulesetRules, eq(firewallRulesetRules.rulesetGuid, firewallRulesets.guid))
    .innerJoin(firewallRules, eq(firewallRules.guid, firewallRulesetRules.ruleGuid))
    .where(and(inArray(firewallPolicyRulesets.policyGuid, guids), eq(firewallRulesets.status, 'ACTIVE'), eq(firewallRules.status, 'ACTIVE')));
  const keysOf = (links: { policy: string; key: string }[]) => Map.groupBy(links, (l) => l.policy);
  const domainsOf = keysOf(onDomains);
  const groupsOf = keysOf(onGroups);
  const rulesOf = Map.groupBy([...direct, ...throughRulesets], (r) => r.policy);
  for (const policy of policies) {
    const list = byCompany.get(policy.company) ?? [];
    byCompany.set(policy.company, list);
    list.push({
      guid: policy.guid,
      priority: policy.priority,
      domains: new Set((domainsOf.get(policy.guid) ?? []).map((l) => l.key)),
      groups: new Set((groupsOf.get(policy.guid) ?? []).map((l) => l.key)),
      rules: (rulesOf.get(policy.guid) ?? []).map(({ policy: _policy, ...r }) => r),
    });
  }
  return [...byCompany].map(([company, list]) => ({ company, policies: list }));
}

/** The rules of the policies of `firewall` that govern `site`, each with its policy's priority. */
export function siteRules(site: Pick<LoadedSite, 'guid' | 'parentDomainGuid' | 'groupGuid' | 'parentGroupGuid'>, firewall: CompanyFirewall | undefined): FirewallRule[] {
  const rules: FirewallRule[] = [];
  for (const policy of firewall?.policies ?? []) {
    const governs =
      policy.domains.has(site.guid) ||
      policy.groups.has(site.groupGuid) ||
      (site.parentDomainGuid !== null && policy.domains.has(site.parentDomainGuid)) ||
      (site.parentGroupGuid !== null && policy.groups.has(site.parentGroupGuid));
    if (governs) for (const rule of policy.rules) rules.push({ ...rule, policyPriority: policy.priority });
  }
  return rules;
}
