import { conditionValues, FIELDS, isFieldKey, type FieldKey } from './fields';
import { inRange, parseCidr, parseClientIp, parseIp, sameAddress, type IpAddress } from '../ip';
import { memoByText } from './memo';
import { isOperator, negated, type Operator } from './operators';
import { patternMatches } from './regex';
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

/** The text a text field reads; a header, cookie or part that is absent reads as ''. */
function textOf(request: FirewallRequest, field: TextField, name: string | undefined): string {
  switch (field) {
    case 'host':
      return request.host;
    case 'uri_path':
      return request.path;
    case 'query_string':
      return request.query;
    case 'referer':
      return own(request.headers, 'referer') ?? '';
    case 'user_agent':
      return own(request.headers, 'user-agent') ?? '';
    case 'x_forwarded_for':
      return own(request.headers, 'x-forwarded-for') ?? '';
    case 'cookie':
      return (name ? own(request.cookies, name) : own(request.headers, 'cookie')) ?? '';
    case 'header':
      return own(request.headers, (name ?? '').trim().toLowerCase()) ?? '';
  }
}

function textMatches(operator: Operator, subject: string, value: string, caseSensitive: boolean): boolean {
  if (operator === 'REGEX') return patternMatches(value, subject, caseSensitive);
  const s = caseSensitive ? subject : subject.toLowerCase();
  const v = caseSensitive ? value : value.toLowerCase();
  switch (operator) {
    case 'EQUALS':
      return s === v;
    case 'CONTAINS':
      return s.includes(v);
    case 'STARTS_WITH':
      return s.startsWith(v);
    case 'ENDS_WITH':
      return s.endsWith(v);
    default:
      return false;
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

const sameName = (a: string | null, b: string) => a !== null && a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether one value of a list-type or yes/no field is what the request has ("is one of" is any value). */
function isValue(request: FirewallRequest, field: FieldKey, value: string, client: IpAddress | null): boolean {
  switch (field) {
    case 'request_method':
      return sameName(request.method, value);
    case 'country':
      return sameName(request.country, value);
    case 'predefined_bot':
      return sameName(request.predefinedBot, value);
    case 'asn':
      return request.asn !== null && asnOf(value) === request.asn;
    case 'is_bot':
      return boolOf(value) === request.isBot;
    case 'ip_address': {
      const address = addressOf(value);
      return client !== null && address !== null && sameAddress(client, address);
    }
    case 'cidr': {
      const range = rangeOf(value);
      return client !== null && range !== null && inRange(client, range);
    }
    default:
      return false;
  }
}

/** The positive operators: any of the condition's values matches. */
function holds(request: FirewallRequest, condition: FirewallCondition, field: FieldKey, operator: Operator): boolean {
  const values = conditionValues(condition);
  const definition = FIELDS[field];
  if (isTextField(field)) {
    const subject = textOf(request, field, condition.name);
    const caseSensitive = definition.caseSensitive && condition.ignore_case !== true;
    return values.some((value) => textMatches(operator, subject, value, caseSensitive));
  }
  const client = request.client === null ? null : clientOf(request.client);
  return values.some((value) => isValue(request, field, value, client));
}

/**
 * Whether the request meets one condition. A NOT_ operator is the exact negation of its twin
 * (NOT_EQUALS is "is none of" on a list field). A condition the evaluator cannot read (unknown
 * field or operator, an operator its field does not allow, a header condition without a name)
 * is false, whatever its operator.
 */
export function matchesCondition(request: FirewallRequest, condition: FirewallCondition): boolean {
  const { field, operator } = condition;
  if (!isFieldKey(field) || !isOperator(operator) || !FIELDS[field].operators.includes(operator)) return false;
  if (FIELDS[field].named === 'required' && !condition.name?.trim()) return false;
  const positive = negated(operator);
  return positive ? !holds(request, condition, field, positive) : holds(request, condition, field, operator);
}

/**
 * Whether the request meets a rule's conditions: every AND-group has at least one OR-condition
 * that holds. As in logic, no groups at all is met by every request and an empty group by none
 * (the rule form never saves either: spec part 2, 5 asks for at least 1 condition).
 */
export function matchesRule(request: FirewallRequest, conditions: readonly (readonly FirewallCondition[])[]): boolean {
  return conditions.every((group) => group.some((condition) => matchesCondition(request, condition)));
}
