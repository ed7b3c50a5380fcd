import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { companies, memberships, sessionTokens, users } from '../db/schema/index';
import type { CompanyContext, ServerConfig, Viewer } from '../context';
import { isGuid } from '../../lib/schemas/ids';
import { hashToken } from './tokens';

export interface ResolvedViewer {
  viewer: Viewer;
  /** The company the request acts for, or null with the reason. */
  company: CompanyContext | null;
  /** The company the request named (the header, or an API key's own), if any. */
  requested: string | null;
}

/**
 * The viewer behind a token and the company of the request in ONE query: the session, its
 * user and the membership that applies (the `Company` header's, else the default company's,
 * else the oldest). Nothing is cached between requests, so a revoked token or a removed
 * permission stops working on the next request; the session's idle clock is written at most
 * once a minute. Null when the token is unknown, revoked, expired or idle too long.
 */
export async function resolveViewer(db: Db, token: string, companyHeader: string | null, now: Date, config: ServerConfig): Promise<ResolvedViewer | null> {
  // A header that is not a guid names no company; it must not reach a uuid column.
  const header = companyHeader && isGuid(companyHeader) ? companyHeader : null;
  const membershipApplies = header
    ? eq(memberships.companyGuid, header)
    : or(isNull(sessionTokens.companyGuid), eq(memberships.companyGuid, sessionTokens.companyGuid));
  const [row] = await db
    .select({ session: sessionTokens, user: users, m: memberships, companyName: companies.name })
    .from(sessionTokens)
    .innerJoin(users, eq(users.guid, sessionTokens.userGuid))
    .leftJoin(memberships, and(eq(memberships.userGuid, users.guid), eq(memberships.status, 'ACTIVE'), companyHeader && !header ? sql`false` : membershipApplies))
    .leftJoin(companies, eq(companies.guid, memberships.companyGuid))
    .where(and(eq(sessionTokens.tokenHash, hashToken(token)), isNull(sessionTokens.revokedAt)))
    .orderBy(sql`(${memberships.companyGuid} = ${users.defaultCompanyGuid}) desc nulls last`, asc(memberships.dateCreated))
    .limit(1);
  if (!row) return null;
  const { session, user, m } = row;
  if (session.expiresAt && session.expiresAt <= now) return null;
  if (session.kind === 'SESSION') {
    if (session.lastUsedAt.getTime() + config.sessionIdleMinutes * 60_000 <= now.getTime()) return null;
    // Writing on every request would cost a round trip each time; a minute's precision is enough.
    if (now.getTime() - session.lastUsedAt.getTime() > 60_000) {
      await db.update(sessionTokens).set({ lastUsedAt: now }).where(eq(sessionTokens.guid, session.guid));
    }
  }
  const viewer: Viewer = {
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
  const company: CompanyContext | null =
    m && row.companyName !== null
      ? {
          guid: m.companyGuid,
          name: row.companyName,
          membershipGuid: m.guid,
          accountType: m.accountType,
          userType: m.userType,
          permissions: new Set(m.permissions),
          allowedIpGroups: m.allowedIpGroups,
          allowedDomainGroups: m.allowedDomainGroups,
          allowedHostingAccounts: m.allowedHostingAccounts,
          allowedSoftwarePresets: m.allowedSoftwarePresets,
        }
      : null;
  return { viewer, company, requested: companyHeader || session.companyGuid };
}
