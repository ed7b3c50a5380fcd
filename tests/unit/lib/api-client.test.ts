import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src/lib/api/client';
import { ApiError, NetworkError, UnauthorizedError } from '../../../src/lib/errors';

/** A fetch that records what it was asked and answers what the test says. */
function fakeFetch(answer: (req: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const req = new Request(input, init);
    seen.push(req);
    return answer(req);
  };
  return { fetch, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('createApi', () => {
  it('sends the token and company of the moment on every request', async () => {
    const { fetch, seen } = fakeFetch(() => json({ ok: true }));
    let creds = { token: 'abc' as string | null, company: 'c1' as string | null };
    const api = createApi({ baseURL: 'http://api.test/api/', credentials: () => creds, fetch });
    await api.get('/account/whoami/', { search: ['a', 'b'] });
    creds = { token: null, company: null };
    await api.post('/auth/login/', { email: 'x' });
    expect(seen[0]!.url).toBe('http://api.test/api/account/whoami/?search=a&search=b');
    expect(seen[0]!.headers.get('authorization')).toBe('Token abc');
    expect(seen[0]!.headers.get('company')).toBe('c1');
    expect(seen[1]!.headers.get('authorization')).toBeNull();
    expect(await seen[1]!.json()).toEqual({ email: 'x' });
  });

  it('turns error answers into ApiError with the envelope, and 401 into UnauthorizedError', async () => {
    const { fetch } = fakeFetch((req) =>
      req.url.endsWith('/bad/') ? json({ errors: ['Please enter name!'], fields: { name: 'Please enter name!' } }, 400) : json({ errors: ['Your session has ended.'] }, 401),
    );
    const api = createApi({ baseURL: 'http://api.test', fetch });
    const bad = await api.get('/bad/').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(400);
    expect((bad as ApiError).body.fields).toEqual({ name: 'Please enter name!' });
    const gone = await api.get('/gone/').catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(UnauthorizedError);
  });

  it('reports an unreachable server as a NetworkError', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'));
    const api = createApi({ baseURL: 'http://nowhere.test', fetch });
    await expect(api.get('/x/')).rejects.toBeInstanceOf(NetworkError);
  });

  it('names a download by its x-suggested-filename header', async () => {
    const { fetch } = fakeFetch(() => new Response('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv', 'x-suggested-filename': 'ip-addresses.csv' } }));
    const api = createApi({ baseURL: 'http://api.test', fetch });
    const file = await api.download('/ip_addresses/export/', { output_type: 'CSV' });
    expect(file.filename).toBe('ip-addresses.csv');
    expect(file.contentType).toBe('text/csv');
    expect(new TextDecoder().decode(file.body)).toBe('a,b\n1,2\n');
  });
});
