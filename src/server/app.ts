import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { methodsMatcher, type MethodsOf } from './http/route-match';
import { MAX_URL_LENGTH, methodNotAllowed, NOT_FOUND, SERVER_ERROR, URL_HAS_CONTROLS, URL_NOT_DECODABLE, URL_TOO_LONG } from '../lib/rules/api-input';
import { hasControlCharacters } from '../lib/schemas/text';
import type { AppEnv, ServerDeps } from './context';
import { ApiProblem, problem, type ProblemBody } from './http/errors';
import { operations } from './routes/index';
import { honoPath, mountOperations } from './http/operation';
import { REFERRAL_PATH } from '../lib/rules/affiliate';
import { apiDocsRoutes } from './routes/api-docs';
import { sandboxGatewayRoutes } from './routes/sandbox-gateway';
import { sandboxCpanelRoutes } from './routes/hosting-sandbox-cpanel';
import { deliverQueuedCompanyEmails, hasQueuedCompanyEmails } from './services/company-mail';
import { affiliateReferralRoutes } from './routes/affiliate-referral';

/** Paths answered without a session; everything else needs `Authorization: Token`. */
export const PUBLIC_PATHS = ['/openapi.json', '/docs', '/docs/viewer.js', '/sandbox-gateway/:session', '/sandbox-cpanel/:token', honoPath(REFERRAL_PATH)] as const;

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
    // Company emails recorded by this request's transactions go out once it has committed.
    if (hasQueuedCompanyEmails())
      await deliverQueuedCompanyEmails(d.db, d.mailer, d.now()).catch((error: unknown) => console.error(`[hostdeck] company emails wait: ${String(error)}`));
  });

  // Each operation carries its own access rules (guardsOf): no blanket middleware guards a path.
  mountOperations(app, operations);
  app.route('/', apiDocsRoutes(operations.map((o) => o.op)));
  // The sandbox gateway's payer page (src/server/billing/gateway.ts): HTML, not an operation.
  app.route('/', sandboxGatewayRoutes());
  // The sandbox control panel a cPanel login link opens (src/server/routes/hosting-sandbox-cpanel.ts).
  app.route('/', sandboxCpanelRoutes());
  // The referral link handler (src/server/routes/affiliate-referral.ts): a redirect, not an operation.
  app.route('/', affiliateReferralRoutes());

  app.notFound((c) => c.json({ errors: [NOT_FOUND], code: 'not_found' } satisfies ProblemBody, 404));
  app.onError((err, c) => {
    if (err instanceof ApiProblem) return c.json(err.body, err.status);
    const requestId = c.get('requestId') ?? randomUUID();
    console.error(`[hostdeck] request ${requestId} ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err);
    c.header('X-Request-Id', requestId);
    return c.json({ errors: [SERVER_ERROR(requestId)], code: 'server_error', request_id: requestId } satisfies ProblemBody, 500);
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
