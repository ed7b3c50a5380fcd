import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { sessionTokens } from '../db/schema/index';
import type { ServerConfig } from '../context';
import { hashToken, newToken } from './tokens';

export async function createSession(db: Db, userGuid: string, meta: { ip?: string; userAgent?: string; now: Date; config: ServerConfig }) {
  const token = newToken();
  await db.insert(sessionTokens).values({
    userGuid,
    tokenHash: hashToken(token),
    kind: 'SESSION',
    ipAddress: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
    lastUsedAt: meta.now,
    expiresAt: new Date(meta.now.getTime() + meta.config.sessionMaxHours * 3_600_000),
    dateCreated: meta.now,
  });
  return token;
}

export async function revokeSession(db: Db, sessionGuid: string, now: Date) {
  await db.update(sessionTokens).set({ revokedAt: now }).where(eq(sessionTokens.guid, sessionGuid));
}

/** Ends every sign-in session of a user (after a password or 2FA change), keeping one if asked. */
export async function revokeUserSessions(db: Db, userGuid: string, now: Date, keep?: string) {
  await db
    .update(sessionTokens)
    .set({ revokedAt: now })
    .where(and(eq(sessionTokens.userGuid, userGuid), eq(sessionTokens.kind, 'SESSION'), isNull(sessionTokens.revokedAt), keep ? ne(sessionTokens.guid, keep) : undefined));
}
