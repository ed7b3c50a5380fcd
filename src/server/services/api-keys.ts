import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { createApiKeyOp } from '../../lib/api/company';
import { API_KEY_NOT_FOUND, EXPIRY_PAST } from '../../lib/schemas/company';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { apiKeys, memberships, sessionTokens, users } from '../db/schema/index';
import { badRequest, forbidden, notFound } from '../http/errors';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken } from '../auth/tokens';
import { recordActivity } from './activity';
import { inheritedRestrictions } from './access';
import { addedBeyondOwn, apiKeyJson, beyondOwn, lastUses, requireNotWider } from './company-users';

/**
 * API keys (spec part 3, 2.9, 3 'API key', 4, 5, 7). A key is a user of kind API_USER with its
 * own membership (its permissions) and one session token of kind API_KEY (the secret, shown
 * once); deleting the key deletes that user, so the token stops working at once.
 */

type CreateKey = ParsedInput<typeof createApiKeyOp>['body'];

export interface CreatedApiKey {
  guid: string;
  userGuid: string;
  /** The secret: answered once, only its hash is kept. */
  token: string;
}

/** The API Keys tab's page, newest first, each with its permissions and last use. */
export function apiKeysPage(db: Db, companyGuid: string, paging: Paging) {
  const filter = eq(apiKeys.companyGuid, companyGuid);
  return pageOfRows(
    paging,
    async (limit, offset) => {
      const rows = await db
        .select({ k: apiKeys, permissions: memberships.permissions })
        .from(apiKeys)
        .leftJoin(memberships, and(eq(memberships.userGuid, apiKeys.userGuid), eq(memberships.companyGuid, apiKeys.companyGuid)))
        .where(filter)
        .orderBy(desc(apiKeys.dateCreated), desc(apiKeys.guid))
        .limit(limit)
        .offset(offset);
      const uses = await lastUses(
        db,
        rows.map((r) => r.k.userGuid),
      );
      return rows.map((r) => apiKeyJson(r.k, r.permissions ?? [], uses.get(r.k.userGuid)));
    },
    () => countRows(db, apiKeys, filter),
  );
}

/** A new key of the company: its user, membership (no wider than its maker's), key row and token, in one transaction. */
export async function createApiKey(c: Context<AppEnv>, body: CreateKey): Promise<CreatedApiKey> {
  const company: CompanyContext = c.var.company;
  const { db, now } = c.var.deps;
  const permissions = body.permissions ?? [];
  const beyond = addedBeyondOwn(company, [], permissions);
  if (beyond.length) throw forbidden(beyondOwn(beyond));
  const expires = body.date_expires ? new Date(body.date_expires) : null;
  if (expires && expires.getTime() <= now().getTime()) throw badRequest({ date_expires: EXPIRY_PAST });
  // The key's user never signs in: no address of its own, and a password nobody knows.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const token = newToken();
  const key = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: `api-key-${randomUUID()}@api-keys.invalid`,
        passwordHash,
        firstName: body.name,
        lastName: '',
        userKind: 'API_USER',
        emailVerifiedAt: now(),
        defaultCompanyGuid: company.guid,
        dateCreated: now(),
      })
      .returning({ guid: users.guid });
    await tx
      .insert(memberships)
      .values({ userGuid: user!.guid, companyGuid: company.guid, accountType: 'API_USER', permissions, ...inheritedRestrictions(company), dateCreated: now() });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyGuid: company.guid,
        name: body.name,
        userGuid: user!.guid,
        allowedIpAddresses: body.allowed_ip_addresses,
        createdBy: c.var.viewer.userGuid,
        dateExpires: expires,
        dateCreated: now(),
      })
      .returning();
    // Only a hash of the token is kept; no address until the key is first used.
    await tx.insert(sessionTokens).values({ userGuid: user!.guid, tokenHash: hashToken(token), kind: 'API_KEY', companyGuid: company.guid, lastUsedAt: now(), dateCreated: now() });
    await recordActivity(c, { verb: 'created the API key', object: body.name, objectType: 'api_key', objectGuid: row!.guid }, tx);
    return row!;
  });
  return { guid: key.guid, userGuid: key.userGuid, token };
}

/** Deletes a key of the company that is no wider than its deleter, with its user, membership and token. */
export async function deleteApiKey(c: Context<AppEnv>, keyGuid: string): Promise<void> {
  const company = c.var.company;
  await c.var.deps.db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const [key] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.guid, keyGuid), eq(apiKeys.companyGuid, company.guid)))
      .for('update');
    if (!key) throw notFound(API_KEY_NOT_FOUND);
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.userGuid, key.userGuid), eq(memberships.companyGuid, company.guid)));
    if (membership) requireNotWider(company, membership);
    await recordActivity(c, { verb: 'deleted the API key', object: key.name, objectType: 'api_key', objectGuid: key.guid }, tx);
    // The key, its membership and its token go with its user.
    await tx.delete(users).where(eq(users.guid, key.userGuid));
  });
}
