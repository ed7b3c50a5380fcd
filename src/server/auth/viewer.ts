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

const columns = {
  sessionGuid: sessionTokens.guid,
  kind: sessionTokens.kind,
  keyCompany: sessionTokens.companyGuid,
  expiresAt: sessionTokens.expiresAt,
  lastUsedAt: sessionTokens.lastUsedAt,
  userGuid: users.guid,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isCustomer: users.isCustomer,
  userKind: users.userKind,
  membershipGuid: memberships.guid,
  companyGuid: memberships.companyGuid,
  accountType: memberships.accountType,
  userType: memberships.userType,
  permissions: memberships.permissions,
  allowedIpGroups: memberships.allowedIpGroups,
  allowedDomainGroups: memberships.allowedDomainGroups,
  allowedHostingAccounts: memberships.allowedHostingAccounts,
  allowedSoftwarePresets: memberships.allowedSoftwarePresets,
  companyName: companies.name,
};

/**
 * The statement behind every signed-in request, built and prepared once per database and
 * kind (with or without a `Company` header): only the columns a request needs, no re-building.
 */
function statementFor(db: Db, withHeader: boolean) {
  const membershipApplies = withHeader
    ? eq(memberships.companyGuid, sql.placeholder('company'))
    : or(isNull(sessionTokens.companyGuid), eq(memberships.companyGuid, sessionTokens.companyGuid));
  return db
    .select(columns)
    .from(sessionTokens)
    .innerJoin(users, eq(users.guid, sessionTokens.userGuid))
    .leftJoin(memberships, and(eq(memberships.userGuid, users.guid), eq(memberships.status, 'ACTIVE'), membershipApplies))
    .leftJoin(companies, eq(companies.guid, memberships.companyGuid))
    .where(and(eq(sessionTokens.tokenHash, sql.placeholder('hash')), isNull(sessionTokens.revokedAt)))
    .orderBy(sql`(${memberships.companyGuid} = ${users.defaultCompanyGuid}) desc nulls last`, asc(memberships.dateCreated))
    .limit(1)
    .prepare(withHeader ? 'resolve_viewer_company' : 'resolve_viewer');
}

const prepared = new WeakMap<Db, { plain: ReturnType<typeof statementFor>; withHeader: ReturnType<typeof statementFor> }>();

/**
 * The viewer behind a token and the company of the request in ONE query: the session, its
 * user and the membership that applies (the `Company` header's, else the default company's,
 * else the oldest). Nothing is cached between requests, so a revoked token or a removed
 * permission stops working on the next request; the session's idle clock is written at most
 * once a minute. Null when the token is unknown, revoked, expired or idle too long.
 */
export async function resolveViewer(db: Db, token: string, companyHeader: string | null, now: Date, config: ServerConfig): Promise<ResolvedViewer | null> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = { plain: statementFor(db, false), withHeader: statementFor(db, true) };
    prepared.set(db, statements);
  }
  const hash = hashToken(token);
  // A header that is not a guid names no company; it must not reach a uuid column.
  const [row] = companyHeader
    ? isGuid(companyHeader)
      ? await statements.withHeader.execute({ hash, company: companyHeader })
      : (await statements.plain.execute({ hash })).map((r) => ({ ...r, membershipGuid: null }))
    : await statements.plain.execute({ hash });
  if (!row) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  if (row.kind === 'SESSION') {
    if (row.lastUsedAt.getTime() + config.sessionIdleMinutes * 60_000 <= now.getTime()) return null;
    // Writing on every request would cost a round trip each time; a minute's precision is enough.
    if (now.getTime() - row.lastUsedAt.getTime() > 60_000) {
      await db.update(sessionTokens).set({ lastUsedAt: now }).where(eq(sessionTokens.guid, row.sessionGuid));
    }
  }
  const viewer: Viewer = {
    userGuid: row.userGuid,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isCustomer: row.isCustomer,
    userKind: row.userKind,
    sessionGuid: row.sessionGuid,
    sessionKind: row.kind === 'API_KEY' ? 'API_KEY' : 'SESSION',
    keyCompanyGuid: row.keyCompany,
  };
  const company: CompanyContext | null =
    row.membershipGuid && row.companyGuid && row.companyName !== null
      ? {
          guid: row.companyGuid,
          name: row.companyName,
          membershipGuid: row.membershipGuid,
          accountType: row.accountType!,
          userType: row.userType!,
          permissions: new Set(row.permissions),
          allowedIpGroups: row.allowedIpGroups ?? [],
          allowedDomainGroups: row.allowedDomainGroups ?? [],
          allowedHostingAccounts: row.allowedHostingAccounts ?? [],
          allowedSoftwarePresets: row.allowedSoftwarePresets ?? [],
        }
      : null;
  return { viewer, company, requested: companyHeader || row.keyCompany };
}
