import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as Google Authenticator reads it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** One step either side, for clocks a little off. */
export const TOTP_WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the QR code carries. */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD }).toString();
}

/**
 * The time step a code belongs to, or null when it is wrong or already used: a step at or
 * before `lastUsedStep` is refused, so each code signs in once (RFC 6238, 5.2).
 */
export function matchTotp(secretBase32: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_PERIOD, timestamp }) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
