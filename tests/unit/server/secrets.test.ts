import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/server/auth/passwords';
import { hashToken, newToken } from '../../../src/server/auth/tokens';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters, salted, and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });
  it('refuses a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
  });
});

describe('tokens', () => {
  it('carries at least 128 random bits and is stored as its SHA-256', () => {
    const token = newToken();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).not.toBe(hashToken(newToken()));
    // FIPS 180-2, appendix B.1: SHA-256 of "abc".
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
