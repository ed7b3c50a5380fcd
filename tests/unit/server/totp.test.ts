import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpCode, totpStep } from '../../../src/server/auth/totp';

/**
 * RFC 6238 Appendix B, the SHA-1 rows: seed the ASCII string "12345678901234567890",
 * 30 s steps, 8 digits. The project shows 6 digits, which are the last 6 of these.
 */
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
/** "12345678901234567890" in base32 (RFC 4648), the form the project stores secrets in. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i seconds gives the last 6 digits of %s', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(expected.slice(-6));
  });

  it.each(VECTORS)('accepts the code of %i seconds at that time', (seconds, expected) => {
    const at = new Date(seconds * 1000);
    expect(matchTotp(RFC_SECRET, expected.slice(-6), at, null)).toBe(Math.floor(seconds / 30));
  });

  it('accepts a code one step either side, not two', () => {
    const secret = RFC_SECRET;
    const at = new Date(1_800_000_000_000);
    const step = totpStep(at);
    expect(step).toBe(60_000_000);
    const code = totpCode(secret, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(matchTotp(secret, code, at, null)).toBe(step);
    expect(matchTotp(secret, code, new Date(at.getTime() - 30_000), null)).toBe(step);
    expect(matchTotp(secret, code, new Date(at.getTime() + 30_000), null)).toBe(step);
    expect(matchTotp(secret, code, new Date(at.getTime() - 60_000), null)).toBeNull();
    expect(matchTotp(secret, code, new Date(at.getTime() + 60_000), null)).toBeNull();
  });

  it('accepts each step once', () => {
    const secret = RFC_SECRET;
    const at = new Date(1_800_000_000_000);
    const step = matchTotp(secret, totpCode(secret, at), at, null);
    expect(step).toBe(totpStep(at));
    // The same code again, and the code of the step before, are refused.
    expect(matchTotp(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, step)).toBeNull();
    // The next step's code still works.
    const next = new Date(at.getTime() + 30_000);
    expect(matchTotp(secret, totpCode(secret, next), next, step)).toBe(step! + 1);
  });

  it('refuses codes that are not six digits', () => {
    const secret = RFC_SECRET;
    const at = new Date(1_800_000_000_000);
    const code = totpCode(secret, at);
    expect(matchTotp(secret, 'abcdef', at, null)).toBeNull();
    expect(matchTotp(secret, code.slice(1), at, null)).toBeNull();
    expect(matchTotp(secret, `${code}0`, at, null)).toBeNull();
    expect(matchTotp(secret, ` ${code}`, at, null)).toBeNull();
  });

  it('makes new 160-bit secrets that codes work with', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const at = new Date(1_800_000_000_000);
    expect(matchTotp(secret, totpCode(secret, at), at, null)).toBe(totpStep(at));
  });
});
