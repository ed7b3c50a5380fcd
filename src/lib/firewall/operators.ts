/** Condition operators (spec part 2, 3 "Firewall rule"). */

export const OPERATORS = ['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX'] as const;
export type Operator = (typeof OPERATORS)[number];

/**
 * The operators that read a value as text. Spec part 2, 5 "Firewall rule form behaviour":
 * they are disabled for list-type fields.
 */
export const TEXT_OPERATORS: readonly Operator[] = ['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX'];

/** EQUALS and NOT_EQUALS: all a list-type or yes/no field allows. */
export const EQUALITY_OPERATORS: readonly Operator[] = ['EQUALS', 'NOT_EQUALS'];

export const OPERATOR_LABELS: Record<Operator, string> = {
  EQUALS: 'equals',
  NOT_EQUALS: 'does not equal',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
  STARTS_WITH: 'starts with',
  ENDS_WITH: 'ends with',
  REGEX: 'matches regex',
};

export const isOperator = (value: string): value is Operator => (OPERATORS as readonly string[]).includes(value);

/** A NOT_ operator's positive twin (NOT_EQUALS -> EQUALS); null for a positive operator. */
export function negated(operator: Operator): Operator | null {
  if (operator === 'NOT_EQUALS') return 'EQUALS';
  if (operator === 'NOT_CONTAINS') return 'CONTAINS';
  return null;
}
