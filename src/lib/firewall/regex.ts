import { REGEX_MAX_LENGTH } from './constants';
import { memoByText } from './memo';

/**
 * REGEX conditions (spec part 2, 3): JavaScript patterns that match anywhere in the value unless
 * they anchor themselves with ^ and $. A pattern that does not compile, or is longer than
 * REGEX_MAX_LENGTH, never matches and never throws. Case follows the field: the pattern gets the
 * `i` flag on case-insensitive fields and conditions that ignore case; elsewhere `(?i:...)` makes
 * a part of it ignore case.
 */

const compile = memoByText((key: string): RegExp | null => {
  const flags = key[0] === 'i' ? 'i' : '';
  const pattern = key.slice(1);
  if (pattern.length > REGEX_MAX_LENGTH) return null;
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
});

/** The compiled pattern, or null when it never matches. */
export const compilePattern = (pattern: string, caseSensitive: boolean): RegExp | null => compile(`${caseSensitive ? '-' : 'i'}${pattern}`);

export function patternMatches(pattern: string, value: string, caseSensitive: boolean): boolean {
  return compilePattern(pattern, caseSensitive)?.test(value) ?? false;
}
