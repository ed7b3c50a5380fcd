import type { SessionUser } from '../../../src/lib/api/auth';

/**
 * A stand-in for the reference API's auth routes, answering like it does (status + JSON,
 * errors as {errors: [...]}) until the CLI tests can run against src/server/app.ts.
 */
export const JANE = { email: 'jane@example.com', password: 'correct horse battery' };
export const TWO_FACTOR = { email: 'two@example.com', password: 'second step please' };
export const API_KEY = 'hdk_live_0123456789abcdef';
export const ACME = { guid: '5f0c7c2e-1d1b-4c57-9a7e-acme00000001', name: 'Acme Hosting Ltd' };
export const GLOBEX = { guid: '5f0c7c2e-1d1b-4c57-9a7e-globex000002', name: 'Globex' };

function user(email: string, accountType: string, company = ACME): SessionUser {
  return {
    guid: `user-${email}`,
    first_name: accountType === 'API_USER' ? 'API' : 'Jane',
    last_name: accountType === 'API_USER' ? 'key' : 'Doe',
    email,
    is_customer: false,
    todo_list: null,
    company: {
      guid: company.guid,
      name: company.name,
      permissions: ['can_view_domains'],
      white_label: null,
      is_partner: false,
      currency: 'USD',
      show_getting_started: false,
      getting_started_step: 1,
      getting_started_data: {},
      account_type: accountType,
      user_type: 'USER',
      account_manager: null,
    },
    company_list: accountType === 'API_USER' ? [ACME] : [ACME, GLOBEX],
  };
}

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  /** Every request, for checking what was (not) sent. */
  requests: { method: string; path: string; authorization: string | null; company: string | null; body: unknown }[];
  sessions: Set<string>;
}

/** @param base the API base the fake answers under, e.g. http://api.test/api */
export function createFakeApi(base = 'http://api.test/api'): FakeApi {
  const sessions = new Set<string>();
  const requests: FakeApi['requests'] = [];
  let issued = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const unauthorized = () => json(401, { errors: ['Invalid token.'], code: 'unauthorized' });

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const authorization = request.headers.get('authorization');
    requests.push({ method: request.method, path: url.pathname, authorization, company: request.headers.get('company'), body });
    if (!request.url.startsWith(`${base}/`)) return json(404, { errors: ['This API address does not exist.'] });
    const path = request.url.slice(base.length).replace(/\?.*$/, '');
    const token = authorization?.replace(/^Token /, '') ?? null;

    if (request.method === 'POST' && path === '/auth/login/') {
      const { email, password } = (body ?? {}) as { email?: string; password?: string };
      if (!email) return json(400, { errors: ['Please enter your email address!'], fields: { email: 'Please enter your email address!' } });
      if (email === TWO_FACTOR.email && password === TWO_FACTOR.password) {
        return json(200, { session_id: 'pending-1', verification: '2fa' });
      }
      if (email !== JANE.email || password !== JANE.password) {
        return json(400, { errors: ['Unable to log in with provided credentials.'], code: 'invalid_credentials' });
      }
      const session = `session-${++issued}`;
      sessions.add(session);
      return json(200, { token: session, user: user(JANE.email, 'OWNER') });
    }
    if (request.method === 'POST' && path === '/auth/login/2fa/') {
      const { session_id, code, code_type } = (body ?? {}) as { session_id?: string; code?: string; code_type?: string };
      if (session_id !== 'pending-1' || code !== '123456' || code_type !== 'CODE') return json(400, { errors: ['The code is not correct. Please try again.'] });
      const session = `session-${++issued}`;
      sessions.add(session);
      return json(200, { token: session, user: user(TWO_FACTOR.email, 'OWNER') });
    }
    if (request.method === 'POST' && path === '/auth/logout/') {
      if (!token || !sessions.delete(token)) return unauthorized();
      return json(200, { success: true });
    }
    if (request.method === 'GET' && path === '/account/whoami/') {
      const company = request.headers.get('company') === GLOBEX.guid ? GLOBEX : ACME;
      if (token === API_KEY) return json(200, { user: user('api-user@acme.example', 'API_USER') });
      if (token && sessions.has(token)) return json(200, { user: user(JANE.email, 'OWNER', company) });
      return unauthorized();
    }
    return json(404, { errors: ['This API address does not exist.'] });
  };
  return { fetch, requests, sessions };
}
