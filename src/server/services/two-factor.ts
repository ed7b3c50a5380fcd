import { and, eq, isNull, or, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { backupCodes, twoFactorSecrets } from '../db/schema/index';
import { BACKUP_CODE_COUNT, hashCode, newBackupCode } from '../auth/codes';
import { matchTotp } from '../auth/totp';

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
  const rows = await db.select({ guid: backupCodes.guid }).from(backupCodes).where(and(eq(backupCodes.userGuid, userGuid), isNull(backupCodes.usedAt)));
  return rows.length;
}
