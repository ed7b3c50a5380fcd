import { EQUALITY_OPERATORS, OPERATORS, type Operator } from './operators';
import type { FirewallCondition } from './types';

/** The condition fields of spec part 2, 3 "Firewall rule", with what the rule form and the evaluator need of each. */

export const FIELD_KEYS = [
  'host',
  'uri_path',
  'query_string',
  'request_method',
  'referer',
  'user_agent',
  'cookie',
  'x_forwarded_for',
  'ip_address',
  'cidr',
  'asn',
  'country',
  'is_bot',
  'predefined_bot',
  'header',
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

export interface FieldDefinition {
  key: FieldKey;
  label: string;
  /** text: a value the client writes, every operator; list: one of several values; choice: one picked value (is bot, predefined bot). */
  kind: 'text' | 'list' | 'choice';
  /**
   * A multi-value field: its value is a list, EQUALS reads "is one of" and NOT_EQUALS "is none
   * of", and the text operators are disabled (spec part 2, 5 "Firewall rule form behaviour").
   */
  takesList: boolean;
  operators: readonly Operator[];
  /** Whether the condition names something: the request header (required) or the cookie (optional). */
  named: 'required' | 'optional' | 'none';
  /**
   * Whether text comparisons keep case; names (host, method, country, bot) do not, values as sent
   * do unless the condition says `ignore_case` (see `mayIgnoreCase`).
   */
  caseSensitive: boolean;
}

const text = (key: FieldKey, label: string, caseSensitive = true, named: FieldDefinition['named'] = 'none'): FieldDefinition => ({
  key,
  label,
  kind: 'text',
  takesList: false,
  operators: OPERATORS,
  named,
  caseSensitive,
});
const list = (key: FieldKey, label: string): FieldDefinition => ({ key, label, kind: 'list', takesList: true, operators: EQUALITY_OPERATORS, named: 'none', caseSensitive: false });
const choice = (key: FieldKey, label: string): FieldDefinition => ({
  key,
  label,
  kind: 'choice',
  takesList: false,
  operators: EQUALITY_OPERATORS,
  named: 'none',
  caseSensitive: false,
});

export const FIELDS: Readonly<Record<FieldKey, FieldDefinition>> = {
  host: text('host', 'Host', false),
  uri_path: text('uri_path', 'URI path'),
  query_string: text('query_string', 'Query string'),
  request_method: list('request_method', 'Request method'),
  referer: text('referer', 'Referer'),
  user_agent: text('user_agent', 'User agent'),
  cookie: text('cookie', 'Cookie', true, 'optional'),
  x_forwarded_for: text('x_forwarded_for', 'X-Forwarded-For'),
  ip_address: list('ip_address', 'IP address'),
  cidr: list('cidr', 'CIDR'),
  asn: list('asn', 'Autonomous number'),
  country: list('country', 'Country'),
  is_bot: choice('is_bot', 'Is bot'),
  predefined_bot: choice('predefined_bot', 'Predefined bot'),
  header: text('header', 'Request header', true, 'required'),
};

export const isFieldKey = (value: string): value is FieldKey => Object.hasOwn(FIELDS, value);

/** Whether a condition on `field` may choose to ignore case: a text field that otherwise keeps it. */
export const mayIgnoreCase = (field: string): boolean => isFieldKey(field) && FIELDS[field].kind === 'text' && FIELDS[field].caseSensitive;

/** The operators a field allows; none for a field the panel does not know. */
export const operatorsFor = (field: string): readonly Operator[] => (isFieldKey(field) ? FIELDS[field].operators : []);

/** A condition's values as a list: a single value is a list of one. */
export const conditionValues = (condition: Pick<FirewallCondition, 'value'>): string[] => (Array.isArray(condition.value) ? condition.value : [condition.value]);

/** A fresh value for a field: an empty list for list-type fields, 'true' for is bot, else ''. */
export function initialValue(field: FieldKey): string | string[] {
  if (FIELDS[field].takesList) return [];
  return field === 'is_bot' ? 'true' : '';
}

/**
 * A condition after its field changed (spec part 2, 5 "Firewall rule form behaviour"): the value
 * resets (to a list for multi-value fields), the name is dropped, and an operator the new field
 * does not allow (a text operator on a list-type field) becomes EQUALS.
 */
export function changeField(condition: FirewallCondition, field: FieldKey): FirewallCondition {
  const operator = (FIELDS[field].operators as readonly string[]).includes(condition.operator) ? condition.operator : 'EQUALS';
  return { field, operator, value: initialValue(field) };
}
