import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { createApiKeyOp, deleteApiKeyOp, listApiKeyPermissionsOp, listApiKeysOp } from '../../lib/api/company';
import { ALL_SCOPES } from '../../lib/rules/scopes';
import { API_KEY_NOT_FOUND, EXPIRY_PAST } from '../../lib/schemas/company';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken } from '../auth/tokens';
import { apiKeys, memberships, sessionTokens, users } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { badRequest, forbidden, notFound } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { addedBeyondOwn, apiKeyJson, beyondOwn, lastUses, requireNotWider } from './company-users';
import { inheritedRestrictions } from '../services/access';


/**
 * API Keys (spec part 3, 2.9, 3 'API key', 4, 5, 7). A key is a user of kind API_USER with its
 * own membership (its permissions) and one session token of kind API_KEY (the secret, shown
 * once); deleting the key deletes that user, so the token stops working at once.
 */
export const companyApiKeyOperations = [
  implement(listApiKeyPermissionsOp, async (c, { params }) => {
    const company = c.var.company;
    return { permissions: [...ALL_SCOPES], grantable: ALL_SCOPES.filter((s) => company.permissions.has(s)) };
  }),

  implement(listApiKeysOp, async (c, { params, query }) => {
    const company = c.var.company;
    const { db } = c.var.deps;
    const filter = eq(apiKeys.companyGuid, company.guid);
    return pageOfRows(
      query,
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
  }),

  implement(createApiKeyOp, async (c, { params, body }) => {
    const company = c.var.company;
    const { db, now } = c.var.deps;
    const permissions = body.permissions ?? [];
    const beyond = addedBeyondOwn(company, [], permissions);
    if (beyond.length) throw forbidden(beyondOwn(beyond));
    const expires = body.date_expires ? new Date(body.date_expires) : null;
    if (expires && expires.getTime() <= now().getTime()) throw badRequest({ date_expires: EXPIRY_PAST });
    // The key's user never signs in: no address of its own, and a password nobody knows.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const token = newToken();
    const created = await db.transaction(async (tx) => {
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
      await tx.insert(memberships).values({ userGuid: user!.guid, companyGuid: company.guid, accountType: 'API_USER', permissions, ...inheritedRestrictions(company), dateCreated: now() });
      const [key] = await tx
        .insert(apiKeys)
        .values({ companyGuid: company.guid, name: body.name, userGuid: user!.guid, allowedIpAddresses: body.allowed_ip_addresses, createdBy: c.var.viewer.userGuid, dateExpires: expires, dateCreated: now() })
        .returning();
      // Only a hash of the token is kept; no address until the key is first used.
      await tx.insert(sessionTokens).values({ userGuid: user!.guid, tokenHash: hashToken(token), kind: 'API_KEY', companyGuid: company.guid, lastUsedAt: now(), dateCreated: now() });
      await recordActivity(c, { verb: 'created the API key', object: body.name, objectType: 'api_key', objectGuid: key!.guid }, tx);
      return key!;
    });
    return c.json({ message: 'API key successfully created!', guid: created.guid, user_id: created.userGuid, token }, 201);
  }),

  implement(deleteApiKeyOp, async (c, { params }) => {
    const company = c.var.company;
    const { db } = c.var.deps;
    const [key] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.guid, params.keyGuid), eq(apiKeys.companyGuid, company.guid)));
    if (!key) throw notFound(API_KEY_NOT_FOUND);
    const [membership] = await db.select().from(memberships).where(and(eq(memberships.userGuid, key.userGuid), eq(memberships.companyGuid, company.guid)));
    if (membership) requireNotWider(company, membership);
    await db.transaction(async (tx) => {
      await recordActivity(c, { verb: 'deleted the API key', object: key.name, objectType: 'api_key', objectGuid: key.guid }, tx);
      // The key, its membership and its token go with its user.
      await tx.delete(users).where(eq(users.guid, key.userGuid));
    });
    return { message: 'API key successfully deleted!' };
  }),
];
