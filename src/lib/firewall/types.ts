import type { RedirectCode } from '../schemas/redirects';
import type { TimeFrame } from './constants';

/**
 * A rule's body as stored and sent (spec part 2, 3 "Firewall rule"). Field, operator and action
 * names are plain strings here, as the database keeps them: the evaluator treats a name it does
 * not know as a condition that never matches, so a row from an older or newer panel never throws.
 */
export interface FirewallCondition {
  field: string;
  /** The header's name for `header`, the cookie's for `cookie`, the bot's display name for `predefined_bot`. */
  name?: string;
  operator: string;
  /** One value, or a list for list-type fields (a single value is read as a list of one). */
  value: string | string[];
  /**
   * Compare without case (issue 33): the operator's choice on a text field that otherwise keeps
   * case (path, query, referer, user agent, cookie, X-Forwarded-For, header); left out otherwise.
   */
  ignore_case?: boolean;
}

export interface FirewallAction {
  type: string;
  default_type: string;
  redirect_destination?: string;
  redirect_status_code?: number;
}

export interface FirewallRuleData {
  type: string;
  /** AND-groups, each a list of OR-conditions. */
  conditions: FirewallCondition[][];
  action: FirewallAction;
  max_requests?: number;
  time_frame?: TimeFrame | string;
}

/** A rule as the evaluator takes it: what the database row holds, plus its policy's priority. */
export interface FirewallRule {
  guid: string;
  priority: number;
  /** ACTIVE or DISABLED (spec part 2, 4.3); a rule without one is taken as ACTIVE. */
  status?: string;
  /**
   * The priority of the policy that brings the rule to the domain (the lowest, when several
   * do): policies are tried in their priority order, and rules in theirs within a policy.
   */
  policyPriority?: number;
  data: FirewallRuleData;
}

/** What the evaluator decides (docs/decisions.md "Firewall"); `rule` is the guid of the rule that decided. */
export type FirewallDecision =
  | { action: 'ALLOW'; rule: string | null; matched: boolean }
  | { action: 'REJECT'; rule: string; matched: boolean }
  | { action: 'REDIRECT'; rule: string; matched: boolean; destination: string; status: RedirectCode }
  | { action: 'LIMITED'; rule: string; matched: true; retryAfterSeconds: number };

export type DecisionAction = FirewallDecision['action'];
