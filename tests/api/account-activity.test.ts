import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { emails, loginRecords, users } from '../../src/server/db/schema/index';
import { activitySentence } from '../../src/lib/rules/activity-sentence';
import type { AccountEmail, LogRecord, LoginRecord } from '../../src/lib/api/account-activity';
import type { Page } from '../../src/lib/schemas/lists';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let customer: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  customer = await t.signIn('customer@hostdeck.test');
});
afterAll(() => database.close());

const page = async <T>(res: Response) => (await res.json()) as Page<T>;

describe('GET /account/emails/', () => {
  it('lists the user’s own emails, newest first, in the list envelope', async () => {
    const res = await t.call('GET', '/account/emails/?page=1&per_page=2', demo);
    expect(res.status).toBe(200);
    const body = await page<AccountEmail>(res);
    expect(body).toMatchObject({ page: 1, per_page: 2 });
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.data).toHaveLength(2);
    expect(body.data.every((e) => e.email === 'demo@hostdeck.test')).toBe(true);
    expect(body.data[0]!.date_created >= body.data[1]!.date_created).toBe(true);
  });

  it('filters by subject and content, case-insensitively, as contains', async () => {
    const bySubject = await page<AccountEmail>(await t.call('GET', '/account/emails/?subject=WELCOME', demo));
    expect(bySubject.data.map((e) => e.subject)).toEqual(['Welcome to Hostdeck']);
    const byContent = await page<AccountEmail>(await t.call('GET', '/account/emails/?content=wrong%20password', demo));
    expect(byContent.data.map((e) => e.subject)).toEqual(['Failed sign-in attempt']);
    const literal = await page<AccountEmail>(await t.call('GET', '/account/emails/?subject=%25', demo));
    expect(literal.total).toBe(0);
  });

  it('refuses a bad page size with its sentence', async () => {
    const res = await t.call('GET', '/account/emails/?per_page=500', demo);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: ['Page size can be at most 100.'] });
  });

  it('refuses customer-type users', async () => {
    expect((await t.call('GET', '/account/emails/', customer)).status).toBe(403);
  });
});

describe('GET /account/emails/{guid}/', () => {
  it('answers one of the user’s emails with its HTML body', async () => {
    const list = await page<AccountEmail>(await t.call('GET', '/account/emails/?subject=welcome', demo));
    const res = await t.call('GET', `/account/emails/${list.data[0]!.guid}/`, demo);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ subject: 'Welcome to Hostdeck', content: expect.stringContaining('<p>'), is_sent: true, name: 'Dana Demo' });
  });

  it('answers 404 for another user’s email and for a malformed guid', async () => {
    const [staff] = await database.db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
    const [theirs] = await database.db.insert(emails).values({ userGuid: staff!.guid, subject: 'Private', content: '<p>x</p>', email: staff!.email }).returning();
    expect((await t.call('GET', `/account/emails/${theirs!.guid}/`, demo)).status).toBe(404);
    expect((await t.call('GET', '/account/emails/not-a-guid/', demo)).status).toBe(404);
  });
});

describe('GET /account/logins/', () => {
  it('lists sign-ins with country and status; a loopback address has no country', async () => {
    const body = await page<LoginRecord>(await t.call('GET', '/account/logins/?per_page=100', demo));
    expect(body.total).toBeGreaterThanOrEqual(13);
    const latest = body.data[0]!;
    expect(latest).toMatchObject({ ip_address: '127.0.0.1', status: 'SUCCESS', country: null, city: null });
    expect(body.data.some((r) => r.status === 'FAILURE')).toBe(true);
    expect(body.data.find((r) => r.country?.code === 'EE')?.country).toEqual({ code: 'EE', name: 'Estonia' });
  });

  it('looks up and stores the country of a public address (IPv4 and IPv6)', async () => {
    const [bird] = await database.db.select().from(users).where(eq(users.email, 'bluebird@hostdeck.test'));
    await database.db.insert(loginRecords).values([
      { userGuid: bird!.guid, ipAddress: '8.8.8.8', status: 'SUCCESS', timestamp: new Date(Date.now() + 60_000) },
      { userGuid: bird!.guid, ipAddress: '2a00:1450:4001:80b::200e', status: 'FAILURE', timestamp: new Date(Date.now() + 120_000) },
    ]);
    const session = await t.signIn('bluebird@hostdeck.test');
    const body = await page<LoginRecord>(await t.call('GET', '/account/logins/', session));
    expect(body.data.find((r) => r.ip_address === '8.8.8.8')?.country).toEqual({ code: 'US', name: 'United States' });
    expect(body.data.find((r) => r.ip_address?.startsWith('2a00'))?.country?.code).toBe('DE');
    const [stored] = await database.db.select().from(loginRecords).where(eq(loginRecords.ipAddress, '8.8.8.8'));
    expect(stored!.countryCode).toBe('US');
  });

  it('refuses customer-type users', async () => {
    expect((await t.call('GET', '/account/logins/', customer)).status).toBe(403);
  });
});

describe('GET /account/logs/', () => {
  it('lists the user’s own actions across companies, with the Log record shape', async () => {
    await t.call('POST', '/account/profile/', { ...demo, body: { first_name: 'Dana', last_name: 'Demo' } });
    const body = await page<LogRecord>(await t.call('GET', '/account/logs/?per_page=5', demo));
    expect(body.total).toBeGreaterThan(1);
    const first = body.data[0]!;
    expect(first).toMatchObject({
      verb: 'updated the profile of',
      action_object: 'Dana Demo',
      action_object_type: 'user',
      actor: { first_name: 'Dana', last_name: 'Demo' },
      ip_address: '127.0.0.1',
    });
    expect(Object.keys(first).sort()).toEqual(
      ['action_object', 'action_object_type', 'actor', 'date_created', 'guid', 'ip_address', 'target', 'target_type', 'user_agent', 'verb'].sort(),
    );
    expect(activitySentence(first)).toBe('Dana Demo updated the profile of Dana Demo');
  });

  it('does not show other users’ actions', async () => {
    const staff = await t.signIn('staff@hostdeck.test');
    const body = await page<LogRecord>(await t.call('GET', '/account/logs/?per_page=100', staff));
    expect(body.data.every((r) => r.actor.first_name === 'Sam')).toBe(true);
  });

  it('refuses customer-type users', async () => {
    expect((await t.call('GET', '/account/logs/', customer)).status).toBe(403);
  });
});

describe('through the shared client', () => {
  it('lists and opens emails with the requesters the panel uses', async () => {
    const { listEmails, getEmail } = await import('../../src/lib/requests/account-activity');
    const session = await t.signIn('demo@hostdeck.test');
    const api = t.client(session);
    const page = await listEmails(api, { page: 1, per_page: 10 });
    expect(page.per_page).toBe(10);
    expect(page.data.length).toBeGreaterThan(0);
    const one = await getEmail(api, page.data[0]!.guid);
    expect(one.guid).toBe(page.data[0]!.guid);
    await expect(getEmail(api, 'not-a-guid')).rejects.toMatchObject({ status: 404, body: { errors: ['Email not found.'] } });
  });
});
