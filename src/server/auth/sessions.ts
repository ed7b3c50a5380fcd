import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { sessionTokens, users } from '../db/schema/index';
import type { ServerConfig, Viewer } from '../context';
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

/**
 * The viewer behind a token, or null when the token is unknown, revoked, past its absolute
 * expiry or idle for too long. A session's idle clock restarts on each use.
 */
export async function resolveToken(db: Db, token: string, now: Date, config: ServerConfig): Promise<Viewer | null> {
  const [row] = await db
    .select({ session: sessionTokens, user: users })
    .from(sessionTokens)
    .innerJoin(users, eq(users.guid, sessionTokens.userGuid))
    .where(and(eq(sessionTokens.tokenHash, hashToken(token)), isNull(sessionTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  if (session.expiresAt && session.expiresAt <= now) return null;
  if (session.kind === 'SESSION') {
    const idleLimit = session.lastUsedAt.getTime() + config.sessionIdleMinutes * 60_000;
    if (idleLimit <= now.getTime()) return null;
    // Writing on every request would cost a round trip each time; a minute's precision is enough.
    if (now.getTime() - session.lastUsedAt.getTime() > 60_000) {
      await db.update(sessionTokens).set({ lastUsedAt: now }).where(eq(sessionTokens.guid, session.guid));
    }
  }
  return {
    userGuid: user.guid,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isCustomer: user.isCustomer,
    userKind: user.userKind,
    sessionGuid: session.guid,
    sessionKind: session.kind === 'API_KEY' ? 'API_KEY' : 'SESSION',
    keyCompanyGuid: session.companyGuid,
  };
}

export async function revokeSession(db: Db, sessionGuid: string, now: Date) {
  await db.update(sessionTokens).set({ revokedAt: now }).where(eq(sessionTokens.guid, sessionGuid));
}

/** Ends every sign-in session of a user (after a password or 2FA change), keeping one if asked. */
export async function revokeUserSessions(db: Db, userGuid: string, now: Date) {
  await db
    .update(sessionTokens)
    .set({ revokedAt: now })
    .where(and(eq(sessionTokens.userGuid, userGuid), eq(sessionTokens.kind, 'SESSION'), isNull(sessionTokens.revokedAt)));
}
