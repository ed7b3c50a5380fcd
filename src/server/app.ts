import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { methodsMatcher, type MethodsOf } from './http/route-match';
import { MAX_URL_LENGTH, methodNotAllowed, NOT_FOUND, SERVER_ERROR, URL_HAS_CONTROLS, URL_NOT_DECODABLE, URL_TOO_LONG } from '../lib/rules/api-input';
import { hasControlCharacters } from '../lib/schemas/text';
import type { AppEnv, ServerDeps } from './context';
import { ApiProblem, problem } from './http/errors';
import { requireAuth, requireCompany } from './auth/middleware';
import { authRoutes } from './routes/auth';
import { twoFactorRoutes } from './routes/two-factor';
import { publicAccountRoutes } from './routes/public-account';
import { accountRoutes } from './routes/account';
import { accountProfileRoutes } from './routes/account-profile';
import { operations } from './routes/index';
import { mountOperations } from './http/operation';
import { apiDocsRoutes } from './routes/api-docs';
import { accountCompanyRoutes } from './routes/account-companies';
import { accountInvitationRoutes } from './routes/account-invitations';
import { publicSystemRoutes, systemRoutes } from './routes/system';
import { dashboardRoutes } from './routes/dashboard';
import { ipAddressRoutes } from './routes/ip-addresses';
import { notificationRoutes } from './routes/notifications';
import { accountSetupRoutes } from './routes/account-setup';
import { overdueNoticeRoutes, suspendedNoticeRoutes, systemNoticeRoutes } from './routes/notices';

/** Paths answered without a session; everything else needs `Authorization: Token`. */
export const PUBLIC_PATHS = [
  '/auth/login', '/system/whitelabel', '/system/errors/:code',
  // Sign-in steps, sign-up, verification and recovery, and the links people follow from emails.
  '/auth/login/2fa', '/auth/login/device', '/auth/register', '/auth/register/validate-email', '/auth/vat', '/auth/verify', '/auth/verify/resend',
  '/openapi.json', '/docs', '/docs/viewer.js',
  '/auth/recover', '/auth/recover/:hash/validate', '/auth/recover/reset', '/account/companies/contacts/verification', '/account/unsubscribe',
] as const;

/**
 * The reference provider API. `deps` may be a promise factory so the server can open and
 * migrate its database on the first request instead of at import time.
 */
export function createApiApp(deps: ServerDeps | (() => Promise<ServerDeps>)) {
  const app = new Hono<AppEnv>({ strict: false });
  const getDeps = typeof deps === 'function' ? deps : () => Promise.resolve(deps);

  let methodsOf: MethodsOf | undefined;
  // Before anything else: the request id, then addresses that cannot be served at all.
  app.use(async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    const url = c.req.url;
    if (url.length > MAX_URL_LENGTH) throw problem(414, URL_TOO_LONG, { code: 'bad_address' });
    const rawPath = new URL(url).pathname;
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
      decodeURIComponent(new URL(url).search.replaceAll('+', ' '));
    } catch {
      throw problem(400, URL_NOT_DECODABLE, { code: 'bad_address' });
    }
    if (hasControlCharacters(path)) throw problem(400, URL_HAS_CONTROLS, { code: 'bad_address' });
    methodsOf ??= methodsMatcher(app.routes);
    const allowed = methodsOf(rawPath);
    if (!allowed.length) throw problem(404, NOT_FOUND, { code: 'not_found' });
    if (!allowed.includes(c.req.method)) {
      c.header('Allow', allowed.join(', '));
      throw problem(405, methodNotAllowed(c.req.method, allowed), { code: 'method_not_allowed' });
    }
    await next();
  });

  app.use(async (c, next) => {
    const d = await getDeps();
    c.set('deps', d);
    c.set('ip', d.clientIp(c.req.raw) ?? 'unknown');
    c.set('userAgent', (c.req.header('user-agent') ?? '').slice(0, 500));
    await next();
  });

  // Each operation carries its own access rules, so it is mounted before the blanket ones below.
  mountOperations(app, operations);
  app.route('/', apiDocsRoutes(operations.map((o) => o.op)));
  app.route('/auth', authRoutes);
  app.route('/account', publicAccountRoutes);
  app.route('/system', publicSystemRoutes);

  const secured = new Hono<AppEnv>();
  secured.use(requireAuth, requireCompany);
  secured.route('/account', accountRoutes);
  secured.route('/account/2fa', twoFactorRoutes);
  secured.route('/account', accountProfileRoutes);
  secured.route('/account', accountCompanyRoutes);
  secured.route('/account', accountInvitationRoutes);
  secured.route('/system', systemRoutes);
  secured.route('/dashboard', dashboardRoutes);
  secured.route('/ip_addresses', ipAddressRoutes);
  secured.route('/account/notifications', notificationRoutes);
  secured.route('/account/account-setup', accountSetupRoutes);
  secured.route('/system', systemNoticeRoutes);
  secured.route('/billing/overdue-notice', overdueNoticeRoutes);
  secured.route('/hosting/suspended-notice', suspendedNoticeRoutes);
  app.route('/', secured);

  app.notFound((c) => c.json({ errors: [NOT_FOUND], code: 'not_found' }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiProblem) return c.json(err.body, err.status);
    const requestId = c.get('requestId') ?? randomUUID();
    console.error(`[hostdeck] request ${requestId} ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err);
    c.header('X-Request-Id', requestId);
    return c.json({ errors: [SERVER_ERROR(requestId)], code: 'server_error', request_id: requestId }, 500);
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
