import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Operation } from '../../src/lib/api/define';
import type { Database } from '../../src/server/db/connection';
import { apiKeys, companies, memberships, sessionTokens, users } from '../../src/server/db/schema/index';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { operations } from '../../src/server/routes/index';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * The authorisation matrix, generated from the definitions: every operation is refused to a
 * caller without a token, in a company they are not in, without each scope it needs, to a
 * customer where the area is closed, and to an API key where keys are refused. A new
 * operation is covered the moment it is defined.
 */
let database: Database;
let t: TestApp;
let owner: { token: string; company: string };
let customer: { token: string; company: string };
let apiKeyToken: string;
let foreignCompany: string;

const SAMPLE_GUID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  owner = await t.signIn('demo@hostdeck.test');
  customer = await t.signIn('customer@hostdeck.test');
  const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreignCompany = bluebird!.guid;
  // The seed's deploy key, with a token issued here (the seed never stores one in clear).
  const [key] = await database.db.select().from(apiKeys).where(eq(apiKeys.companyGuid, owner.company));
  apiKeyToken = newToken();
  await database.db.insert(sessionTokens).values({
    userGuid: key!.userGuid,
    tokenHash: hashToken(apiKeyToken),
    kind: 'API_KEY',
    companyGuid: owner.company,
    lastUsedAt: new Date(),
    dateCreated: new Date(),
  });
  // The key is given every scope, so only the API-key rule can refuse it.
  const [apiUser] = await database.db.select().from(users).where(eq(users.guid, key!.userGuid));
  const [ownerMembership] = await database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyGuid, owner.company), eq(memberships.accountType, 'OWNER')));
  await database.db
    .update(memberships)
    .set({ permissions: ownerMembership!.permissions })
    .where(and(eq(memberships.userGuid, apiUser!.guid), eq(memberships.companyGuid, owner.company)));
});
afterAll(() => database.close());

async function request(op: Operation, auth: { token?: string; company?: string }) {
  const path = op.path.replace(/\{\w+\}/g, SAMPLE_GUID);
  const res = await t.call(op.method.toUpperCase(), path, { ...auth, ...(op.body ? { body: {} } : {}) });
  // An event stream that was let in is closed at once: only its status matters here.
  if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
  return res;
}

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { errors: string[]; code?: string };
  expect(body.errors.length).toBeGreaterThan(0);
  return body;
}

const guarded = operations.map(({ op }) => op).filter((op) => op.audience !== 'public');

describe('the authorisation matrix', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(guarded.length).toBeGreaterThan(0);
  });

  it("checks the company of every company-area path that acts for the request's company", () => {
    // These two name any company the user is in (the switcher's detail, the default company) and check that membership themselves.
    const anyOwnCompany = new Set(['auth.companies.get', 'account.companies.make_default']);
    const unchecked = guarded
      .filter((op) => op.path.startsWith('/account/companies/{guid}/') && (op.audience ?? 'member') === 'member' && !op.companyPath && !anyOwnCompany.has(op.id))
      .map((op) => op.id);
    expect(unchecked).toEqual([]);
  });

  describe.each(guarded.map((op) => [op.id, op] as const))('%s', (_id, op) => {
    it('is refused without a token', async () => {
      await refusal(await request(op, {}), 401);
    });

    it('is refused with a token that was revoked', async () => {
      const session = await t.signIn('demo@hostdeck.test');
      expect((await request(op, session)).status).not.toBe(401);
      await database.db
        .update(sessionTokens)
        .set({ revokedAt: new Date() })
        .where(eq(sessionTokens.tokenHash, hashToken(session.token)));
      await refusal(await request(op, session), 401);
    });

    if (op.audience !== 'user') {
      it('is refused in a company the user is not in', async () => {
        const body = await refusal(await request(op, { token: customer.token, company: foreignCompany }), 403);
        expect(body.code).toBe('company_forbidden');
      });
    }

    if (op.companyPath) {
      it("answers 404 for another company's path, even to its owner", async () => {
        const path = op.path.replace('{guid}', foreignCompany).replace(/\{\w+\}/g, SAMPLE_GUID);
        const body = await refusal(await t.call(op.method.toUpperCase(), path, { ...owner, ...(op.body ? { body: {} } : {}) }), 404);
        expect(body.errors).toEqual([op.companyPath]);
      });
    }

    for (const scope of op.scopes ?? []) {
      it(`is refused without ${scope}`, async () => {
        const where = and(eq(memberships.companyGuid, owner.company), eq(memberships.accountType, 'OWNER'));
        const [m] = await database.db.select().from(memberships).where(where);
        await database.db
          .update(memberships)
          .set({ permissions: m!.permissions.filter((p) => p !== scope) })
          .where(where);
        try {
          const body = await refusal(await request(op, owner), 403);
          expect(body.errors[0]).toContain(scope);
        } finally {
          await database.db.update(memberships).set({ permissions: m!.permissions }).where(where);
        }
        expect((await request(op, owner)).status).not.toBe(403);
      });
    }

    if (op.customers === false) {
      it('is closed to customer accounts', async () => {
        const body = await refusal(await request(op, customer), 403);
        expect(body.errors[0]).toBe('This area is not available for customer accounts.');
      });
    }

    if (op.apiKeys === false) {
      it('is refused to API keys', async () => {
        const body = await refusal(await request(op, { token: apiKeyToken }), 403);
        expect(body.errors[0]).toContain('API key');
      });
    } else if (op.audience !== 'user') {
      it('is not refused to an API key by the API-key rule', async () => {
        const res = await request(op, { token: apiKeyToken });
        if (res.status === 403) expect(((await res.json()) as { errors: string[] }).errors[0]).not.toContain('API key');
      });
    }
  });
});
