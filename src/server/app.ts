import { Hono } from 'hono';
import type { AppEnv, ServerDeps } from './context';
import { ApiProblem } from './http/errors';
import { requireAuth, requireCompany } from './auth/middleware';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';
import { publicSystemRoutes, systemRoutes } from './routes/system';
import { dashboardRoutes } from './routes/dashboard';
import { ipAddressRoutes } from './routes/ip-addresses';

/** Paths answered without a session; everything else needs `Authorization: Token`. */
export const PUBLIC_PATHS = ['/auth/login', '/system/whitelabel', '/system/errors/:code'] as const;

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
  app.route('/system', publicSystemRoutes);

  const secured = new Hono<AppEnv>();
  secured.use(requireAuth, requireCompany);
  secured.route('/account', accountRoutes);
  secured.route('/system', systemRoutes);
  secured.route('/dashboard', dashboardRoutes);
  secured.route('/ip_addresses', ipAddressRoutes);
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
