import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { hashToken, newToken } from '../auth/tokens';
import type { Db } from '../db/connection';
import { domains, emailTokens } from '../db/schema/index';
import { LOGIN_LINK_MS } from './login-links';

/**
 * One-time links to the sandbox control panel of a hosting account (spec part 3, 2.8 "cPanel
 * login"; docs/decisions.md "Hosting accounts"). They are kept in the single-use token table
 * under a purpose of their own (login_links needs a domain, and an account may have none):
 * only the token's SHA-256, for two minutes like the domain sign-in links, used once.
 */
export const SANDBOX_CPANEL_PURPOSE = 'SANDBOX_CPANEL';
/** Under the API's mount (`/api`): `GET /api/sandbox-cpanel/{token}/`. */
export const SANDBOX_CPANEL_PATH = '/sandbox-cpanel';
/** Where the panel's server mounts the API (src/server/mount.ts API_PREFIX; not imported: that module opens the database). */
const API_MOUNT = '/api';

export async function createSandboxCpanelLink(db: Db, link: { accountGuid: string; userGuid: string; origin: string }, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    purpose: SANDBOX_CPANEL_PURPOSE,
    userGuid: link.userGuid,
    subjectGuid: link.accountGuid,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LOGIN_LINK_MS),
    dateCreated: now,
  });
  return `${link.origin}${API_MOUNT}${SANDBOX_CPANEL_PATH}/${token}/`;
}

/** Uses a link up (one conditional statement, so two clicks cannot both open it): the account it opens, or null. */
export async function useSandboxCpanelLink(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, SANDBOX_CPANEL_PURPOSE), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ account: emailTokens.subjectGuid });
  return row?.account ?? null;
}

/** The names of the account's top-level domains, as the sandbox page lists them. */
export async function accountDomainNames(db: Db, accountGuid: string): Promise<string[]> {
  const rows = await db
    .select({ domain: domains.domain })
    .from(domains)
    .where(and(eq(domains.hostingAccountGuid, accountGuid), isNull(domains.parentDomainGuid)))
    .orderBy(asc(domains.domain));
  return rows.map((r) => r.domain);
}
