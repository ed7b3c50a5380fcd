import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { emailTokens } from '../db/schema/index';
import { hashToken, newToken } from '../auth/tokens';

/** What an emailed link is for, and how long it lasts (docs/decisions.md). */
export const EMAIL_TOKEN_TTL = {
  VERIFY_EMAIL: 48 * 3_600_000,
  RESET_PASSWORD: 3_600_000,
  CONTACT: 7 * 24 * 3_600_000,
} as const;
export type EmailTokenPurpose = keyof typeof EMAIL_TOKEN_TTL;

/** Makes a single-use link token; only its SHA-256 is stored. */
export async function issueEmailToken(db: Db, input: { purpose: EmailTokenPurpose; userGuid?: string | null; subjectGuid?: string | null; now: Date }): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    purpose: input.purpose,
    userGuid: input.userGuid ?? null,
    subjectGuid: input.subjectGuid ?? null,
    tokenHash: hashToken(token),
    expiresAt: new Date(input.now.getTime() + EMAIL_TOKEN_TTL[input.purpose]),
    dateCreated: input.now,
  });
  return token;
}

/** The live (unused, unexpired) token row, without using it up. */
export async function findEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now: Date) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
  return row ?? null;
}

/** Uses a token up; the conditional update makes two simultaneous uses impossible. */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now: Date) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Ends the other live links of one purpose (a newer email replaces the older ones). */
export async function retireEmailTokens(db: Db, userGuid: string, purpose: EmailTokenPurpose, now: Date) {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userGuid, userGuid), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
