import { z } from 'zod/mini';
import {
  DEFAULT_MAX_REQUESTS,
  DEFAULT_TIME_FRAME,
  FIELDS,
  FIREWALL_REDIRECT_CODES,
  FIREWALL_STATUSES,
  isFieldKey,
  isOperator,
  mayIgnoreCase,
  OPERATOR_LABELS,
  PREDEFINED_BOTS,
  PRIORITY_MAX,
  PRIORITY_MIN,
  REGEX_MAX_LENGTH,
  RULE_ACTIONS,
  RULE_TYPES,
  TIME_FRAMES,
  type FieldKey,
  type FirewallCondition,
  type FirewallRuleData,
  type RuleAction,
} from '../firewall/index';
import { compilePattern } from '../firewall/regex';
import { parseCidr, parseIp } from '../ip';
import { pagingSchema } from './lists';
import { LIMITS, required } from './text';

/**
 * The firewall's forms and bodies (spec part 2, 2.10, 3 "Firewall rule", "Firewall policy",
 * "Firewall ruleset", 5 and 9): the rule form, the policy and ruleset dialogs, the status
 * switches and the bulk deletes. The panel checks its forms with these schemas and the server
 * checks the same bodies with them; fields, operators, list-type fields and constants come
 * from the evaluator (src/lib/firewall), so the form offers what the edge enforces.
 */

// Spec part 2, 5 "Firewall rule": the rule form's sentences.
export const ENTER_RULE_NAME = 'Please enter a name for your rule!';
export const PRIORITY_NOT_NUMBER = 'Priority must be a number between 0 and 9999!';
export const PRIORITY_OUT_OF_RANGE = 'Priority must be between 0 and 9999!';
export const ENTER_CONDITION = 'Please enter at least 1 condition!';
export const MAX_REQUESTS_POSITIVE = 'Maximum number of requests must be a positive number!';
export const ENTER_REDIRECT_DESTINATION = 'Please enter the redirect destination!';
export const REDIRECT_DESTINATION_SCHEME = 'The redirect destination must start with http(s)://!';
export const ENTER_REDIRECT_CODE = 'Please enter the redirect status code!';
export const REDIRECT_CODE_INVALID = 'Invalid redirect status code!';
// Spec part 2, 5 "Firewall policy" and "Ruleset".
export const ENTER_POLICY_NAME = "Enter your policy's name!";
export const SELECT_RULESET_OR_RULE = 'Select at least one ruleset or rule!';
export const SELECT_GROUP_OR_DOMAIN = 'Select at least one domain group or domain!';
export const ENTER_RULESET_NAME = "Enter your ruleset's name!";
export const SELECT_RULE = 'Select at least 1 firewall rule!';

// Decided: what section 5 leaves without a sentence (docs/decisions.md "Firewall calls").
export const CHOOSE_RULE_TYPE = 'Please choose the rule type: FIREWALL or RATE_LIMIT!';
export const CHOOSE_ACTION = 'Please choose the action: ALLOW, REJECT or REDIRECT!';
export const CHOOSE_DEFAULT_ACTION = 'Please choose the default action: ALLOW, REJECT or REDIRECT!';
export const CHOOSE_TIME_FRAME = 'Please choose the time frame: SECOND or MINUTE!';
export const CHOOSE_FIELD = 'Please choose a field for each condition!';
export const CHOOSE_OPERATOR = 'Please choose an operator for each condition!';
export const ENTER_VALUE = 'Please enter a value for each condition!';
export const ENTER_VALUES = 'Please enter at least one value for each condition!';
export const ENTER_HEADER_NAME = "Please enter the request header's name!";
export const HEADER_NAME_INVALID = 'A header name holds only letters, digits and - _ . characters.';
export const CHOOSE_BOT = 'Please choose one of the predefined bots!';
export const IS_BOT_VALUE = 'Is bot is either true or false.';
export const IGNORE_CASE_VALUE = 'Ignore case is either true or false.';
export const PATTERN_INVALID = 'The regular expression does not compile.';
export const STATUS_INVALID = 'Status must be ACTIVE or DISABLED.';
export const STATUS_OR_CHANGE = 'Send either the status alone, or the other fields without it.';
export const SELECT_RULES_TO_DELETE = 'Please select at least one firewall rule to delete!';
export const SELECT_RULESETS_TO_DELETE = 'Please select at least one ruleset to delete!';
export const SELECT_POLICIES_TO_DELETE = 'Please select at least one policy to delete!';

// Spec part 2, 8: 'Firewall rule successfully created!' (and updated, deleted; the same for policy and ruleset).
export const RULE_CREATED = 'Firewall rule successfully created!';
export const RULE_UPDATED = 'Firewall rule successfully updated!';
export const RULE_DELETED = 'Firewall rule successfully deleted!';
export const RULESET_CREATED = 'Firewall ruleset successfully created!';
export const RULESET_UPDATED = 'Firewall ruleset successfully updated!';
export const RULESET_DELETED = 'Firewall ruleset successfully deleted!';
export const POLICY_CREATED = 'Firewall policy successfully created!';
export const POLICY_UPDATED = 'Firewall policy successfully updated!';
export const POLICY_DELETED = 'Firewall policy successfully deleted!';
// Decided after section 8's pattern: bulk deletes and restores.
export const RULES_DELETED = 'Firewall rules successfully deleted!';
export const RULESETS_DELETED = 'Firewall rulesets successfully deleted!';
export const POLICIES_DELETED = 'Firewall policies successfully deleted!';
export const RULE_RESTORED = 'Firewall rule successfully restored!';
export const RULESET_RESTORED = 'Firewall ruleset successfully restored!';
export const POLICY_RESTORED = 'Firewall policy successfully restored!';

/** Limits of one rule: the edge tries every condition of every active rule on each request. */
export const MAX_CONDITION_GROUPS = 20;
export const MAX_CONDITIONS_PER_GROUP = 20;
export const MAX_LIST_VALUES = 1000;
export const MAX_VALUE_LENGTH = 1000;
/** A rate limit counts at most this many requests in its time frame. */
export const MAX_REQUESTS_LIMIT = 1_000_000;
/** How many objects one selection (a ruleset, a policy, a bulk delete) may name. */
export const MAX_SELECTED = 1000;

const NAME_LIMIT = LIMITS.name;
const DESTINATION_MAX = 2000;
/** An HTTP header name (RFC 9110 token), as the form takes it. */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

type Issue = { path: PropertyKey[]; message: string };

/** Numbers the form sends as typed text are read as numbers; '' stays text (and is refused). */
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** Spec part 2, 5: priority 0 to 9999, a number (`notNumber`) and within range (`outOfRange`). */
const priority = (notNumber: string, outOfRange: string) =>
  z.pipe(z.transform(numberFromText), z.number({ error: notNumber }).check(z.int(notNumber), z.gte(PRIORITY_MIN, outOfRange), z.lte(PRIORITY_MAX, outOfRange)));

/** A condition as the form sends it; everything beyond its shape is checked in `checkCondition`, so every sentence shows at once. */
const conditionInput = z.object({
  field: z.optional(z.string({ error: CHOOSE_FIELD })),
  operator: z.optional(z.string({ error: CHOOSE_OPERATOR })),
  name: z.optional(z.nullable(z.string({ error: ENTER_HEADER_NAME }))),
  value: z.optional(z.nullable(z.union([z.string(), z.boolean(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: ENTER_VALUE }))),
  ignore_case: z.optional(z.nullable(z.boolean({ error: IGNORE_CASE_VALUE }))),
});
type ConditionInput = z.output<typeof conditionInput>;

/** Each list value as the evaluator reads it, or why it cannot be one. */
const LIST_VALUE: Partial<Record<FieldKey, (value: string) => string | { problem: string }>> = {
  request_method: (v) => (/^[A-Za-z]{1,20}$/.test(v) ? v.toUpperCase() : { problem: `${v} is not a request method such as GET or POST.` }),
  ip_address: (v) => (parseIp(v) ? v : { problem: `${v} is not an IP address.` }),
  cidr: (v) => (parseCidr(v) ? v : { problem: `${v} is not a CIDR range such as 192.0.2.0/24.` }),
  asn: (v) => (/^(?:AS)?\d{1,10}$/i.test(v) ? v.toUpperCase() : { problem: `${v} is not an autonomous system number such as AS13335.` }),
  country: (v) => (/^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : { problem: `${v} is not a two-letter country code such as DE.` }),
};

const asText = (value: ConditionInput['value']): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;

/**
 * One condition checked against its field (spec part 2, 3 and 5 "Firewall rule form behaviour"):
 * the operator must be one the field allows (the text operators are disabled for list-type
 * fields), list-type fields take a list of values, a header names itself, a predefined bot is
 * one of the list (its display name taken from it); a name other fields do not use is dropped, and
 * so is `ignore_case` where it changes nothing (list and choice fields, the host) or is not true.
 */
export function checkCondition(raw: ConditionInput): { condition: FirewallCondition } | { issues: Issue[] } {
  const issues: Issue[] = [];
  const fail = (path: string, message: string) => issues.push({ path: [path], message });
  if (!raw.field || !isFieldKey(raw.field)) {
    fail('field', CHOOSE_FIELD);
    return { issues };
  }
  const field = FIELDS[raw.field];
  const operator = raw.operator ?? '';
  if (!isOperator(operator)) fail('operator', CHOOSE_OPERATOR);
  else if (!field.operators.includes(operator)) fail('operator', `${field.label} cannot be compared with "${OPERATOR_LABELS[operator]}": choose equals or does not equal.`);
  const condition: FirewallCondition = { field: field.key, operator, value: '' };
  const ignoreCase = raw.ignore_case === true && mayIgnoreCase(field.key);

  if (field.named !== 'none') {
    const name = (raw.name ?? '').trim();
    if (field.named === 'required' && !name) fail('name', ENTER_HEADER_NAME);
    else if (name && !HEADER_NAME.test(name)) fail('name', HEADER_NAME_INVALID);
    if (name) condition.name = name;
  }

  if (field.takesList) {
    const list = (Array.isArray(raw.value) ? raw.value : raw.value == null ? [] : [raw.value]).map((v) => String(v).trim()).filter(Boolean);
    const values: string[] = [];
    for (const value of list) {
      const read = LIST_VALUE[field.key]!(value);
      if (typeof read !== 'string') {
        fail('value', read.problem);
        break;
      }
      if (!values.includes(read)) values.push(read);
    }
    if (!list.length) fail('value', ENTER_VALUES);
    else if (values.length > MAX_LIST_VALUES) fail('value', `A condition can hold at most ${MAX_LIST_VALUES} values.`);
    condition.value = values;
  } else if (field.key === 'is_bot') {
    const value = asText(raw.value)?.trim().toLowerCase();
    if (value !== 'true' && value !== 'false') fail('value', IS_BOT_VALUE);
    condition.value = value ?? '';
  } else if (field.key === 'predefined_bot') {
    const value = asText(raw.value)?.trim().toLowerCase();
    const bot = PREDEFINED_BOTS.find((b) => b.value === value);
    if (!bot) fail('value', CHOOSE_BOT);
    else Object.assign(condition, { name: bot.name, value: bot.value });
  } else {
    const value = asText(raw.value);
    if (value === null || Array.isArray(raw.value)) fail('value', value === null && !Array.isArray(raw.value) ? ENTER_VALUE : `${field.label} takes one value, not a list.`);
    else if (value === '') fail('value', ENTER_VALUE);
    else if (value.length > MAX_VALUE_LENGTH) fail('value', `A value can be at most ${MAX_VALUE_LENGTH} characters long.`);
    else if (operator === 'REGEX' && value.length > REGEX_MAX_LENGTH) fail('value', `A regular expression can be at most ${REGEX_MAX_LENGTH} characters long.`);
    else if (operator === 'REGEX' && !compilePattern(value, field.caseSensitive && !ignoreCase)) fail('value', PATTERN_INVALID);
    condition.value = value ?? '';
  }
  if (ignoreCase) condition.ignore_case = true;
  return issues.length ? { issues } : { condition };
}

const ruleDataInput = z.object({
  type: z.optional(z.string({ error: CHOOSE_RULE_TYPE })),
  conditions: z.optional(z.array(z.array(conditionInput, { error: ENTER_CONDITION }), { error: ENTER_CONDITION })),
  action: z.optional(
    z.object({
      type: z.optional(z.string({ error: CHOOSE_ACTION })),
      default_type: z.optional(z.string({ error: CHOOSE_DEFAULT_ACTION })),
      redirect_destination: z.optional(z.nullable(z.string({ error: ENTER_REDIRECT_DESTINATION }))),
      redirect_status_code: z.optional(z.nullable(z.union([z.number(), z.string()], { error: REDIRECT_CODE_INVALID }))),
    }),
  ),
  max_requests: z.optional(z.nullable(z.union([z.number(), z.string()], { error: MAX_REQUESTS_POSITIVE }))),
  time_frame: z.optional(z.nullable(z.string({ error: CHOOSE_TIME_FRAME }))),
});
type RuleDataInput = z.output<typeof ruleDataInput>;
/** A rule's body as a client sends it. */
export type RuleDataIn = z.input<typeof ruleDataInput>;

const isAction = (v: string | undefined): v is RuleAction => (RULE_ACTIONS as readonly (string | undefined)[]).includes(v);

/**
 * A rule's body checked and normalised in one pass, so the form shows every sentence at once
 * (spec part 2, 5): conditions (empty AND-groups dropped, at least one condition), the action
 * pair, the redirect fields when either action is REDIRECT (dropped otherwise), the rate fields
 * for RATE_LIMIT (150 per MINUTE unless given; dropped for FIREWALL).
 */
export function checkRuleData(raw: RuleDataInput): { data: FirewallRuleData } | { issues: Issue[] } {
  const issues: Issue[] = [];
  const fail = (path: PropertyKey[], message: string) => issues.push({ path, message });

  const type = raw.type && (RULE_TYPES as readonly string[]).includes(raw.type) ? raw.type : null;
  if (!type) fail(['type'], CHOOSE_RULE_TYPE);

  const groups = (raw.conditions ?? []).map((group, g) => ({ group, g })).filter(({ group }) => group.length > 0);
  const conditions: FirewallCondition[][] = [];
  if (!groups.length) fail(['conditions'], ENTER_CONDITION);
  else if (groups.length > MAX_CONDITION_GROUPS) fail(['conditions'], `A rule can have at most ${MAX_CONDITION_GROUPS} AND-groups.`);
  else
    for (const { group, g } of groups) {
      if (group.length > MAX_CONDITIONS_PER_GROUP) {
        fail(['conditions', g], `An AND-group can have at most ${MAX_CONDITIONS_PER_GROUP} conditions.`);
        continue;
      }
      const checked: FirewallCondition[] = [];
      group.forEach((condition, i) => {
        const result = checkCondition(condition);
        if ('issues' in result) for (const issue of result.issues) fail(['conditions', g, i, ...issue.path], issue.message);
        else checked.push(result.condition);
      });
      conditions.push(checked);
    }

  const actionType = raw.action?.type;
  const defaultType = raw.action?.default_type;
  if (!isAction(actionType)) fail(['action', 'type'], CHOOSE_ACTION);
  if (!isAction(defaultType)) fail(['action', 'default_type'], CHOOSE_DEFAULT_ACTION);
  const action: FirewallRuleData['action'] = { type: actionType ?? '', default_type: defaultType ?? '' };
  if (actionType === 'REDIRECT' || defaultType === 'REDIRECT') {
    const destination = (raw.action?.redirect_destination ?? '').trim();
    if (!destination) fail(['action', 'redirect_destination'], ENTER_REDIRECT_DESTINATION);
    else if (!/^https?:\/\/[^\s/?#]+/i.test(destination) || !URL.canParse(destination)) fail(['action', 'redirect_destination'], REDIRECT_DESTINATION_SCHEME);
    else if (destination.length > DESTINATION_MAX) fail(['action', 'redirect_destination'], `The redirect destination can be at most ${DESTINATION_MAX} characters long.`);
    const rawCode = raw.action?.redirect_status_code;
    const code = numberFromText(rawCode);
    if (rawCode == null || rawCode === '') fail(['action', 'redirect_status_code'], ENTER_REDIRECT_CODE);
    else if (!(FIREWALL_REDIRECT_CODES as readonly unknown[]).includes(code)) fail(['action', 'redirect_status_code'], REDIRECT_CODE_INVALID);
    Object.assign(action, { redirect_destination: destination, redirect_status_code: code });
  }

  const data: FirewallRuleData = { type: type ?? '', conditions, action };
  if (type === 'RATE_LIMIT') {
    const max = raw.max_requests == null || raw.max_requests === '' ? DEFAULT_MAX_REQUESTS : numberFromText(raw.max_requests);
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) fail(['max_requests'], MAX_REQUESTS_POSITIVE);
    else if (max > MAX_REQUESTS_LIMIT) fail(['max_requests'], `Maximum number of requests can be at most ${MAX_REQUESTS_LIMIT}.`);
    const timeFrame = raw.time_frame ?? DEFAULT_TIME_FRAME;
    if (!(TIME_FRAMES as readonly string[]).includes(timeFrame)) fail(['time_frame'], CHOOSE_TIME_FRAME);
    Object.assign(data, { max_requests: max, time_frame: timeFrame });
  }
  return issues.length ? { issues } : { data };
}

/** A rule's body (`rule` of the rule calls), checked and normalised by `checkRuleData`. */
export const ruleDataSchema = z.pipe(
  ruleDataInput,
  z.transform((raw, ctx): FirewallRuleData => {
    const result = checkRuleData(raw);
    if ('data' in result) return result.data;
    for (const issue of result.issues) ctx.issues.push({ code: 'custom', input: raw, path: issue.path, message: issue.message });
    return z.NEVER;
  }),
);

/** `POST /firewall/` and `POST /firewall/{guid}/` (spec part 2, 7.6: name, priority, rule), and the rule form. */
export const ruleSaveSchema = z.object({
  name: required(ENTER_RULE_NAME, NAME_LIMIT),
  priority: priority(PRIORITY_NOT_NUMBER, PRIORITY_OUT_OF_RANGE),
  // A missing body reads as an empty one, so the form's sentences say what it lacks.
  rule: z.pipe(
    z.transform((v: RuleDataIn | undefined) => v ?? {}),
    ruleDataSchema,
  ),
});
export type RuleSave = z.input<typeof ruleSaveSchema>;

/** The rule form's starting values (spec part 2, 5: type FIREWALL, action REJECT, default action ALLOW; 9: 150 per MINUTE). */
export const RULE_DEFAULTS = {
  type: 'FIREWALL',
  action: { type: 'REJECT', default_type: 'ALLOW' },
  max_requests: DEFAULT_MAX_REQUESTS,
  time_frame: DEFAULT_TIME_FRAME,
} as const;

/** The ACTIVE/DISABLED switch of a rule, ruleset or policy (spec part 2, 4.3). */
const status = z.enum(FIREWALL_STATUSES, { error: STATUS_INVALID });
export const firewallStatusSchema = z.object({ status });
export type FirewallStatusChange = z.input<typeof firewallStatusSchema>;

/** A list of guids the client picked (rules, rulesets, groups, domains); repeats are dropped. */
const guids = (unknown: string, empty?: string) =>
  z.pipe(
    z.transform((v: unknown) => (v == null ? [] : v)),
    z.array(z.guid(unknown), { error: unknown }).check(
      ...(empty ? [z.minLength(1, empty)] : []),
      z.maxLength(MAX_SELECTED, `Choose at most ${MAX_SELECTED} at once.`),
      z.overwrite((list) => [...new Set(list.map((g) => g.toLowerCase()))]),
    ),
  );

export const UNKNOWN_RULE = 'Unknown firewall rule: reload the page and choose again.';
export const UNKNOWN_RULESET = 'Unknown ruleset: reload the page and choose again.';
export const UNKNOWN_POLICY = 'Unknown policy: reload the page and choose again.';
export const UNKNOWN_DOMAIN_GROUP = 'Unknown domain group: reload the page and choose again.';
export const UNKNOWN_DOMAIN = 'Unknown domain: reload the page and choose again.';

const rulesetName = required(ENTER_RULESET_NAME, NAME_LIMIT);
const rulesetRules = guids(UNKNOWN_RULE, SELECT_RULE);

/** `POST /firewall/rulesets/` and the ruleset dialog (spec part 2, 5 "Ruleset"). */
export const rulesetCreateSchema = z.object({ name: rulesetName, rules: rulesetRules });
export type RulesetCreate = z.input<typeof rulesetCreateSchema>;

/**
 * A PATCH that is either the switch (`status` alone) or the dialog's fields without it (spec
 * part 2, 7.6: "PATCH body name and rules, or status"); `fields` lists the dialog's required ones
 * with the sentence each gets when missing.
 */
function statusOrChange<S extends z.core.$ZodShape>(shape: S, requiredFields: Record<string, string>) {
  return z.object({ ...shape, status: z.optional(status) }).check(
    z.superRefine((parsed, ctx) => {
      // The shape is generic here, so its fields are read by name.
      const body = parsed as Record<string, unknown>;
      const fields = Object.keys(shape).filter((k) => body[k] !== undefined);
      if (body.status !== undefined) {
        if (fields.length) ctx.issues.push({ code: 'custom', input: body, path: ['status'], message: STATUS_OR_CHANGE });
        return;
      }
      for (const [field, message] of Object.entries(requiredFields)) if (body[field] === undefined) ctx.issues.push({ code: 'custom', input: body, path: [field], message });
    }),
  );
}

/** `PATCH /firewall/rulesets/{guid}/`: name and rules, or status. */
export const rulesetPatchSchema = statusOrChange({ name: z.optional(rulesetName), rules: z.optional(rulesetRules) }, { name: ENTER_RULESET_NAME, rules: SELECT_RULE });
export type RulesetPatch = z.input<typeof rulesetPatchSchema>;

const policyFields = {
  name: required(ENTER_POLICY_NAME, NAME_LIMIT),
  // Spec part 2, 5 "Firewall policy" has one sentence for the priority.
  priority: priority(PRIORITY_NOT_NUMBER, PRIORITY_NOT_NUMBER),
  rulesets: z._default(guids(UNKNOWN_RULESET), []),
  rules: z._default(guids(UNKNOWN_RULE), []),
  domain_groups: z._default(guids(UNKNOWN_DOMAIN_GROUP), []),
  domains: z._default(guids(UNKNOWN_DOMAIN), []),
};

/**
 * A whole-body check that runs even when a field has its own sentence, so an empty form hears
 * every sentence at once; the body may then be malformed, so such checks read it defensively.
 */
const evenWithFieldIssues = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
const emptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/** Spec part 2, 5 "Firewall policy": something to apply and somewhere to apply it. */
const policyTargets = z.superRefine((body: { rulesets?: string[]; rules?: string[]; domain_groups?: string[]; domains?: string[] }, ctx) => {
  if (emptyList(body.rulesets) && emptyList(body.rules)) ctx.issues.push({ code: 'custom', input: body, path: ['rulesets'], message: SELECT_RULESET_OR_RULE });
  if (emptyList(body.domain_groups) && emptyList(body.domains)) ctx.issues.push({ code: 'custom', input: body, path: ['domain_groups'], message: SELECT_GROUP_OR_DOMAIN });
}, evenWithFieldIssues);

/** `POST /firewall/policies/` and the policy dialog. */
export const policyCreateSchema = z.object(policyFields).check(policyTargets);
export type PolicyCreate = z.input<typeof policyCreateSchema>;

/** `PATCH /firewall/policies/{guid}/`: the dialog's fields (as POST), or status. */
export const policyPatchSchema = statusOrChange(
  {
    name: z.optional(policyFields.name),
    priority: z.optional(policyFields.priority),
    rulesets: z.optional(guids(UNKNOWN_RULESET)),
    rules: z.optional(guids(UNKNOWN_RULE)),
    domain_groups: z.optional(guids(UNKNOWN_DOMAIN_GROUP)),
    domains: z.optional(guids(UNKNOWN_DOMAIN)),
  },
  { name: ENTER_POLICY_NAME, priority: PRIORITY_NOT_NUMBER },
).check(
  z.superRefine((body, ctx) => {
    if (body.status !== undefined) return;
    // Lists left out are empty, as the dialog would send them.
    const empty = (value: unknown) => value === undefined || emptyList(value);
    if (empty(body.rulesets) && empty(body.rules)) ctx.issues.push({ code: 'custom', input: body, path: ['rulesets'], message: SELECT_RULESET_OR_RULE });
    if (empty(body.domain_groups) && empty(body.domains)) ctx.issues.push({ code: 'custom', input: body, path: ['domain_groups'], message: SELECT_GROUP_OR_DOMAIN });
  }, evenWithFieldIssues),
);
export type PolicyPatch = z.input<typeof policyPatchSchema>;

/** `POST /firewall/delete/` (spec part 2, 7.6: rules). */
export const rulesDeleteSchema = z.object({ rules: guids(UNKNOWN_RULE, SELECT_RULES_TO_DELETE) });
export type RulesDelete = z.input<typeof rulesDeleteSchema>;
/**
 * `POST /firewall/rulesets/delete/`: the rulesets' guids in `rules`, as the spec's call names the
 * field; the original sent `selectedRules`, possibly empty, and an empty list is refused (spec
 * decisions, 2).
 */
export const rulesetsDeleteSchema = z.object({ rules: guids(UNKNOWN_RULESET, SELECT_RULESETS_TO_DELETE) });
export type RulesetsDelete = z.input<typeof rulesetsDeleteSchema>;
/** `POST /firewall/policies/delete/` (spec part 2, 7.6: policies). */
export const policiesDeleteSchema = z.object({ policies: guids(UNKNOWN_POLICY, SELECT_POLICIES_TO_DELETE) });
export type PoliciesDelete = z.input<typeof policiesDeleteSchema>;

/** The firewall tables' query: paging (spec part 2, 7.6: page, per_page). */
export const firewallListQuery = pagingSchema(100);
export type FirewallListQuery = z.input<typeof firewallListQuery>;

// The dry run (issue 9 "Beyond the original"; docs/decisions.md "Firewall calls").
/** A dry run replays at most this long a period, and at most this many of its newest requests. */
export const DRY_RUN_MAX_DAYS = 31;
export const DRY_RUN_DEFAULT_DAYS = 7;
export const DRY_RUN_MAX_REQUESTS = 50_000;
export const DRY_RUN_RULE_OR_POLICY = 'Send either a rule or a policy to try.';
export const DRY_RUN_GROUP_OR_DOMAIN = 'Choose a domain group or a domain to try it on.';
export const DRY_RUN_DATE = 'Enter a date such as 2026-11-23, or a date and time.';
export const DRY_RUN_PERIOD_ORDER = 'The period must end after it starts.';
export const DRY_RUN_PERIOD_TOO_LONG = `The period can be at most ${DRY_RUN_MAX_DAYS} days long.`;

const DAY_MS = 86_400_000;
const dryRunDate = z.union([z.iso.date({ error: DRY_RUN_DATE }), z.iso.datetime({ offset: true, error: DRY_RUN_DATE })], { error: DRY_RUN_DATE });

/**
 * A period's bounds as instants: a date alone starts at its midnight (UTC) for `from` and ends at
 * the next for `to`, so 2026-11-01..2026-11-30 takes both days whole.
 */
export function dryRunInstant(value: string, bound: 'from' | 'to'): number {
  if (value.length > 10) return Date.parse(value);
  return Date.parse(`${value}T00:00:00Z`) + (bound === 'to' ? DAY_MS : 0);
}

/** The period of a dry run: `from` and `to`, either left out (the last 7 days, or 7 days after `from`). */
const dryRunPeriod = z.object({ from: z.optional(dryRunDate), to: z.optional(dryRunDate) }).check(
  z.superRefine((period, ctx) => {
    if (!period.from || !period.to) return;
    const span = dryRunInstant(period.to, 'to') - dryRunInstant(period.from, 'from');
    if (span <= 0) ctx.issues.push({ code: 'custom', input: period, path: ['to'], message: DRY_RUN_PERIOD_ORDER });
    else if (span > DRY_RUN_MAX_DAYS * DAY_MS) ctx.issues.push({ code: 'custom', input: period, path: ['to'], message: DRY_RUN_PERIOD_TOO_LONG });
  }),
);

/**
 * `POST /firewall/dry-run/`: a rule as the rule form sends it (checked as saving checks it; its
 * name may be left out) or a policy's rulesets and rules as the policy dialog sends them, tried
 * on a domain group or a domain over a period.
 */
export const dryRunSchema = z
  .object({
    rule: z.optional(z.object({ name: z.optional(z.string()), priority: ruleSaveSchema.shape.priority, rule: ruleSaveSchema.shape.rule })),
    policy: z.optional(z.object({ rulesets: policyFields.rulesets, rules: policyFields.rules })),
    domain_group: z.optional(z.guid(UNKNOWN_DOMAIN_GROUP)),
    domain: z.optional(z.guid(UNKNOWN_DOMAIN)),
    period: z._default(dryRunPeriod, {}),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (!body.rule === !body.policy) ctx.issues.push({ code: 'custom', input: body, path: ['rule'], message: DRY_RUN_RULE_OR_POLICY });
      if (body.policy && !body.policy.rulesets.length && !body.policy.rules.length)
        ctx.issues.push({ code: 'custom', input: body, path: ['policy', 'rulesets'], message: SELECT_RULESET_OR_RULE });
      if (!body.domain_group === !body.domain) ctx.issues.push({ code: 'custom', input: body, path: ['domain_group'], message: DRY_RUN_GROUP_OR_DOMAIN });
    }),
  );
export type DryRunBody = z.input<typeof dryRunSchema>;
export type DryRunInput = z.output<typeof dryRunSchema>;
