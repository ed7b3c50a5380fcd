import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, newToken } from '../auth/tokens';
import type { Db } from '../db/connection';
import { loginLinks } from '../db/schema/index';

/** A sign-in link works once, within two minutes: long enough to open, too short to pass around. */
export const LOGIN_LINK_MS = 2 * 60_000;

export type LoginKind = 'SOFTWARE' | 'CPANEL';

/** The path the HTTP edge answers a sign-in link on, under the domain's own name. */
export const LOGIN_PATH_PREFIX = '/.hostdeck/login/';

export async function createLoginLink(db: Db, link: { companyGuid: string; domainGuid: string; kind: LoginKind; username: string }, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(loginLinks).values({ ...link, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + LOGIN_LINK_MS), dateCreated: now });
  return token;
}

/**
 * Uses a link of `domainGuid` (one statement, so two clicks cannot both sign in): what it signs
 * in to and as whom, or null when it is unknown, of another domain, used or expired.
 */
export async function useLoginLink(db: Db, token: string, domainGuid: string, now: Date): Promise<{ kind: LoginKind; username: string } | null> {
  const [used] = await db
    .update(loginLinks)
    .set({ usedAt: now })
    .where(and(eq(loginLinks.tokenHash, hashToken(token)), eq(loginLinks.domainGuid, domainGuid), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)))
    .returning({ kind: loginLinks.kind, username: loginLinks.username });
  return used ? { kind: used.kind as LoginKind, username: used.username } : null;
}
