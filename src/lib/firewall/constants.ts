import { REDIRECT_CODES, type RedirectCode } from '../schemas/redirects';

/** Firewall constants (spec part 2, 3 "Firewall rule" and 9). */

export const RULE_TYPES = ['FIREWALL', 'RATE_LIMIT'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** What a rule does with a request: its action when its conditions match, its default action when they do not. */
export const RULE_ACTIONS = ['ALLOW', 'REJECT', 'REDIRECT'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** Spec part 2, 9: time frames of a rate limit. */
export const TIME_FRAMES = ['SECOND', 'MINUTE'] as const;
export type TimeFrame = (typeof TIME_FRAMES)[number];
export const TIME_FRAME_MS: Record<TimeFrame, number> = { SECOND: 1_000, MINUTE: 60_000 };

/** Spec part 2, 9: the default rate limit is 150 requests per MINUTE. */
export const DEFAULT_MAX_REQUESTS = 150;
export const DEFAULT_TIME_FRAME: TimeFrame = 'MINUTE';

/** Spec part 2, 9: priority 0 to 9999; lower numbers are tried first (docs/decisions.md "Firewall"). */
export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 9999;

/** Spec part 2, 5: a redirect rule answers one of the shared redirect codes. */
export const FIREWALL_REDIRECT_CODES: readonly RedirectCode[] = REDIRECT_CODES;
/**
 * The code of a stored redirect rule whose code is missing or not one of the five: 302, since
 * a firewall redirect depends on who asks and must not be cached as permanent.
 */
export const FALLBACK_REDIRECT_CODE: RedirectCode = 302;

/**
 * Longest REGEX pattern the evaluator compiles; a longer one never matches. Patterns run on
 * every request at the edge, so they are kept short (JavaScript has no regex time limit).
 */
export const REGEX_MAX_LENGTH = 256;

/** Rule, ruleset and policy states (spec part 2, 4.3); only ACTIVE rules are evaluated. */
export const FIREWALL_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type FirewallStatus = (typeof FIREWALL_STATUSES)[number];
