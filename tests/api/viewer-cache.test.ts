import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { apiKeys, companies, memberships, sessionTokens, users } from '../../src/server/db/schema/index';
import { hashToken } from '../../src/server/auth/tokens';
import { createApiKey } from '../../src/lib/requests/company';
import type { TestApp } from './helpers/app';
import { DEMO_EMAIL, useDemoApp, type Session } from './helpers/demo-app';

let database: Database;
let t: TestApp;
let demo: Session;

useDemoApp((app) => ({ database, t, demo } = app));

/**
 * Issue 6, "the cost of a signed-in request": a repeated token is answered from memory, and
 * every change to who it is or what it may do reaches the next request, whether it came
 * through the API or straight to the database (a job, another tool). On PGlite and, in
 * `.ci/run`, on PostgreSQL; tests/api/task-events-postgres.test.ts covers a second process.
 */
const whoami = (session: Session) => t.call('GET', '/account/whoami/', { token: session.token, company: session.company });
const ipList = (session: Session) => t.call('GET', '/ip_addresses/?page=1&per_page=25', { token: session.token, company: session.company });
const sessionOf = (session: Session) => eq(sessionTokens.tokenHash, hashToken(session.token));
const demoUser = async () => (await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, DEMO_EMAIL)))[0]!.guid;
const ownerMembership = async (session: Session) => and(eq(memberships.userGuid, await demoUser()), eq(memberships.companyGuid, session.company));

/** A session of its own, already answered once (so remembered), for a test that changes it. */
async function rememberedSession(): Promise<Session> {
  const session = await t.signIn(DEMO_EMAIL);
  const before = t.deps.viewers.size;
  expect((await ipList(session)).status).toBe(200);
  expect(t.deps.viewers.size).toBe(before + 1);
  return session;
}

describe('the viewer of a token', () => {
  it('is remembered: a repeated token asks the database nothing about its session', async () => {
    const session = await rememberedSession();
    // The idle clock is the one column no notice covers: read from the database, this session
    // would have been idle for a day; the remembered viewer answers.
    await database.db.update(sessionTokens).set({ lastUsedAt: sql`now() - interval '1 day'` }).where(sessionOf(session));
    expect((await whoami(session)).status).toBe(200);
  });

  it('stops on the next request once the session is revoked in the database', async () => {
    const session = await rememberedSession();
    await database.db.update(sessionTokens).set({ revokedAt: new Date() }).where(sessionOf(session));
    expect((await whoami(session)).status).toBe(401);
  });

  it('loses a permission on the next request, and gets it back on the one after', async () => {
    const session = await rememberedSession();
    const owner = await ownerMembership(session);
    const [m] = await database.db.select({ permissions: memberships.permissions }).from(memberships).where(owner);
    await database.db
      .update(memberships)
      .set({ permissions: m!.permissions.filter((p) => p !== 'can_view_ip_addresses') })
      .where(owner);
    try {
      expect((await ipList(session)).status).toBe(403);
    } finally {
      await database.db.update(memberships).set({ permissions: m!.permissions }).where(owner);
    }
    expect((await ipList(session)).status).toBe(200);
  });

  it('loses the company when the membership is disabled', async () => {
    const session = await rememberedSession();
    const owner = await ownerMembership(session);
    await database.db.update(memberships).set({ status: 'DISABLED' }).where(owner);
    try {
      const res = await ipList(session);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'company_forbidden' });
    } finally {
      await database.db.update(memberships).set({ status: 'ACTIVE' }).where(owner);
    }
  });

  it("follows the user's account type and the company's name", async () => {
    const session = await rememberedSession();
    const user = await demoUser();
    const [company] = await database.db.select({ name: companies.name }).from(companies).where(eq(companies.guid, session.company));
    await database.db.update(companies).set({ name: 'Renamed Agency' }).where(eq(companies.guid, session.company));
    await database.db.update(users).set({ isCustomer: true }).where(eq(users.guid, user));
    try {
      expect(((await (await whoami(session)).json()) as { user: { company: { name: string } } }).user.company.name).toBe('Renamed Agency');
      // The account area is closed to customer accounts (spec part 1, 7).
      expect((await t.call('GET', '/account/profile/', { token: session.token, company: session.company })).status).toBe(403);
    } finally {
      await database.db.update(companies).set({ name: company!.name }).where(eq(companies.guid, session.company));
      await database.db.update(users).set({ isCustomer: false }).where(eq(users.guid, user));
    }
  });

  it("follows an API key's allowlist", async () => {
    const created = await createApiKey(t.client(demo), demo.company, { name: 'Cache check', allowed_ip_addresses: '127.0.0.1', permissions: ['can_view_ip_addresses'] });
    const key = { token: created.token, company: demo.company };
    expect((await ipList(key)).status).toBe(200);
    await database.db
      .update(apiKeys)
      .set({ allowedIpAddresses: ['192.0.2.10'] })
      .where(eq(apiKeys.guid, created.guid));
    expect((await ipList(key)).status).toBe(403);
  });

  it('keeps one entry per token for every header that names no company, however long', async () => {
    const session = await rememberedSession();
    const before = t.deps.viewers.size;
    for (const header of ['not a guid', 'x'.repeat(8000), 'another one']) {
      const res = await t.call('GET', '/account/whoami/', { token: session.token, company: header });
      expect(res.status).toBe(403);
    }
    expect(t.deps.viewers.size).toBe(before + 1);
  });

  it('forgets everything when a table is truncated', async () => {
    await rememberedSession();
    expect(t.deps.viewers.size).toBeGreaterThan(0);
    // Nothing references API keys; a TRUNCATE fires no row triggers, only the statement's notice.
    await database.db.execute(sql`truncate api_keys`);
    expect(t.deps.viewers.size).toBe(0);
  });
});
