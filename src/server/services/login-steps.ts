import type { Context } from 'hono';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { TRUSTED_DEVICE_DAYS } from '../../lib/rules/terms';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { loginChallenges, loginRecords, trustedDevices, twoFactorSecrets, users } from '../db/schema/index';
import { problem, tooManyRequests } from '../http/errors';
import { newNumericCode, hashCode } from '../auth/codes';
import { hashToken } from '../auth/tokens';
import { createSession } from '../auth/sessions';
import { noCompany, resolveCompany } from '../auth/company-access';
import { failuresSince, recordFailure } from '../auth/throttle';
import { loadSessionUser } from './session-user';
import { mailDeviceCode } from './auth-mail';
import { isGuid } from '../../lib/schemas/ids';

export const CHALLENGE_MINUTES = 10;
/** Wrong codes on one challenge before it ends. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Wrong codes for one account across challenges within the sign-in window. */
export const ACCOUNT_MAX_CODE_FAILURES = 10;

type User = typeof users.$inferSelect;
const deviceHash = (deviceId: string) => hashToken(`device:${deviceId}`);

/** Is the account's 2FA on (a confirmed secret)? */
export async function twoFactorSecretOf(db: Db, userGuid: string) {
  const [row] = await db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userGuid, userGuid), isNotNull(twoFactorSecrets.confirmedAt)));
  return row ?? null;
}

/**
 * Which step a correct password leads to (docs/decisions.md, device verification): 2FA when
 * it is on; none on a device trusted within 60 days; none on the account's first sign-in
 * from a device (no device known yet), which enrols that device; the emailed code otherwise.
 */
export async function nextStep(db: Db, user: User, deviceId: string | undefined, now: Date): Promise<'2fa' | 'device' | null> {
  if (await twoFactorSecretOf(db, user.guid)) return '2fa';
  const known = await db.select().from(trustedDevices).where(eq(trustedDevices.userGuid, user.guid));
  if (known.length === 0) {
    if (deviceId) await rememberDevice(db, user.guid, deviceId, true, now);
    return null;
  }
  if (!deviceId) return 'device';
  const hash = deviceHash(deviceId);
  const trusted = known.some((d) => d.deviceHash === hash && d.trustedUntil && d.trustedUntil > now);
  return trusted ? null : 'device';
}

export async function rememberDevice(db: Db, userGuid: string, deviceId: string, trust: boolean, now: Date) {
  const trustedUntil = trust ? new Date(now.getTime() + TRUSTED_DEVICE_DAYS * 86_400_000) : null;
  await db
    .insert(trustedDevices)
    .values({ userGuid, deviceHash: deviceHash(deviceId), trustedUntil, dateCreated: now })
    .onConflictDoUpdate({ target: [trustedDevices.userGuid, trustedDevices.deviceHash], set: trust ? { trustedUntil } : { userGuid } });
}

/** Opens the second step; for 'device' the code goes by email. Answers the session_id. */
export async function openChallenge(c: Context<AppEnv>, user: User, kind: '2fa' | 'device', deviceId: string | undefined): Promise<string> {
  const deps = c.var.deps;
  const now = deps.now();
  const code = kind === 'device' ? newNumericCode() : null;
  const [row] = await deps.db
    .insert(loginChallenges)
    .values({
      userGuid: user.guid,
      kind,
      deviceId: deviceId ?? null,
      expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
      ipAddress: c.var.ip,
      userAgent: c.var.userAgent,
      dateCreated: now,
    })
    .returning();
  if (code) {
    await deps.db
      .update(loginChallenges)
      .set({ codeHash: hashCode(row!.guid, code) })
      .where(eq(loginChallenges.guid, row!.guid));
    await mailDeviceCode(deps, deps.db, user, code);
  }
  return row!.guid;
}

const EXPIRED = 'Your sign-in has expired. Please sign in again.';

/** The live challenge of a session_id, after the account-wide guess limit. */
export async function liveChallenge(c: Context<AppEnv>, sessionId: string, kind: '2fa' | 'device') {
  const { db, now, config } = c.var.deps;
  if (!isGuid(sessionId)) throw problem(400, EXPIRED, { code: 'challenge_expired' });
  const [row] = await db
    .select({ challenge: loginChallenges, user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.guid, loginChallenges.userGuid))
    .where(and(eq(loginChallenges.guid, sessionId), eq(loginChallenges.kind, kind), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now())));
  if (!row) throw problem(400, EXPIRED, { code: 'challenge_expired' });
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  if ((await failuresSince(db, `code:${row.user.guid}`, since)) >= ACCOUNT_MAX_CODE_FAILURES) {
    throw tooManyRequests(`Too many wrong codes. Please wait ${config.loginWindowMinutes} minutes and try again.`);
  }
  return row;
}

/** Counts a wrong code; the fifth ends the challenge. Always throws. */
export async function wrongCode(c: Context<AppEnv>, challenge: typeof loginChallenges.$inferSelect, message: string): Promise<never> {
  const { db, now } = c.var.deps;
  await recordFailure(db, `code:${challenge.userGuid}`, now());
  const attempts = challenge.attempts + 1;
  const ended = attempts >= CHALLENGE_MAX_ATTEMPTS;
  await db
    .update(loginChallenges)
    .set({ attempts, ...(ended ? { usedAt: now() } : {}) })
    .where(eq(loginChallenges.guid, challenge.guid));
  await db.insert(loginRecords).values({ userGuid: challenge.userGuid, timestamp: now(), ipAddress: c.var.ip, userAgent: c.var.userAgent, status: 'FAILURE' });
  if (ended) throw problem(400, 'Too many wrong codes. Please sign in again.', { code: 'challenge_ended' });
  throw problem(400, message, { code: 'wrong_code', fields: { code: message } });
}

/** Uses the challenge up (only once, even when two answers race) and opens the session. */
export async function finishChallenge(c: Context<AppEnv>, challengeGuid: string, userGuid: string) {
  const { db, now } = c.var.deps;
  const [used] = await db
    .update(loginChallenges)
    .set({ usedAt: now() })
    .where(and(eq(loginChallenges.guid, challengeGuid), isNull(loginChallenges.usedAt)))
    .returning();
  if (!used) throw problem(400, EXPIRED, { code: 'challenge_expired' });
  return completeSignIn(c, userGuid);
}

/** The answer of every successful sign-in: a new token and the session user. */
export async function completeSignIn(c: Context<AppEnv>, userGuid: string) {
  const { db, now, config } = c.var.deps;
  const company = await resolveCompany(db, userGuid, null);
  if (!company) throw noCompany();
  const token = await createSession(db, userGuid, { ip: c.var.ip, userAgent: c.var.userAgent, now: now(), config });
  await db.insert(loginRecords).values({ userGuid, timestamp: now(), ipAddress: c.var.ip, userAgent: c.var.userAgent, status: 'SUCCESS' });
  return { token, user: await loadSessionUser(db, userGuid, company) };
}
