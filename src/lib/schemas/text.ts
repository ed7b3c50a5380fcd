import { z } from 'zod/mini';

/**
 * Every text the API accepts has a length limit and refuses control characters (NUL and the
 * other C0 controls, and DEL): PostgreSQL refuses NUL outright, and the rest only ever
 * arrive by mistake or by attack. Multi-line texts keep tab, newline and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what these patterns are for.
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, less tab, newline and carriage return.
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacters = (s: string, multiline = false) => (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(s);

export const tooLongMessage = (label: string, max: number) => `${label} can be at most ${max} characters long.`;
export const controlCharactersMessage = (label: string) => `${label} cannot contain control characters.`;

export interface TextLimit {
  /** How the field is named in the sentences: 'First name', 'Email address'. */
  label: string;
  max: number;
  /** Allows tab, newline and carriage return. */
  multiline?: boolean;
}

/** A checked string with the limit's sentences, trimmed unless it is multi-line. */
export function text({ label, max, multiline = false }: TextLimit, error?: string) {
  return z.string(error ? { error } : undefined).check(
    ...(multiline ? [] : [z.trim()]),
    z.maxLength(max, tooLongMessage(label, max)),
    z.refine((s) => !hasControlCharacters(s, multiline), controlCharactersMessage(label)),
  );
}

/** A trimmed text that must not be empty (a missing value gets the same sentence), within its limit. */
export const required = (message: string, limit: TextLimit) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(limit.max, tooLongMessage(limit.label, limit.max)),
    z.refine((s) => !hasControlCharacters(s, limit.multiline), controlCharactersMessage(limit.label)),
  );

/** Limits used across the API (the same field gets the same limit everywhere). */
export const LIMITS = {
  email: { label: 'Email address', max: 254 },
  name: { label: 'Name', max: 150 },
  /** Opaque tokens, ids and link hashes the API handed out. */
  token: { label: 'The code', max: 200 },
  code: { label: 'The code', max: 20 },
  filter: { label: 'A filter', max: 200 },
} as const satisfies Record<string, TextLimit>;
