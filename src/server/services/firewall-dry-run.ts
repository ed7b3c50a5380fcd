import { and, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { FirewallDryRunAnswer } from '../../lib/api/firewall';
import { createMemoryRateCounter, decide, type DecisionAction, type FirewallRule, type FirewallRuleData } from '../../lib/firewall';
import { DRY_RUN_MAX_REQUESTS } from '../../lib/schemas/firewall';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { domains, edgeRequests, firewallRules, firewallRulesetRules, firewallRulesets } from '../db/schema/index';
import { recordedFirewallRequest } from '../edge/firewall-request';
import { ownRules, ownRulesets } from './firewall-objects';

/**
 * The firewall's dry run (issue 9 "Beyond the original"; docs/decisions.md "Firewall calls"): a
 * rule or a policy replayed through the one evaluator against the requests the edge recorded.
 */

/** Samples kept per decision. */
export const DRY_RUN_SAMPLES = 5;
/** The guid a rule not yet saved is tried under. */
const UNSAVED_RULE = '00000000-0000-4000-8000-000000000000';

/** A rule of the rule form, tried as if it were the only one (ACTIVE, whatever it will be saved as). */
export function unsavedRule(priority: number, data: FirewallRuleData): FirewallRule[] {
  return [{ guid: UNSAVED_RULE, priority, status: 'ACTIVE', data }];
}

/**
 * The rules a policy of the dialog would bring, as the edge reads a policy (firewall-rules.ts):
 * its rules and those of its ACTIVE rulesets, ACTIVE ones only (the evaluator drops the rest),
 * all at one policy priority. Guids that are not the company's are refused by their field.
 */
export async function policyRules(db: Db, company: CompanyContext, chosen: { rulesets: string[]; rules: string[] }): Promise<FirewallRule[]> {
  const [rulesets, direct] = await Promise.all([ownRulesets(db, company, chosen.rulesets, 'policy.rulesets'), ownRules(db, company, chosen.rules, 'policy.rules')]);
  const throughRulesets = rulesets.length
    ? db
        .select({ guid: firewallRulesetRules.ruleGuid })
        .from(firewallRulesetRules)
        .innerJoin(firewallRulesets, eq(firewallRulesets.guid, firewallRulesetRules.rulesetGuid))
        .where(and(inArray(firewallRulesetRules.rulesetGuid, rulesets), eq(firewallRulesets.status, 'ACTIVE')))
    : null;
  const picked = direct.length ? inArray(firewallRules.guid, direct) : null;
  const brought = throughRulesets ? inArray(firewallRules.guid, throughRulesets) : null;
  const where = picked && brought ? or(picked, brought) : (picked ?? brought);
  if (!where) return [];
  return db
    .select({ guid: firewallRules.guid, priority: firewallRules.priority, status: firewallRules.status, data: firewallRules.data })
    .from(firewallRules)
    .where(and(eq(firewallRules.companyGuid, company.guid), where));
}

/** The domains whose requests a dry run replays: a group's, or a domain with its subdomains (the edge applies a domain's policies to them). */
export async function dryRunDomains(db: Db, companyGuid: string, place: { group: string } | { domain: string }): Promise<string[]> {
  const where = 'group' in place ? eq(domains.groupGuid, place.group) : or(eq(domains.guid, place.domain), eq(domains.parentDomainGuid, place.domain));
  const rows = await db
    .select({ guid: domains.guid })
    .from(domains)
    .where(and(eq(domains.companyGuid, companyGuid), where));
  return rows.map((r) => r.guid);
}

type Sample = FirewallDryRunAnswer['samples'][DecisionAction][number];
export type DryRunOutcome = Omit<FirewallDryRunAnswer, 'period'>;

/**
 * Replays the newest `limit` requests of `domainGuids` recorded in [from, to), oldest first, each
 * at its own time, through the evaluator with a fresh rate counter, and counts the decisions.
 * A row whose path does not normalise (recorded before the edge refused such paths with 400)
 * reaches no rule, so it is left out of the counts and the total.
 */
export async function replayRequests(db: Db, rules: readonly FirewallRule[], domainGuids: string[], from: Date, to: Date, limit = DRY_RUN_MAX_REQUESTS): Promise<DryRunOutcome> {
  const samples: Record<DecisionAction, Sample[]> = { ALLOW: [], REJECT: [], REDIRECT: [], LIMITED: [] };
  const counts: Record<DecisionAction, number> = { ALLOW: 0, REJECT: 0, REDIRECT: 0, LIMITED: 0 };
  const newest = domainGuids.length
    ? await db
        .select({
          at: edgeRequests.at,
          path: edgeRequests.path,
          country: edgeRequests.country,
          bot: edgeRequests.bot,
          method: edgeRequests.method,
          host: edgeRequests.host,
          query: edgeRequests.query,
          userAgent: edgeRequests.userAgent,
          address: edgeRequests.address,
          asn: edgeRequests.asn,
          headers: edgeRequests.headers,
          domain: domains.domain,
        })
        .from(edgeRequests)
        .innerJoin(domains, eq(domains.guid, edgeRequests.domainGuid))
        .where(and(inArray(edgeRequests.domainGuid, domainGuids), gte(edgeRequests.at, from), lt(edgeRequests.at, to)))
        .orderBy(desc(edgeRequests.at), desc(edgeRequests.id))
        .limit(limit + 1)
    : [];
  const truncated = newest.length > limit;
  const rows = newest.slice(0, limit).reverse();
  const counter = createMemoryRateCounter();
  let total = 0;
  for (const row of rows) {
    const request = recordedFirewallRequest(row, row.domain);
    if (!request) continue;
    total++;
    const { action } = decide(request, rules, counter, row.at.getTime());
    counts[action]++;
    if (samples[action].length < DRY_RUN_SAMPLES)
      samples[action].push({
        time: row.at.toISOString(),
        method: row.method,
        host: request.host,
        path: request.query ? `${request.path}?${request.query}` : request.path,
        address: row.address,
        country: row.country,
        user_agent: row.userAgent,
      });
  }
  return { total, allowed: counts.ALLOW, rejected: counts.REJECT, redirected: counts.REDIRECT, limited: counts.LIMITED, truncated, samples };
}
