import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { companies, ipGroups, memberships, users } from '../../src/server/db/schema/index';
import { PUBLIC_PATHS } from '../../src/server/app';
import { honoPath } from '../../src/server/http/operation';
import { operations } from '../../src/server/routes/index';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let partner: string;
let second: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  const rows = await database.db.select({ guid: companies.guid, name: companies.name }).from(companies);
  partner = rows.find((r) => r.name === 'Northwind Web Agency')!.guid;
  second = rows.find((r) => r.name === 'Bluebird Media Ltd')!.guid;
});
afterAll(() => database.close());

const SAMPLE_PARAM = '00000000-0000-4000-8000-000000000000';

describe('authentication on every route', () => {
  // Public: the legacy routes listed in PUBLIC_PATHS and the operations defined as public.
  const publicOperations = operations.filter(({ op }) => op.audience === 'public').map(({ op }) => honoPath(op.path));
  const publicPaths = new Set<string>([...PUBLIC_PATHS, ...publicOperations]);
  it('answers 401 without a token on every route that is not public', async () => {
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && !publicPaths.has(r.path));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const r of routes) {
      const path = `${r.path.replace(/:\w+/g, SAMPLE_PARAM)}/`;
      const res = await t.call(r.method, path);
      expect.soft(res.status, `${r.method} ${path}`).toBe(401);
      expect.soft(await res.json(), `${r.method} ${path}`).toMatchObject({ errors: [expect.any(String)] });
    }
  });

  it('answers 401 for a token that was never issued', async () => {
    const res = await t.call('GET', '/account/whoami/', { token: 'not-a-real-token' });
    expect(res.status).toBe(401);
  });

  it('serves the public routes without a token', async () => {
    expect((await t.call('GET', '/system/whitelabel/')).status).toBe(200);
    expect((await t.call('GET', '/system/errors/payment_failed/')).status).toBe(200);
  });
});

describe('the Company header', () => {
  it('refuses a company the user does not belong to', async () => {
    const { token } = await t.signIn('customer@hostdeck.test');
    for (const path of ['/account/whoami/', '/dashboard/', '/ip_addresses/']) {
      const res = await t.call('GET', path, { token, company: second });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ errors: ['You are not a member of this company.'] });
    }
  });

  it('refuses a company that does not exist', async () => {
    const { token } = await t.signIn('demo@hostdeck.test');
    expect((await t.call('GET', '/dashboard/', { token, company: SAMPLE_PARAM })).status).toBe(403);
  });

  it("answers 404 for another company's object", async () => {
    const { token } = await t.signIn('customer@hostdeck.test');
    const res = await t.call('GET', `/account/validate_company/${second}/`, { token });
    expect(res.status).toBe(404);
    const [otherGroup] = await database.db.select().from(ipGroups).where(eq(ipGroups.companyGuid, second));
    const list = await t.call('GET', `/ip_addresses/?group=${otherGroup!.guid}`, { token });
    expect(list.status).toBe(404);
  });
});

describe('malformed ids', () => {
  it('are refused with a sentence, never reach a uuid column as a server error', async () => {
    const { token } = await t.signIn('demo@hostdeck.test');
    const dashes = '-'.repeat(36);
    expect((await t.call('GET', `/account/validate_company/${dashes}/`, { token })).status).toBe(404);
    expect((await t.call('GET', `/account/emails/${dashes}/`, { token })).status).toBe(404);
    expect((await t.call('POST', `/account/2fa/${dashes}/`, { token, body: { code: '123456' } })).status).toBe(404);
    const step = await t.call('POST', '/auth/login/2fa/', { body: { session_id: dashes, code: '123456', code_type: 'CODE' } });
    expect(step.status).toBe(400);
    expect(await step.json()).toMatchObject({ code: 'challenge_expired' });
    expect((await t.call('GET', `/account/unsubscribe/?eid=${dashes}`)).status).toBe(404);
  });
});

describe('scopes', () => {
  it('refuses a route to a user who lacks its scope, and allows it once granted', async () => {
    const [staff] = await database.db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
    const where = and(eq(memberships.userGuid, staff!.guid), eq(memberships.companyGuid, partner));
    const [m] = await database.db.select().from(memberships).where(where);
    await database.db
      .update(memberships)
      .set({ permissions: m!.permissions.filter((p) => p !== 'can_view_ip_addresses') })
      .where(where);
    const { token } = await t.signIn('staff@hostdeck.test');
    const refused = await t.call('GET', '/ip_addresses/', { token });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toContain('can_view_ip_addresses');
    await database.db.update(memberships).set({ permissions: m!.permissions }).where(where);
    expect((await t.call('GET', '/ip_addresses/', { token })).status).toBe(200);
  });

  it('leaves billing counts at zero on the dashboard for a user without can_view_billing', async () => {
    const staff = await t.signIn('staff@hostdeck.test');
    const owner = await t.signIn('demo@hostdeck.test');
    const mine = (await (await t.call('GET', '/dashboard/', { token: staff.token })).json()) as Record<string, number>;
    const theirs = (await (await t.call('GET', '/dashboard/', { token: owner.token })).json()) as Record<string, number>;
    expect(theirs.unpaid_invoices).toBeGreaterThan(0);
    expect(mine.unpaid_invoices).toBe(0);
    expect(mine.domain_count).toBe(theirs.domain_count);
  });
});
