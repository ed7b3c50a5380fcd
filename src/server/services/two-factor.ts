import type { Context } from 'hono';
import { and, eq, isNull, or, lt } from 'drizzle-orm';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { backupCodes, sessionTokens, twoFactorSecrets, users } from '../db/schema/index';
import { BACKUP_CODE_COUNT, hashCode, newBackupCode } from '../auth/codes';
import { verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { matchTotp, newTotpSecret } from '../auth/totp';
import { badRequest, notFound, problem } from '../http/errors';
import { recordActivity } from './activity';
import { mailSecurityNotice } from './auth-mail';
import { twoFactorSecretOf } from './login-steps';

/** Checks a TOTP code against a secret row and records its step, so it works once. */
export async function useTotp(db: Db, secret: typeof twoFactorSecrets.$inferSelect, code: string, now: Date): Promise<boolean> {
  const step = matchTotp(secret.secret, code, now, secret.lastUsedStep);
  if (step === null) return false;
  // Conditional on the step still being newer, so two requests with one code cannot both pass.
  const [updated] = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.guid, secret.guid), or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step))))
    .returning({ guid: twoFactorSecrets.guid });
  return Boolean(updated);
}

/** Uses one backup code up; false when it is unknown or already used. */
export async function useBackupCode(db: Db, userGuid: string, code: string, now: Date): Promise<boolean> {
  const [used] = await db
    .update(backupCodes)
    .set({ usedAt: now })
    .where(and(eq(backupCodes.userGuid, userGuid), eq(backupCodes.codeHash, hashCode(userGuid, code)), isNull(backupCodes.usedAt)))
    .returning({ guid: backupCodes.guid });
  return Boolean(used);
}

/** Replaces every backup code of the user with ten new ones, answered once in clear. */
export async function replaceBackupCodes(db: Db, userGuid: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await db.delete(backupCodes).where(eq(backupCodes.userGuid, userGuid));
  await db.insert(backupCodes).values(codes.map((code) => ({ userGuid, codeHash: hashCode(userGuid, code), dateCreated: now })));
  return codes;
}

export async function remainingBackupCodes(db: Db, userGuid: string): Promise<number> {
  const rows = await db
    .select({ guid: backupCodes.guid })
    .from(backupCodes)
    .where(and(eq(backupCodes.userGuid, userGuid), isNull(backupCodes.usedAt)));
  return rows.length;
}

/** The user's own 2FA on the profile tab (spec part 1, 2.6 and 4): enrolment, backup codes, turning it off. */

const WRONG_PASSWORD = 'The password is not correct.';
/** How long the session that enabled 2FA may still show the backup codes. */
const ENABLE_GRACE_MS = 15 * 60_000;

const notEnabled = () => problem(400, '2FA is not enabled.', { code: '2fa_disabled' });

/** The viewer's own password, asked again before a security change; then 2FA must be on. */
async function confirmedUser(c: Context<AppEnv>, password: string) {
  const { db } = c.var.deps;
  const [user] = await db.select().from(users).where(eq(users.guid, c.var.viewer.userGuid));
  if (!user || !(await verifyPassword(password, user.passwordHash))) throw badRequest({ password: WRONG_PASSWORD }, 'wrong_password');
  if (!(await twoFactorSecretOf(db, user.guid))) throw notEnabled();
  return user;
}

/** Starts an enrolment with a new secret, replacing an unfinished one; answers its guid and secret. */
export async function startTwoFactor(c: Context<AppEnv>): Promise<{ guid: string; secret: string }> {
  const { db, now } = c.var.deps;
  const viewer = c.var.viewer;
  if (await twoFactorSecretOf(db, viewer.userGuid)) throw problem(400, '2FA is already enabled.', { code: '2fa_enabled' });
  const secret = newTotpSecret();
  const row = await db.transaction(async (tx) => {
    // An unfinished enrolment is replaced by the new one.
    await tx.delete(twoFactorSecrets).where(and(eq(twoFactorSecrets.userGuid, viewer.userGuid), isNull(twoFactorSecrets.confirmedAt)));
    const [created] = await tx.insert(twoFactorSecrets).values({ userGuid: viewer.userGuid, secret, dateCreated: now() }).returning();
    await recordActivity(
      c,
      { verb: 'started enabling 2FA for', object: `${viewer.firstName} ${viewer.lastName}`, objectType: 'user', objectGuid: viewer.userGuid, companyGuid: null },
      tx,
    );
    return created!;
  });
  return { guid: row.guid, secret };
}

/** Turns 2FA off after the password: its secret and backup codes go, and every other session ends. */
export async function disableTwoFactor(c: Context<AppEnv>, password: string): Promise<void> {
  const deps = c.var.deps;
  const user = await confirmedUser(c, password);
  await deps.db.transaction(async (tx) => {
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userGuid, user.guid));
    await replaceBackupCodes(tx, user.guid, deps.now());
    await revokeUserSessions(tx, user.guid, deps.now(), c.var.viewer.sessionGuid);
    await recordActivity(c, { verb: 'disabled 2FA for', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
  });
  await mailSecurityNotice(deps, deps.db, user, 'Two-factor authentication was disabled on your account, and your other signed-in sessions were ended.');
}

/** Codes are stored hashed, so only how many remain can be shown; new ones need the password. */
export async function backupCodesLeft(db: Db, userGuid: string): Promise<number> {
  if (!(await twoFactorSecretOf(db, userGuid))) throw notEnabled();
  return remainingBackupCodes(db, userGuid);
}

/** Ten new backup codes after the password, answered once in clear. */
export async function regenerateBackupCodes(c: Context<AppEnv>, password: string): Promise<string[]> {
  const deps = c.var.deps;
  const user = await confirmedUser(c, password);
  return deps.db.transaction(async (tx) => {
    const fresh = await replaceBackupCodes(tx, user.guid, deps.now());
    await recordActivity(
      c,
      { verb: 'regenerated the backup codes of', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null },
      tx,
    );
    return fresh;
  });
}

/**
 * Finishes an enrolment with a code from the phone: 2FA is on, the backup codes are made, and
 * every session ends (this one after a grace); answers the backup codes once in clear.
 */
export async function confirmTwoFactor(c: Context<AppEnv>, guid: string, code: string, missing: string): Promise<string[]> {
  const deps = c.var.deps;
  const viewer = c.var.viewer;
  const [pending] = await deps.db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.guid, guid), eq(twoFactorSecrets.userGuid, viewer.userGuid), isNull(twoFactorSecrets.confirmedAt)));
  if (!pending) throw notFound(missing);
  if (!(await useTotp(deps.db, pending, code, deps.now()))) throw badRequest({ code: 'The code is not correct. Please check the time on your phone and try again.' }, 'wrong_code');
  const codes = await deps.db.transaction(async (tx) => {
    await tx.update(twoFactorSecrets).set({ confirmedAt: deps.now() }).where(eq(twoFactorSecrets.guid, pending.guid));
    const fresh = await replaceBackupCodes(tx, viewer.userGuid, deps.now());
    // Every other session ends now. This one ends when the panel signs out after showing the
    // backup codes, and at the latest in 15 minutes, so a poll cannot cut the codes off screen.
    await revokeUserSessions(tx, viewer.userGuid, deps.now(), viewer.sessionGuid);
    await tx
      .update(sessionTokens)
      .set({ expiresAt: new Date(deps.now().getTime() + ENABLE_GRACE_MS) })
      .where(eq(sessionTokens.guid, viewer.sessionGuid));
    await recordActivity(c, { verb: 'enabled 2FA for', object: `${viewer.firstName} ${viewer.lastName}`, objectType: 'user', objectGuid: viewer.userGuid, companyGuid: null }, tx);
    return fresh;
  });
  await mailSecurityNotice(
    deps,
    deps.db,
    { guid: viewer.userGuid, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName },
    'Two-factor authentication was enabled on your account, and your signed-in sessions were ended.',
  );
  return codes;
}
