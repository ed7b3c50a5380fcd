import { conditionValues, FIELDS, isFieldKey, type FieldKey } from './fields';
import { inRange, parseCidr, parseClientIp, parseIp, sameAddress, type IpAddress } from '../ip';
import { memoByText } from './memo';
import { isOperator, negated, type Operator } from './operators';
import { compilePattern } from './regex';
import type { FirewallRequest } from './request';
import type { FirewallCondition } from './types';

/**
 * Whether a request meets a rule's conditions (spec part 2, 3 "Firewall rule"; the semantics are
 * written down in docs/decisions.md "Firewall").
 */

type TextField = Exclude<FieldKey, 'request_method' | 'ip_address' | 'cidr' | 'asn' | 'country' | 'is_bot' | 'predefined_bot'>;

const isTextField = (field: FieldKey): field is TextField => FIELDS[field].kind === 'text';

/** A key of a record built from the wire, never one of Object.prototype's (a header named "constructor"). */
const own = (record: Readonly<Record<string, string | undefined>>, key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);

/** What a compiled condition asks of a request. */
type Test = (request: FirewallRequest) => boolean;
const never: Test = () => false;

/** How a text field is read from a request; a header, cookie or part that is absent reads as ''. */
function textReader(field: TextField, name: string | undefined): (request: FirewallRequest) => string {
  switch (field) {
    case 'host':
      return (request) => request.host;
    case 'uri_path':
      return (request) => request.path;
    case 'query_string':
      return (request) => request.query;
    case 'referer':
      return (request) => own(request.headers, 'referer') ?? '';
    case 'user_agent':
      return (request) => own(request.headers, 'user-agent') ?? '';
    case 'x_forwarded_for':
      return (request) => own(request.headers, 'x-forwarded-for') ?? '';
    case 'cookie':
      return name ? (request) => own(request.cookies, name) ?? '' : (request) => own(request.headers, 'cookie') ?? '';
    case 'header': {
      const key = (name ?? '').trim().toLowerCase();
      return (request) => own(request.headers, key) ?? '';
    }
  }
}

/** A text comparison of one value; the subject comes lower-cased when the comparison ignores case (a REGEX takes it as sent and the `i` flag). */
function textMatcher(operator: Operator, value: string, caseSensitive: boolean): (subject: string) => boolean {
  if (operator === 'REGEX') {
    const pattern = compilePattern(value, caseSensitive);
    return pattern ? (subject) => pattern.test(subject) : () => false;
  }
  const v = caseSensitive ? value : value.toLowerCase();
  switch (operator) {
    case 'EQUALS':
      return (s) => s === v;
    case 'CONTAINS':
      return (s) => s.includes(v);
    case 'STARTS_WITH':
      return (s) => s.startsWith(v);
    case 'ENDS_WITH':
      return (s) => s.endsWith(v);
    default:
      return () => false;
  }
}

const addressOf = memoByText(parseIp);
const clientOf = memoByText(parseClientIp);
const rangeOf = memoByText(parseCidr);

/** AS13335, as13335 and 13335 are one number; anything else is no number. */
function asnOf(value: string): number | null {
  const m = /^(?:as)?(\d{1,10})$/i.exec(value.trim());
  return m ? Number(m[1]) : null;
}

function boolOf(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : null;
}

/** Names (method, country, bot) compare trimmed and without case. */
const nameOf = (text: string) => text.trim().toUpperCase();
const sameName = (a: string | null, b: string) => a !== null && nameOf(a) === b;

const clientIn = (request: FirewallRequest): IpAddress | null => (request.client === null ? null : clientOf(request.client));

/** Whether one value of a list-type or yes/no field is what the request has ("is one of" is any value). */
function valueTest(field: FieldKey, value: string): Test {
  switch (field) {
    case 'request_method': {
      const name = nameOf(value);
      return (request) => sameName(request.method, name);
    }
    case 'country': {
      const name = nameOf(value);
      return (request) => sameName(request.country, name);
    }
    case 'predefined_bot': {
      const name = nameOf(value);
      return (request) => sameName(request.predefinedBot, name);
    }
    case 'asn': {
      const asn = asnOf(value);
      return (request) => request.asn !== null && asn === request.asn;
    }
    case 'is_bot': {
      const bool = boolOf(value);
      return (request) => bool === request.isBot;
    }
    case 'ip_address': {
      const address = addressOf(value);
      if (!address) return never;
      return (request) => {
        const client = clientIn(request);
        return client !== null && sameAddress(client, address);
      };
    }
    case 'cidr': {
      const range = rangeOf(value);
      if (!range) return never;
      return (request) => {
        const client = clientIn(request);
        return client !== null && inRange(client, range);
      };
    }
    default:
      return never;
  }
}

/** The positive operators: any of the condition's values matches. */
function holds(condition: FirewallCondition, field: FieldKey, operator: Operator): Test {
  const values = conditionValues(condition);
  if (!isTextField(field)) {
    const tests = values.map((value) => valueTest(field, value));
    return (request) => tests.some((test) => test(request));
  }
  const read = textReader(field, condition.name);
  const caseSensitive = FIELDS[field].caseSensitive && condition.ignore_case !== true;
  const matchers = values.map((value) => textMatcher(operator, value, caseSensitive));
  const asSent = caseSensitive || operator === 'REGEX';
  return (request) => {
    const subject = asSent ? read(request) : read(request).toLowerCase();
    return matchers.some((matches) => matches(subject));
  };
}

/**
 * A condition worked out once into a test: its field, operator and values read and checked, its
 * patterns and ranges parsed. A NOT_ operator is the exact negation of its twin (NOT_EQUALS is
 * "is none of" on a list field). A condition the evaluator cannot read (unknown field or
 * operator, an operator its field does not allow, a header condition without a name) is false,
 * whatever its operator.
 */
function compileCondition(condition: FirewallCondition): Test {
  const { field, operator } = condition;
  if (!isFieldKey(field) || !isOperator(operator) || !FIELDS[field].operators.includes(operator)) return never;
  if (FIELDS[field].named === 'required' && !condition.name?.trim()) return never;
  const positive = negated(operator);
  if (!positive) return holds(condition, field, operator);
  const test = holds(condition, field, positive);
  return (request) => !test(request);
}

/** Whether the request meets one condition (see compileCondition). */
export const matchesCondition = (request: FirewallRequest, condition: FirewallCondition): boolean => compileCondition(condition)(request);

/**
 * Rules' conditions as tests, by the very array: the edge keeps its rules in memory, so each is
 * worked out once, not per request; a caller's fresh rules (a dry run) are worked out as they come.
 */
const compiled = new WeakMap<readonly (readonly FirewallCondition[])[], Test>();

/**
 * Whether the request meets a rule's conditions: every AND-group has at least one OR-condition
 * that holds. As in logic, no groups at all is met by every request and an empty group by none
 * (the rule form never saves either: spec part 2, 5 asks for at least 1 condition).
 */
export function matchesRule(request: FirewallRequest, conditions: readonly (readonly FirewallCondition[])[]): boolean {
  let test = compiled.get(conditions);
  if (!test) {
    const groups = conditions.map((group) => group.map(compileCondition));
    test = (r) => groups.every((group) => group.some((condition) => condition(r)));
    compiled.set(conditions, test);
  }
  return test(request);
}
