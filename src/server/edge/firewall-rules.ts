import { and, eq, inArray, or } from 'drizzle-orm';
import type { FirewallRule } from '../../lib/firewall';
import type { Db } from '../db/connection';
import {
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
import type { Site } from './site';

/**
 * The firewall rules that govern a site (spec part 2, 2.10; docs/decisions.md "The edge enforces
 * the firewall"): those of the ACTIVE policies attached to the domain or to its domain group
 * (for a subdomain, to its parent domain or the parent's group as well), brought directly or
 * through an ACTIVE ruleset, ACTIVE rules only, each with its policy's priority. A rule brought
 * twice comes twice; the evaluator's `orderRules` keeps its first place.
 */
export async function loadSiteRules(db: Db, site: Pick<Site, 'guid' | 'companyGuid' | 'parentDomainGuid'>): Promise<FirewallRule[]> {
  const scope = site.parentDomainGuid ? [site.guid, site.parentDomainGuid] : [site.guid];
  const groupsInScope = db.select({ guid: domains.groupGuid }).from(domains).where(inArray(domains.guid, scope));
  const attachedToDomain = db.select({ guid: firewallPolicyDomains.policyGuid }).from(firewallPolicyDomains).where(inArray(firewallPolicyDomains.domainGuid, scope));
  const attachedToGroup = db
    .select({ guid: firewallPolicyDomainGroups.policyGuid })
    .from(firewallPolicyDomainGroups)
    .where(inArray(firewallPolicyDomainGroups.domainGroupGuid, groupsInScope));
  const policies = await db
    .select({ guid: firewallPolicies.guid, priority: firewallPolicies.priority })
    .from(firewallPolicies)
    .where(
      and(
        eq(firewallPolicies.companyGuid, site.companyGuid),
        eq(firewallPolicies.status, 'ACTIVE'),
        or(inArray(firewallPolicies.guid, attachedToDomain), inArray(firewallPolicies.guid, attachedToGroup)),
      ),
    );
  if (!policies.length) return [];
  const policyGuids = policies.map((p) => p.guid);
  const rule = { guid: firewallRules.guid, priority: firewallRules.priority, status: firewallRules.status, data: firewallRules.data };
  const [direct, throughRulesets] = await Promise.all([
    db
      .select({ ...rule, policyGuid: firewallPolicyRules.policyGuid })
      .from(firewallPolicyRules)
      .innerJoin(firewallRules, eq(firewallRules.guid, firewallPolicyRules.ruleGuid))
      .where(and(inArray(firewallPolicyRules.policyGuid, policyGuids), eq(firewallRules.status, 'ACTIVE'))),
    db
      .select({ ...rule, policyGuid: firewallPolicyRulesets.policyGuid })
      .from(firewallPolicyRulesets)
      .innerJoin(firewallRulesets, eq(firewallRulesets.guid, firewallPolicyRulesets.rulesetGuid))
      .innerJoin(firewallRulesetRules, eq(firewallRulesetRules.rulesetGuid, firewallRulesets.guid))
      .innerJoin(firewallRules, eq(firewallRules.guid, firewallRulesetRules.ruleGuid))
      .where(and(inArray(firewallPolicyRulesets.policyGuid, policyGuids), eq(firewallRulesets.status, 'ACTIVE'), eq(firewallRules.status, 'ACTIVE'))),
  ]);
  const priorityOf = new Map(policies.map((p) => [p.guid, p.priority]));
  return [...direct, ...throughRulesets].map(({ policyGuid, ...row }) => ({ ...row, policyPriority: priorityOf.get(policyGuid) ?? 0 }));
}

export interface SiteRuleCache {
  /** The site's rules, loaded at most once per `ttlMs` of the edge's clock; a burst shares one load. */
  rulesFor(site: Pick<Site, 'guid' | 'companyGuid' | 'parentDomainGuid'>, now: number): Promise<FirewallRule[]>;
}

interface Entry {
  loadedAt: number;
  rules: Promise<FirewallRule[]>;
}

/**
 * Rules per site for a short while, so a burst of requests does not read them from the database
 * each time while a change in the panel still applies within `ttlMs`. A clock that goes back
 * (a test's, or the system's) reloads. At `maxSites` the oldest entry is dropped. A failed load
 * is not kept: the next request tries again.
 */
export function createSiteRuleCache(db: Db, ttlMs: number, maxSites = 10_000, load = loadSiteRules): SiteRuleCache {
  const entries = new Map<string, Entry>();
  return {
    rulesFor(site, now) {
      const cached = entries.get(site.guid);
      if (cached && now >= cached.loadedAt && now - cached.loadedAt < ttlMs) return cached.rules;
      entries.delete(site.guid);
      if (entries.size >= maxSites) entries.delete(entries.keys().next().value!);
      const entry: Entry = { loadedAt: now, rules: load(db, site) };
      entry.rules.catch(() => {
        if (entries.get(site.guid) === entry) entries.delete(site.guid);
      });
      entries.set(site.guid, entry);
      return entry.rules;
    },
  };
}
