import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { sessionTokens, users } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import type { Api } from '../../src/lib/api/client';
import { ApiError } from '../../src/lib/errors';
import { login, logout, whoami } from '../../src/lib/requests/auth';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

/** The session of a client works, or has ended (401). */
const works = (api: Api) => expect(whoami(api)).resolves.toMatchObject({ user: expect.any(Object) });
const ended = (api: Api) => expect(whoami(api)).rejects.toMatchObject({ status: 401 });
/** The API error a call must fail with. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => Promise.reject(new Error('the call was expected to fail')),
    (error: unknown) => (error instanceof ApiError ? error : Promise.reject(error)),
  );

describe('POST /auth/login/', () => {
  it('signs the demo owner in with a token and the session user', async () => {
    const body = await login(t.client(), { email: ' Demo@Hostdeck.test ', password: DEMO_PASSWORD });
    if (!('token' in body)) throw new Error('the demo owner was asked for a second step');
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    expect(body.user.email).toBe('demo@hostdeck.test');
    expect(body.user.company.name).toBe('Northwind Web Agency');
    expect(body.user.company.permissions).toContain('can_view_billing');
  });

  it('answers each missing field with its sentence', async () => {
    const { status, body } = await failure(login(t.client(), { email: '  ', password: '' }));
    expect(status).toBe(400);
    expect(body.errors).toEqual(['Please enter your email address!', 'Please enter your password!']);
    expect(body.fields).toEqual({ email: 'Please enter your email address!', password: 'Please enter your password!' });
  });

  it('refuses a wrong password with one sentence that does not say whether the account exists', async () => {
    const wrong = await t.call('POST', '/auth/login/', { body: { email: 'staff@hostdeck.test', password: 'nope' }, headers: { 'x-test-ip': '10.0.0.2' } });
    const unknown = await t.call('POST', '/auth/login/', { body: { email: 'nobody@hostdeck.test', password: 'nope' }, headers: { 'x-test-ip': '10.0.0.2' } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errors: ['Unable to log in with provided credentials.'] });
    expect(await unknown.json()).toMatchObject({ errors: ['Unable to log in with provided credentials.'] });
  });

  it('throttles repeated wrong passwords for one account, even from different addresses', async () => {
    const email = 'customer@hostdeck.test';
    for (let i = 0; i < t.deps.config.loginMaxFailures; i++) {
      const res = await t.call('POST', '/auth/login/', { body: { email, password: `guess-${i}` }, headers: { 'x-test-ip': `10.1.0.${i}` } });
      expect(res.status).toBe(400);
    }
    const blocked = await t.call('POST', '/auth/login/', { body: { email, password: DEMO_PASSWORD }, headers: { 'x-test-ip': '10.1.1.1' } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ errors: ['Too many failed sign-in attempts. Please wait 15 minutes and try again.'] });
    t.advance(16 * 60_000);
    const again = await t.call('POST', '/auth/login/', { body: { email, password: DEMO_PASSWORD }, headers: { 'x-test-ip': '10.1.1.1' } });
    expect(again.status).toBe(200);
  });
});

describe('stored secrets', () => {
  it('stores passwords as argon2id hashes, never as text', async () => {
    const rows = await database.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(r.hash).not.toContain(DEMO_PASSWORD);
    }
  });

  it('stores session tokens only as their SHA-256', async () => {
    const { token } = await t.signIn('demo@hostdeck.test');
    const hashed = createHash('sha256').update(token).digest('hex');
    const [row] = await database.db.select().from(sessionTokens).where(eq(sessionTokens.tokenHash, hashed));
    expect(row).toBeDefined();
    const leaked = await database.db.select().from(sessionTokens).where(eq(sessionTokens.tokenHash, token));
    expect(leaked).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('gives a new token at each sign-in and ends it at sign-out', async () => {
    const a = await t.signIn('demo@hostdeck.test');
    const b = await t.signIn('demo@hostdeck.test');
    expect(a.token).not.toBe(b.token);
    expect(await logout(t.client({ token: a.token }))).toEqual({ success: true });
    await ended(t.client({ token: a.token }));
    await works(t.client({ token: b.token }));
  });

  it('ends a session left idle too long', async () => {
    const api = t.client({ token: (await t.signIn('demo@hostdeck.test')).token });
    t.advance((t.deps.config.sessionIdleMinutes - 5) * 60_000);
    await works(api);
    t.advance((t.deps.config.sessionIdleMinutes + 1) * 60_000);
    await expect(whoami(api)).rejects.toMatchObject({ status: 401, body: { errors: ['Your session has ended. Please sign in again.'] } });
  });

  it('ends a session at its absolute expiry even when used all along', async () => {
    const api = t.client({ token: (await t.signIn('demo@hostdeck.test')).token });
    const step = (t.deps.config.sessionIdleMinutes / 2) * 60_000;
    const hours = t.deps.config.sessionMaxHours * 3_600_000;
    for (let spent = 0; spent + step < hours; spent += step) {
      t.advance(step);
      await works(api);
    }
    t.advance(step);
    await ended(api);
  });
});

describe('GET /account/whoami/', () => {
  it('answers the user, the company and the companies to switch to', async () => {
    const { token } = await t.signIn('demo@hostdeck.test');
    const { user } = await whoami(t.client({ token }));
    expect(user.is_customer).toBe(false);
    expect(user.company.is_partner).toBe(true);
    expect(user.company.account_type).toBe('OWNER');
    expect(user.company.account_manager).not.toBeNull();
    expect(user.company_list.map((c) => c.name).sort()).toEqual(['Bluebird Media Ltd', 'Northwind Web Agency']);
  });

  it('acts for the company named in the Company header when the user belongs to it', async () => {
    const { token } = await t.signIn('demo@hostdeck.test');
    const me = await whoami(t.client({ token }));
    const second = me.user.company_list.find((c) => c.name === 'Bluebird Media Ltd')!;
    const body = await whoami(t.client({ token, company: second.guid }));
    expect(body.user.company.name).toBe('Bluebird Media Ltd');
    expect(body.user.company.account_type).toBe('STAFF');
    expect(body.user.company.permissions).not.toContain('can_view_company_users');
  });
});
