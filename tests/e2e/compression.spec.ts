import { expect, test, type APIResponse } from '@playwright/test';
import { ACCOUNTS, KNOWN_DEVICE_ID } from './support';

/**
 * Through the built server (scripts/server.mjs): pages and API answers compressed as the
 * client accepts, hashed assets served pre-compressed with immutable caching, and the
 * security headers on all of them. Playwright decodes bodies itself; the headers say what
 * came over the wire.
 */
const BR = { 'Accept-Encoding': 'br, gzip' };
const GZIP = { 'Accept-Encoding': 'gzip' };
const NONE = { 'Accept-Encoding': 'identity' };

function expectSecurityHeaders(res: APIResponse) {
  const h = res.headers();
  expect(h['x-content-type-options'], res.url()).toBe('nosniff');
  expect(h['x-frame-options'], res.url()).toBe('DENY');
  expect(h['content-security-policy'], res.url()).toContain("frame-ancestors 'none'");
}

test.describe('compression', () => {
  test('a page comes compressed as the client accepts, the same page either way', async ({ request }) => {
    const br = await request.get('/auth/login', { headers: BR });
    const gz = await request.get('/auth/login', { headers: GZIP });
    const plain = await request.get('/auth/login', { headers: NONE });
    for (const [res, coding] of [
      [br, 'br'],
      [gz, 'gzip'],
      [plain, undefined],
    ] as const) {
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      expect(res.headers()['content-encoding']).toBe(coding);
      expect(res.headers().vary).toContain('Accept-Encoding');
      expectSecurityHeaders(res);
    }
    // Astro's page policy (with its script hashes), not the server's default, on the compressed page too.
    expect(br.headers()['content-security-policy']).toContain('script-src');
    for (const res of [br, gz]) expect(await res.text()).toContain('<html');
  });

  test('an API list comes compressed, and decodes to the same JSON', async ({ request }) => {
    const login = await request.post('/api/auth/login/', { data: { ...ACCOUNTS.owner, fingerprint: KNOWN_DEVICE_ID } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Token ${token}` };
    try {
      const list = '/api/ip_addresses/?page=1&per_page=500';
      const br = await request.get(list, { headers: { ...auth, ...BR } });
      const plain = await request.get(list, { headers: { ...auth, ...NONE } });
      expect(br.status()).toBe(200);
      expect(br.headers()['content-encoding']).toBe('br');
      expect(br.headers()['content-type']).toContain('application/json');
      expect(br.headers().vary).toContain('Accept-Encoding');
      expectSecurityHeaders(br);
      expect(plain.headers()['content-encoding']).toBeUndefined();
      expect(await br.json()).toEqual(await plain.json());
    } finally {
      await request.post('/api/auth/logout/', { headers: auth });
    }
  });

  test('a hashed script comes pre-compressed with immutable caching', async ({ request }) => {
    const html = await (await request.get('/auth/login')).text();
    const asset = /\/_astro\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const br = await request.get(asset!, { headers: BR });
    const gz = await request.get(asset!, { headers: GZIP });
    const plain = await request.get(asset!, { headers: NONE });
    for (const [res, coding] of [
      [br, 'br'],
      [gz, 'gzip'],
    ] as const) {
      expect(res.status()).toBe(200);
      expect(res.headers()).toMatchObject({ 'content-encoding': coding, 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' });
      expect(res.headers()['content-type']).toMatch(/^text\/javascript/);
      expectSecurityHeaders(res);
      expect(await res.text()).toBe(await plain.text());
    }
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
