import { expect, test, type APIResponse } from '@playwright/test';
import { NOT_FOUND, URL_NOT_DECODABLE } from '../../src/lib/rules/api-input';

/** Through the real server: nothing under /api is answered by the pages or the Node adapter. */
async function apiEnvelope(res: APIResponse, status: number): Promise<string[]> {
  expect(res.status(), res.url()).toBe(status);
  expect(res.headers()['content-type'], res.url()).toContain('application/json');
  const body = (await res.json()) as { errors: string[] };
  expect(body.errors.length, res.url()).toBeGreaterThan(0);
  return body.errors;
}

test.describe('the API front door', () => {
  test('answers an address that does not decode with its own 400 envelope', async ({ request }) => {
    for (const path of ['/api/account/emails/%ff/', '/api/account/logins/?page=%ff', '/api/system/errors/%/', '/api/ip_addresses/?search=%e0%a4']) {
      expect(await apiEnvelope(await request.get(path), 400)).toEqual([URL_NOT_DECODABLE]);
    }
  });

  test('answers unknown addresses 404 whatever the method and content type, never the form check', async ({ request }) => {
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      expect(await apiEnvelope(await request.fetch('/api/no/such/address/', { method }), 404)).toEqual([NOT_FOUND]);
    }
    const form = await request.fetch('/api/no/such/address/', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: 'a=b' });
    expect(await apiEnvelope(form, 404)).toEqual([NOT_FOUND]);
    const text = await request.fetch('/api/auth/login/', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, data: 'hello' });
    await apiEnvelope(text, 400);
    await apiEnvelope(await request.fetch('/api', { method: 'DELETE' }), 404);
  });

  test('answers a wrong method 405 with the methods it takes', async ({ request }) => {
    const res = await request.fetch('/api/auth/login/', { method: 'DELETE' });
    await apiEnvelope(res, 405);
    expect(res.headers().allow).toBe('POST');
  });
});
