import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { authThrottles } from '../../src/server/db/schema/index';
import { createApiApp } from '../../src/server/app';
import { BODY_NOT_JSON, BODY_TOO_LARGE, MAX_BODY_BYTES, NOT_FOUND, URL_HAS_CONTROLS, URL_NOT_DECODABLE } from '../../src/lib/rules/api-input';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let owner: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  owner = await t.signIn('demo@hostdeck.test');
});
afterAll(() => database.close());

interface Envelope {
  errors: string[];
  code?: string;
  fields?: Record<string, string>;
  request_id?: string;
}

async function envelope(res: Response, status: number): Promise<Envelope> {
  expect(res.status, res.url).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = (await res.json()) as Envelope;
  expect(body.errors.length).toBeGreaterThan(0);
  for (const sentence of body.errors) expect(sentence.length).toBeGreaterThan(5);
  return body;
}

const raw = (method: string, path: string, init: { token?: string; body?: string; type?: string } = {}) =>
  Promise.resolve(
    t.app.request(path, {
      method,
      headers: { ...(init.token ? { Authorization: `Token ${init.token}` } : {}), ...(init.type ? { 'Content-Type': init.type } : {}) },
      ...(init.body !== undefined ? { body: init.body } : {}),
    }),
  );

describe('a NUL character in a text value', () => {
  it('is refused with a sentence at sign-in, before any database lookup', async () => {
    const body = await envelope(await t.call('POST', '/auth/login/', { body: { email: 'a\u0000b@example.org', password: 'x' } }), 400);
    expect(body.fields).toEqual({ email: 'Email address cannot contain control characters.' });
  });

  it('is refused in a path, public or signed in', async () => {
    expect((await envelope(await t.call('GET', '/system/errors/a%00b/'), 400)).errors).toEqual([URL_HAS_CONTROLS]);
    expect((await envelope(await t.call('GET', '/system/support/a%00b/', { token: owner.token }), 400)).errors).toEqual([URL_HAS_CONTROLS]);
    await envelope(await t.call('GET', '/account/emails/a%00b/', { token: owner.token }), 400);
  });

  it('is refused in search and list filters with the field it is in', async () => {
    const ip = await envelope(await t.call('GET', '/ip_addresses/?search=a%00b', { token: owner.token }), 400);
    expect(ip.fields).toEqual({ 'search.0': 'A search value cannot contain control characters.' });
    const search = await envelope(await t.call('GET', '/system/search/?q=a%00b', { token: owner.token }), 400);
    expect(search.fields).toEqual({ q: 'The search cannot contain control characters.' });
    const emails = await envelope(await t.call('GET', '/account/emails/?subject=a%00b', { token: owner.token }), 400);
    expect(emails.fields).toEqual({ subject: 'A filter cannot contain control characters.' });
  });

  it('is refused in every other C0 control except where a multi-line text allows it', async () => {
    for (const control of ['\u0001', '\u001b', '\u007f', '\t', '\n']) {
      const res = await t.call('POST', '/account/profile/', { token: owner.token, body: { first_name: `A${control}da`, last_name: 'Lovelace' } });
      expect((await envelope(res, 400)).fields, JSON.stringify(control)).toEqual({ first_name: 'First name cannot contain control characters.' });
    }
  });
});

describe('length limits', () => {
  it('refuse a 10 KB email at sign-in with a sentence, and keep no key of that size', async () => {
    const email = `${'a'.repeat(10_000)}@example.org`;
    const body = await envelope(await t.call('POST', '/auth/login/', { body: { email, password: 'x' } }), 400);
    expect(body.fields).toEqual({ email: 'Email address can be at most 254 characters long.' });
    const [longest] = await database.db.select({ n: sql<number>`coalesce(max(length(${authThrottles.key})), 0)` }).from(authThrottles);
    expect(Number(longest!.n)).toBeLessThanOrEqual(64);
  });

  it('store throttle counters under a fixed-size key whatever the email', async () => {
    const email = `${'b'.repeat(240)}@example.org`;
    const res = await t.call('POST', '/auth/login/', { body: { email, password: 'wrong-password' } });
    await envelope(res, 400);
    const keys = await database.db.select({ key: authThrottles.key }).from(authThrottles);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuse a body larger than the API takes', async () => {
    const body = JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(MAX_BODY_BYTES) });
    expect((await envelope(await raw('POST', '/auth/login/', { body, type: 'application/json' }), 413)).errors).toEqual([BODY_TOO_LARGE]);
  });
});

describe('every answer under the API is its own envelope', () => {
  it('answers an unknown address 404 whatever the method, body or content type, signed in or not', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const bodies =
        method === 'GET'
          ? []
          : [
              { body: 'a=b', type: 'application/x-www-form-urlencoded' },
              { body: 'hello', type: 'text/plain' },
            ];
      for (const init of [{}, ...bodies, { token: owner.token }]) {
        expect((await envelope(await raw(method, '/no/such/address/', init), 404)).errors).toEqual([NOT_FOUND]);
      }
    }
  });

  it('answers a known address with the wrong method 405 and says which methods it takes', async () => {
    const res = await raw('DELETE', '/auth/login/');
    const body = await envelope(res, 405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(body.errors[0]).toContain('POST');
    await envelope(await raw('PUT', '/account/whoami/', { token: owner.token }), 405);
  });

  it('answers an address that does not decode 400, in the path or the query', async () => {
    for (const path of ['/account/emails/%ff/', '/account/logins/?page=%ff', '/account/logins/?page=%', '/system/errors/%e0%a4/']) {
      expect((await envelope(await raw('GET', path, { token: owner.token }), 400)).errors, path).toEqual([URL_NOT_DECODABLE]);
    }
  });

  it('answers a body that is not JSON with a sentence, whatever its content type', async () => {
    for (const [body, type] of [
      ['a=b', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['{"email":', 'application/json'],
    ]) {
      expect((await envelope(await raw('POST', '/auth/login/', { body, type }), 400)).errors).toEqual([BODY_NOT_JSON]);
    }
  });
});

describe('field errors', () => {
  it('are built without trusting field names from the request', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await raw('POST', '/account/account-setup/', { token: owner.token, body: `{"${name}": true}`, type: 'application/json' });
      const body = await envelope(res, 400);
      expect(Object.keys(body.fields ?? {}), name).toEqual([name]);
    }
  });
});

describe('a server error', () => {
  it('is logged with a request id that the 500 answer carries', async () => {
    const broken = await openSeededApp();
    await broken.database.close();
    const app = createApiApp({ ...broken.t.deps });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.request('/auth/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.org', password: 'x' }),
    });
    const body = await envelope(res, 500);
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(body.request_id);
    expect(body.errors[0]).toContain(body.request_id);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(body.request_id!), expect.anything());
    logged.mockRestore();
  });
});
