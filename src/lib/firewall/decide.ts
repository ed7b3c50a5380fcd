import { FALLBACK_REDIRECT_CODE, FIREWALL_REDIRECT_CODES } from './constants';
import { addressKey, parseClientIp } from '../ip';
import { matchesRule } from './match';
import { memoByText } from './memo';
import { limitOf, windowOf, type RateCounter } from './rate-limit';
import type { FirewallRequest } from './request';
import type { FirewallAction, FirewallDecision, FirewallRule } from './types';
import type { RedirectCode } from '../schemas/redirects';

/**
 * The firewall's one evaluator (issue 9; spec part 2, 2.10 and 3): what to do with a request,
 * given the rules that apply to its domain. Shared by the edge, the dry run and the panel; the
 * semantics are docs/decisions.md "Firewall".
 */

/**
 * The rules in the order they are tried: ACTIVE ones only, by their policy's priority, then
 * their own, lower numbers first, then by guid so every caller gets one order; a rule brought
 * twice (by a ruleset and directly, or by two policies) is tried once, at its first place.
 */
export function orderRules(rules: readonly FirewallRule[]): FirewallRule[] {
  const sorted = rules
    .filter((rule) => (rule.status ?? 'ACTIVE') === 'ACTIVE')
    .sort((a, b) => (a.policyPriority ?? 0) - (b.policyPriority ?? 0) || a.priority - b.priority || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0));
  const seen = new Set<string>();
  return sorted.filter((rule) => !seen.has(rule.guid) && seen.add(rule.guid));
}

/**
 * What an action of a rule says: ALLOW, REJECT or REDIRECT. A redirect without a destination
 * rejects (the rule meant to keep the request away); an unknown action says nothing.
 */
function say(type: string, action: FirewallAction, rule: string, matched: boolean): FirewallDecision | null {
  if (type === 'ALLOW') return { action: 'ALLOW', rule, matched };
  if (type === 'REJECT') return { action: 'REJECT', rule, matched };
  if (type !== 'REDIRECT') return null;
  const destination = action.redirect_destination?.trim();
  if (!destination) return { action: 'REJECT', rule, matched };
  const code = action.redirect_status_code;
  const status = FIREWALL_REDIRECT_CODES.includes(code as RedirectCode) ? (code as RedirectCode) : FALLBACK_REDIRECT_CODE;
  return { action: 'REDIRECT', rule, matched, destination, status };
}

/** One spelling per client for the counters (::ffff:1.2.3.4 and 1.2.3.4 are one client), kept: a client asks again and again. */
const spellingOf = memoByText((client: string) => {
  const address = parseClientIp(client);
  return address ? addressKey(address) : client;
});
const clientKey = (client: string | null): string => (client === null ? '' : spellingOf(client));

/**
 * Decides a request. Rules are tried in `orderRules` order; the first that has something to say
 * decides:
 * - a FIREWALL rule whose conditions match says its action (ALLOW, REJECT or REDIRECT);
 * - a rule whose conditions do not match says its default action when that is REJECT or
 *   REDIRECT; a default of ALLOW passes the request on to the next rule;
 * - a RATE_LIMIT rule counts the requests that match it, per client address, in fixed windows
 *   of its time frame: past max_requests it says LIMITED; within it, it passes the request on.
 * A request that no rule decides is allowed (`rule` null). `now` is ms since the epoch.
 */
export function decide(request: FirewallRequest, rules: readonly FirewallRule[], counter: RateCounter, now: number): FirewallDecision {
  return decideInOrder(request, orderRules(rules), counter, now);
}

/** `decide` for rules already in `orderRules` order: the edge orders a site's rules once, not per request. */
export function decideInOrder(request: FirewallRequest, ordered: readonly FirewallRule[], counter: RateCounter, now: number): FirewallDecision {
  for (const rule of ordered) {
    const { data } = rule;
    const matched = matchesRule(request, data.conditions);
    if (!matched) {
      const fallback = data.action.default_type === 'ALLOW' ? null : say(data.action.default_type, data.action, rule.guid, false);
      if (fallback) return fallback;
      continue;
    }
    if (data.type === 'RATE_LIMIT') {
      const { maxRequests, timeFrame } = limitOf(data);
      const window = windowOf(now, timeFrame);
      const count = counter.hit(`${rule.guid} ${clientKey(request.client)}`, window.start, window.end);
      if (count > maxRequests) return { action: 'LIMITED', rule: rule.guid, matched: true, retryAfterSeconds: Math.ceil((window.end - now) / 1000) };
      continue;
    }
    if (data.type !== 'FIREWALL') continue;
    const verdict = say(data.action.type, data.action, rule.guid, true);
    if (verdict) return verdict;
  }
  return { action: 'ALLOW', rule: null, matched: false };
}
