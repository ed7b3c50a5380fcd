import type { Context } from 'hono';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { ApiKey, CompanyUser, createCompanyUserOp, updateCompanyUserOp } from '../../lib/api/company';
import { passwordProblem } from '../../lib/rules/password-policy';
import type { Scope } from '../../lib/rules/scopes';
import { ACCESS_LISTS, BEYOND_REACH, withinReach } from '../../lib/rules/access-reach';
import { USER_NOT_FOUND } from '../../lib/schemas/company';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { isUniqueViolation, lockCompany } from '../db/locks';
import { apiKeys, domainGroups, hostingAccounts, ipGroups, memberships, sessionTokens, softwarePresets, users } from '../db/schema/index';
import { badRequest, forbidden, notFound, problem } from '../http/errors';
import { hashPassword } from '../auth/passwords';
import { recordActivity } from './activity';
import { inheritedRestrictions, reachOf } from './access';
import { mailVerifyEmail } from './auth-mail';
import { issueEmailToken } from './email-tokens';

/** The company's people (spec part 3, 2.9 Users, 7): who may manage whom, and the writes that follow. */

type MembershipRow = typeof memberships.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'guid' | 'firstName' | 'lastName' | 'email'>;
type ApiKeyRow = typeof apiKeys.$inferSelect;
type CreateUser = ParsedInput<typeof createCompanyUserOp>['body'];
type UpdateUser = ParsedInput<typeof updateCompanyUserOp>['body'];

export const NOT_YOURSELF = 'You cannot edit or delete your own account!';
export const NOT_THE_OWNER = "The company's owner cannot be edited or deleted!";
/** Spec part 3, 2.9: nobody gives what they do not hold. */
export const beyondOwn = (scopes: readonly string[]) => `You cannot give permissions you do not hold yourself: ${scopes.join(', ')}.`;
export const OUTRANKS_YOU = 'You cannot change or remove a user or API key that holds permissions or access you do not hold yourself.';
const EMAIL_TAKEN = 'A user with this email already exists! Invite them with their invitation code instead.';

/**
 * A member may manage only those whose permissions are all their own too and who reach no
 * group or account they cannot: no one strips, frees or removes a wider account.
 */
export function requireNotWider(company: CompanyContext, theirs: MembershipRow): void {
  const mine = reachOf(company);
  const reach = reachOf(theirs);
  if (theirs.permissions.some((s) => !company.permissions.has(s)) || ACCESS_LISTS.some((field) => !withinReach(mine[field], reach[field]))) throw forbidden(OUTRANKS_YOU);
}

/** Permissions a change adds that the person making it does not hold; they may not give those. */
export function addedBeyondOwn(company: CompanyContext, before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((s) => !had.has(s) && !company.permissions.has(s));
}

const userColumns = { guid: users.guid, firstName: users.firstName, lastName: users.lastName, email: users.email };

export interface LastUse {
  date: Date;
  ip: string;
}

/** When and from where each API key's user was last let in (its token's idle clock and address). */
export async function lastUses(db: Db, userGuids: readonly string[]): Promise<Map<string, LastUse>> {
  if (!userGuids.length) return new Map();
  const rows = await db
    .select({ user: sessionTokens.userGuid, date: sessionTokens.lastUsedAt, ip: sessionTokens.ipAddress })
    .from(sessionTokens)
    .where(and(inArray(sessionTokens.userGuid, [...userGuids]), eq(sessionTokens.kind, 'API_KEY'), isNotNull(sessionTokens.ipAddress)))
    .orderBy(desc(sessionTokens.lastUsedAt));
  const found = new Map<string, LastUse>();
  for (const r of rows) if (!found.has(r.user) && r.ip) found.set(r.user, { date: r.date, ip: r.ip });
  return found;
}

export function apiKeyJson(key: ApiKeyRow, permissions: readonly string[], use: LastUse | undefined): ApiKey {
  return {
    guid: key.guid,
    name: key.name,
    user_id: key.userGuid,
    date_created: key.dateCreated.toISOString(),
    date_expires: key.dateExpires?.toISOString() ?? null,
    allowed_ip_addresses: key.allowedIpAddresses,
    permissions: [...permissions],
    date_last_used: use?.date.toISOString() ?? null,
    last_used_ip_address: use?.ip ?? null,
  };
}

function memberJson(m: MembershipRow, u: UserRow, key: ApiKeyRow | null, use: LastUse | undefined, viewerGuid: string): CompanyUser {
  return {
    user: { guid: u.guid, first_name: u.firstName, last_name: u.lastName, email: u.email },
    account_type: m.accountType,
    status: m.status,
    date_created: m.dateCreated.toISOString(),
    permissions: m.permissions,
    allowed_ip_groups: m.allowedIpGroups,
    allowed_domain_groups: m.allowedDomainGroups,
    allowed_hosting_accounts: m.allowedHostingAccounts,
    allowed_software_presets: m.allowedSoftwarePresets,
    api_key: key ? apiKeyJson(key, m.permissions, use) : null,
    is_self: u.guid === viewerGuid,
  };
}

/** The member of this company a path names, with their key if they are an API key's user; else 404. Locked for the transaction when `lock`. */
async function memberOf(db: Db, companyGuid: string, userGuid: string, lock = false) {
  const query = db
    .select({ m: memberships, u: userColumns, k: apiKeys })
    .from(memberships)
    .innerJoin(users, eq(users.guid, memberships.userGuid))
    .leftJoin(apiKeys, and(eq(apiKeys.userGuid, memberships.userGuid), eq(apiKeys.companyGuid, memberships.companyGuid)))
    .where(and(eq(memberships.companyGuid, companyGuid), eq(memberships.userGuid, userGuid)));
  const [row] = lock ? await query.for('update', { of: memberships }) : await query;
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** One member as the Users tab and the API Keys tab show them. */
export async function companyMember(db: Db, companyGuid: string, userGuid: string, viewerGuid: string): Promise<CompanyUser> {
  const { m, u, k } = await memberOf(db, companyGuid, userGuid);
  const uses = k ? await lastUses(db, [u.guid]) : new Map<string, LastUse>();
  return memberJson(m, u, k, uses.get(u.guid), viewerGuid);
}

/** Spec part 3, 6: a person's membership is managed with the users scopes, a key's with can_create_api_keys. */
function requireScopes(company: CompanyContext, needed: readonly Scope[]) {
  const missing = needed.filter((s) => !company.permissions.has(s));
  if (missing.length) throw forbidden(`You do not have permission to perform this action (${missing.join(', ')}).`);
}

/** Every guid of `given` must be one of the company's own rows of `table`, else the field's sentence. */
async function ownRows(
  db: Db,
  table: typeof ipGroups | typeof domainGroups | typeof hostingAccounts | typeof softwarePresets,
  company: string,
  given: readonly string[] | undefined,
) {
  if (!given?.length) return true;
  const unique = [...new Set(given)];
  const rows = await db
    .select({ guid: table.guid })
    .from(table)
    .where(and(eq(table.companyGuid, company), inArray(table.guid, unique)));
  return rows.length === unique.length;
}

/** The Users tab's page: the company's people, API keys' users left out. */
export function companyUsersPage(db: Db, company: CompanyContext, viewerGuid: string, paging: Paging) {
  const filter = and(eq(memberships.companyGuid, company.guid), ne(memberships.accountType, 'API_USER'));
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (
        await db
          .select({ m: memberships, u: userColumns })
          .from(memberships)
          .innerJoin(users, eq(users.guid, memberships.userGuid))
          .where(filter)
          .orderBy(asc(memberships.dateCreated), asc(memberships.guid))
          .limit(limit)
          .offset(offset)
      ).map(({ m, u }) => memberJson(m, u, null, undefined, viewerGuid)),
    () => countRows(db, memberships, filter),
  );
}

/**
 * A new person of the company: the account, a STAFF membership with no permissions and no wider
 * reach than their maker's, and the sign-up's verification email. Answers the new member.
 */
export async function createCompanyUser(c: Context<AppEnv>, body: CreateUser): Promise<CompanyUser> {
  const company = c.var.company;
  const { db, now } = c.var.deps;
  const weak = passwordProblem(body.password, body.email);
  if (weak) throw badRequest({ password: weak });
  const emailTaken = () => badRequest({ email: EMAIL_TAKEN }, 'email_taken');
  // Refused before the password is hashed, which takes a moment; a race is the unique index's.
  const [taken] = await db.select({ guid: users.guid }).from(users).where(sql`lower(${users.email}) = ${body.email}`);
  if (taken) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  const created = await db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          defaultCompanyGuid: company.guid,
          passwordChangedAt: now(),
          dateCreated: now(),
        })
        .returning(userColumns);
      // A new member starts with nothing (the edit dialog or a preset gives what they need), and no wider reach than their maker's.
      await tx
        .insert(memberships)
        .values({ userGuid: user!.guid, companyGuid: company.guid, accountType: 'STAFF', permissions: [], ...inheritedRestrictions(company), dateCreated: now() });
      await recordActivity(c, { verb: 'created the user', object: `${user!.firstName} ${user!.lastName}`, objectType: 'user', objectGuid: user!.guid }, tx);
      // The address is proved as at sign-up before the person can sign in.
      const token = await issueEmailToken(tx, { purpose: 'VERIFY_EMAIL', userGuid: user!.guid, now: now() });
      await mailVerifyEmail(c.var.deps, tx, user!, token);
      return user!;
    })
    .catch((error: unknown) => {
      // The same address created by another request since the check above.
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  return companyMember(db, company.guid, created.guid, c.var.viewer.userGuid);
}

/** One member, to those who may see their kind: people with the users scopes, API keys' users with can_view_api_keys. */
export async function viewCompanyUser(db: Db, company: CompanyContext, userGuid: string, viewerGuid: string): Promise<CompanyUser> {
  const { m, u, k } = await memberOf(db, company.guid, userGuid);
  requireScopes(company, k || m.accountType === 'API_USER' ? ['can_view_api_keys'] : ['can_view_company_users']);
  const uses = k ? await lastUses(db, [u.guid]) : new Map<string, LastUse>();
  return memberJson(m, u, k, uses.get(u.guid), viewerGuid);
}

const ALLOWED_LIST_CHECKS = [
  ['allowed_ip_groups', ipGroups, 'Please choose IP groups of this company!'],
  ['allowed_domain_groups', domainGroups, 'Please choose domain groups of this company!'],
  ['allowed_hosting_accounts', hostingAccounts, 'Please choose hosting accounts of this company!'],
  ['allowed_software_presets', softwarePresets, 'Please choose software presets of this company!'],
] as const;

/**
 * A change to a member (or an API key's user) of the company: checked against the membership as
 * it stands, held for the transaction after the company's row, so two managers' changes are
 * judged one after the other. Answers the member as changed.
 */
export async function updateCompanyUser(c: Context<AppEnv>, userGuid: string, body: UpdateUser): Promise<CompanyUser> {
  const company = c.var.company;
  const { db, now } = c.var.deps;
  const changed = await db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const { m, u, k } = await memberOf(tx, company.guid, userGuid, true);
    const isKey = Boolean(k) || m.accountType === 'API_USER';
    requireScopes(company, isKey ? ['can_view_api_keys', 'can_create_api_keys'] : ['can_view_company_users', 'can_edit_company_users']);
    if (u.guid === c.var.viewer.userGuid) throw forbidden(NOT_YOURSELF);
    if (m.accountType === 'OWNER') throw forbidden(NOT_THE_OWNER);
    requireNotWider(company, m);
    if (isKey && (body.account_type || body.status)) throw badRequest({ account_type: "An API key's account type and status cannot be changed." });
    if (!isKey && body.api_key) throw badRequest({ api_key: 'Only an API key has API key settings.' });
    if (body.permissions) {
      const beyond = addedBeyondOwn(company, m.permissions, body.permissions);
      if (beyond.length) throw forbidden(beyondOwn(beyond));
    }
    const mine = reachOf(company);
    for (const field of ACCESS_LISTS) {
      const given = body[field];
      if (given && !withinReach(mine[field], given)) throw forbidden(BEYOND_REACH[field]);
    }
    for (const [field, table, message] of ALLOWED_LIST_CHECKS) {
      if (!(await ownRows(tx, table, company.guid, body[field]))) throw badRequest({ [field]: message });
    }
    const keyChange = body.api_key;
    if (keyChange?.date_expires && new Date(keyChange.date_expires).getTime() <= now().getTime()) throw badRequest({ date_expires: 'The expiry date must be in the future!' });
    await tx
      .update(memberships)
      .set({
        ...(body.account_type ? { accountType: body.account_type } : {}),
        ...(body.status ? { status: body.status } : {}),
        ...(body.permissions ? { permissions: body.permissions } : {}),
        ...(body.allowed_ip_groups ? { allowedIpGroups: [...new Set(body.allowed_ip_groups)] } : {}),
        ...(body.allowed_domain_groups ? { allowedDomainGroups: [...new Set(body.allowed_domain_groups)] } : {}),
        ...(body.allowed_hosting_accounts ? { allowedHostingAccounts: [...new Set(body.allowed_hosting_accounts)] } : {}),
        ...(body.allowed_software_presets ? { allowedSoftwarePresets: [...new Set(body.allowed_software_presets)] } : {}),
      })
      .where(eq(memberships.guid, m.guid));
    if (k && keyChange) {
      await tx
        .update(apiKeys)
        .set({
          ...(keyChange.name !== undefined ? { name: keyChange.name } : {}),
          ...(keyChange.allowed_ip_addresses !== undefined ? { allowedIpAddresses: keyChange.allowed_ip_addresses } : {}),
          ...(keyChange.date_expires !== undefined ? { dateExpires: keyChange.date_expires ? new Date(keyChange.date_expires) : null } : {}),
        })
        .where(eq(apiKeys.guid, k.guid));
      if (keyChange.name !== undefined) await tx.update(users).set({ firstName: keyChange.name }).where(eq(users.guid, u.guid));
    }
    await recordActivity(
      c,
      {
        verb: isKey ? 'updated the API key' : 'updated the user',
        object: isKey ? (keyChange?.name ?? k?.name ?? u.firstName) : `${u.firstName} ${u.lastName}`,
        objectType: isKey ? 'api_key' : 'user',
        objectGuid: u.guid,
      },
      tx,
    );
    return u.guid;
  });
  return companyMember(db, company.guid, changed, c.var.viewer.userGuid);
}

/** Removes a person's membership (not their account); an API key's user goes from the API Keys tab. */
export async function deleteCompanyUser(c: Context<AppEnv>, userGuid: string): Promise<void> {
  const company = c.var.company;
  await c.var.deps.db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const { m, u, k } = await memberOf(tx, company.guid, userGuid, true);
    if (k || m.accountType === 'API_USER') throw problem(400, 'Delete an API key from the API Keys tab.', { code: 'api_key_user' });
    if (u.guid === c.var.viewer.userGuid) throw forbidden(NOT_YOURSELF);
    if (m.accountType === 'OWNER') throw forbidden(NOT_THE_OWNER);
    requireNotWider(company, m);
    await tx.delete(memberships).where(eq(memberships.guid, m.guid));
    await recordActivity(c, { verb: 'removed the user', object: `${u.firstName} ${u.lastName}`, objectType: 'user', objectGuid: u.guid }, tx);
  });
}
