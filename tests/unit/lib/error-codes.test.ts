import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../../src/lib/error-codes';
import { ApiError, hasErrorCode, toErrorBody } from '../../../src/lib/errors';

const root = resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const lines = (dirs: string[]) =>
  dirs.flatMap((dir) =>
    sources(join(root, dir)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((text, i) => ({ where: `${relative(root, file)}:${i + 1}`, text })),
    ),
  );

/** Codes the server answers through a named constant rather than the literal: the constant it uses. */
const ANSWERED_THROUGH: Partial<Record<ErrorCode, string>> = {
  // Shared with the CLI, whose sign-in hint depends on it (src/lib/errors.ts).
  api_key_expired: 'API_KEY_EXPIRED_CODE',
};

describe('ERROR_CODES', () => {
  const server = lines(['src/server']);

  it('holds each code once, as a lower-case word', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it('lists only codes the server answers: each is given to an error helper somewhere in src/server', () => {
    const unanswered = ERROR_CODES.filter((code) => {
      const constant = ANSWERED_THROUGH[code];
      if (constant) return !server.some((l) => l.text.includes(`code: ${constant}`));
      // A line that quotes the code and passes it as one: `{ code: 'x' }`, `badRequest(fields, 'x')`, a default.
      return !server.some((l) => l.text.includes(`'${code}'`) && /\bcode\b|badRequest\(/.test(l.text));
    });
    expect(unanswered).toEqual([]);
  });

  it('is compared by the panel and the CLI through hasErrorCode, which checks the code against the list', () => {
    const compared = lines(['src/stores', 'src/islands', 'src/components', 'src/lib', 'cli'])
      // `typeof x.code === 'string'` asks for a type, not a code.
      .filter((l) => /\bcode\s*[!=]==?\s*['"][a-z0-9_]+['"]/.test(l.text.replace(/typeof\s+[\w.?]+/g, '')));
    expect(compared.map((l) => `${l.where}: ${l.text.trim()}`)).toEqual([]);
  });
});

describe('hasErrorCode', () => {
  it('tells an API error by its code', () => {
    const expired = new ApiError(400, toErrorBody({ errors: ['Please sign in again.'], code: 'challenge_expired' }, 400));
    expect(hasErrorCode(expired, 'challenge_expired', 'challenge_ended')).toBe(true);
    expect(hasErrorCode(expired, 'wrong_code')).toBe(false);
    expect(hasErrorCode(new Error('challenge_expired'), 'challenge_expired')).toBe(false);
  });

  it('keeps a code this client does not know, and matches none of its own to it', () => {
    const newer = new ApiError(409, toErrorBody({ errors: ['Something new.'], code: 'from_a_newer_server' }, 409));
    expect(newer.code).toBe('from_a_newer_server');
    expect(ERROR_CODES.some((code) => hasErrorCode(newer, code))).toBe(false);
  });
});
