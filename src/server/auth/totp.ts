import { timingSafeEqual } from 'node:crypto';
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

/** The RFC 6238 time step `at` falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD);
}

/** The code an authenticator app shows at `at` for the secret (SHA-1, 30 s, 6 digits). */
export function totpCode(secretBase32: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, timestamp: at.getTime() });
}

/**
 * The time step a code belongs to, or null when it is wrong or already used: a step at or
 * before `lastUsedStep` is refused, so each code signs in once (RFC 6238, 5.2).
 */
export function matchTotp(secretBase32: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  // The current step first, then one further away on each side at a time.
  const steps = [current];
  for (let i = 1; i <= TOTP_WINDOW; i++) steps.push(current - i, current + i);
  const given = Buffer.from(code);
  const step = steps.find((s) => timingSafeEqual(Buffer.from(totpCode(secretBase32, new Date(s * TOTP_PERIOD * 1000))), given));
  if (step === undefined) return null;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
