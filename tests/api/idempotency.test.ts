import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { companies, idempotencyKeys } from '../../src/server/db/schema/index';
import { createCompany } from '../../src/lib/requests/account';
import { IDEMPOTENCY_WINDOW_MS, KEY_INVALID, KEY_REUSED } from '../../src/server/http/idempotency';
import { openSeededApp, type TestApp } from './helpers/app';

/** Idempotency keys, on the first call that takes them: creating a company. */
let database: Database;
let t: TestApp;
let demo: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
});
afterAll(() => database.close());

const company = (name: string) => ({
  name,
  address1: 'Sadama 5',
  city: 'Tallinn',
  region: 'Harju',
  postal_code: '10111',
  country: 'EE',
  phone: '+372 600 0000',
  currency: 'EUR' as const,
});
const named = async (name: string) => (await database.db.select().from(companies).where(eq(companies.name, name))).length;

describe('Idempotency-Key on POST /account/companies/', () => {
  it('answers a repeat with the first answer and creates one company', async () => {
    const api = t.client(demo);
    const first = await createCompany(api, company('Once Only Ltd'), 'key-once');
    const again = await createCompany(api, company('Once Only Ltd'), 'key-once');
    expect(again).toEqual(first);
    expect(await named('Once Only Ltd')).toBe(1);
    const raw = await t.call('POST', '/account/companies/', { token: demo.token, body: company('Once Only Ltd'), headers: { 'Idempotency-Key': 'key-once' } });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('idempotent-replayed')).toBe('true');
  });

  it('runs two simultaneous requests with one key once', async () => {
    const api = t.client(demo);
    const results = await Promise.allSettled([createCompany(api, company('Double Click Ltd'), 'key-double'), createCompany(api, company('Double Click Ltd'), 'key-double')]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, code: 'idempotency_key_in_flight' });
    expect(await named('Double Click Ltd')).toBe(1);
  });

  it('refuses the same key with another request, changing nothing', async () => {
    const api = t.client(demo);
    await createCompany(api, company('First Body Ltd'), 'key-reused');
    await expect(createCompany(api, company('Second Body Ltd'), 'key-reused')).rejects.toMatchObject({ status: 422, body: { errors: [KEY_REUSED] } });
    expect(await named('Second Body Ltd')).toBe(0);
  });

  it('frees the key when the first request is refused, so a corrected retry goes through', async () => {
    const api = t.client(demo);
    await expect(createCompany(api, { ...company('Fixed Later Ltd'), city: '' }, 'key-retry')).rejects.toMatchObject({ status: 400 });
    await createCompany(api, company('Fixed Later Ltd'), 'key-retry');
    expect(await named('Fixed Later Ltd')).toBe(1);
  });

  it('refuses a key that is too long or holds control characters', async () => {
    for (const key of ['x'.repeat(256), 'a\tb']) {
      const res = await t.call('POST', '/account/companies/', { token: demo.token, body: company('Bad Key Ltd'), headers: { 'Idempotency-Key': key } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ errors: [KEY_INVALID] });
    }
    expect(await named('Bad Key Ltd')).toBe(0);
    expect((await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'a\tb'))).length).toBe(0);
  });

  it('creates each time without a key', async () => {
    const api = t.client(demo);
    await createCompany(api, company('No Key Ltd'));
    await createCompany(api, company('No Key Ltd'));
    expect(await named('No Key Ltd')).toBe(2);
  });
  // Last: it moves the server's clock a day on, past the other tests' session.
  it('forgets a key after 24 hours', async () => {
    const api = t.client(demo);
    await createCompany(api, company('Yesterday Ltd'), 'key-old');
    t.advance(IDEMPOTENCY_WINDOW_MS + 60_000);
    const session = await t.signIn('demo@hostdeck.test');
    await createCompany(t.client(session), company('Yesterday Ltd'), 'key-old');
    expect(await named('Yesterday Ltd')).toBe(2);
  });
});
