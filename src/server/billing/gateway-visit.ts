import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * Who is sent to the gateway, from where, and the panel page they come back to. The origin is the
 * request's as it reached the panel's server (src/server/mount.ts keeps the host when it takes
 * `/api` off), so the gateway page and the way back stay on the origin the person signed in on.
 */
export function gatewayVisitOf(c: Context<AppEnv>, backTo: string) {
  const origin = new URL(c.req.url).origin;
  return {
    companyGuid: c.var.company.guid,
    createdBy: c.var.viewer.userGuid,
    startedAt: c.var.deps.now(),
    origin,
    returnUrl: `${origin}${backTo}`,
  };
}
