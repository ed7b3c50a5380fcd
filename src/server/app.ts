import { Hono } from 'hono';
import type { AppEnv, ServerDeps } from './context';
import { ApiProblem } from './http/errors';
import { requireAuth, requireCompany } from './auth/middleware';
import { authRoutes } from './routes/auth';
import { twoFactorRoutes } from './routes/two-factor';
import { publicAccountRoutes } from './routes/public-account';
import { accountRoutes } from './routes/account';
import { accountProfileRoutes } from './routes/account-profile';
import { accountActivityRoutes } from './routes/account-activity';
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
  '/auth/recover', '/auth/recover/:hash/validate', '/auth/recover/reset', '/account/companies/contacts/verification', '/account/unsubscribe',
] as const;

/**
 * The reference provider API. `deps` may be a promise factory so the server can open and
 * migrate its database on the first request instead of at import time.
 */
export function createApiApp(deps: ServerDeps | (() => Promise<ServerDeps>)) {
  const app = new Hono<AppEnv>({ strict: false });
  const getDeps = typeof deps === 'function' ? deps : () => Promise.resolve(deps);

  app.use(async (c, next) => {
    const d = await getDeps();
    c.set('deps', d);
    c.set('ip', d.clientIp(c.req.raw) ?? 'unknown');
    c.set('userAgent', (c.req.header('user-agent') ?? '').slice(0, 500));
    await next();
  });

  app.route('/auth', authRoutes);
  app.route('/account', publicAccountRoutes);
  app.route('/system', publicSystemRoutes);

  const secured = new Hono<AppEnv>();
  secured.use(requireAuth, requireCompany);
  secured.route('/account', accountRoutes);
  secured.route('/account/2fa', twoFactorRoutes);
  secured.route('/account', accountProfileRoutes);
  secured.route('/account', accountActivityRoutes);
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

  app.notFound((c) => c.json({ errors: ['This API address does not exist.'], code: 'not_found' }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiProblem) return c.json(err.body, err.status);
    console.error(err);
    return c.json({ errors: ['Something went wrong on our side. Please try again later.'], code: 'server_error' }, 500);
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
