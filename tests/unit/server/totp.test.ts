import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { matchTotp, newTotpSecret } from '../../../src/server/auth/totp';

/** RFC 6238 Appendix B, the SHA-1 rows: seed "12345678901234567890", 8 digits, 30 s steps. */
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  const secret = Secret.fromLatin1('12345678901234567890');
  it.each(VECTORS)('at %i seconds gives %s', (seconds, expected) => {
    expect(TOTP.generate({ secret, algorithm: 'SHA1', digits: 8, period: 30, timestamp: seconds * 1000 })).toBe(expected);
  });

  it('accepts a code one step either side, once', () => {
    const base32 = newTotpSecret();
    const at = new Date(1_800_000_000_000);
    const code = TOTP.generate({ secret: Secret.fromBase32(base32), timestamp: at.getTime() });
    const step = matchTotp(base32, code, new Date(at.getTime() + 30_000), null);
    expect(step).toBe(Math.floor(at.getTime() / 30_000));
    expect(matchTotp(base32, code, at, step)).toBeNull();
    expect(matchTotp(base32, code, new Date(at.getTime() + 90_000), null)).toBeNull();
    expect(matchTotp(base32, 'abcdef', at, null)).toBeNull();
  });
});
