import { createMiddleware } from 'hono/factory';
import type { Scope } from '../../lib/rules/scopes';
import type { AppEnv } from '../context';
import { forbidden, notFound, problem, unauthorized } from '../http/errors';
import { noCompany } from './company-access';
import { resolveViewer } from './viewer';

/**
 * `Authorization: Token <token>`: a sign-in session or a company API key. The same query
 * finds the membership of the request's company, which requireCompany then checks.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const m = /^Token\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Authentication credentials were not provided.');
  const { deps } = c.var;
  const resolved = await resolveViewer(deps, m[1]!, c.req.header('company')?.trim() || null, deps.now(), deps.clientIp(c.req.raw));
  if (!resolved) throw unauthorized();
  c.set('viewer', resolved.viewer);
  c.set('resolved', resolved);
  await next();
});

/** Checks the `Company` header against the viewer's memberships (and an API key's own company). */
export const requireCompany = createMiddleware<AppEnv>(async (c, next) => {
  const { viewer, company, requested } = c.var.resolved;
  if (viewer.keyCompanyGuid && requested !== viewer.keyCompanyGuid) throw forbidden('This API key belongs to another company.');
  if (!company) {
    throw requested ? problem(403, 'You are not a member of this company.', { code: 'company_forbidden' }) : noCompany();
  }
  c.set('company', company);
  await next();
});

/** Declared on each route: the scopes it needs in the company of the request. */
export const scope = (...needed: Scope[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const held = c.var.company.permissions;
    const missing = needed.filter((s) => !held.has(s));
    if (missing.length) throw forbidden(`You do not have permission to perform this action (${missing.join(', ')}).`);
    await next();
  });

/** A company-area path names the request's company, or nothing here: 404 with the definition's sentence (Operation.companyPath). */
export const samePathCompany = (message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if ((c.req.param('guid') ?? '').toLowerCase() !== c.var.company.guid) throw notFound(message);
    await next();
  });

/** Routes closed to customer-type users (account, company, affiliate, support). */
export const notForCustomers = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.viewer.isCustomer) throw forbidden('This area is not available for customer accounts.');
  await next();
});

/** Calls that act on the person (profile, password, 2FA, preferences) are not for API keys. */
export const notForApiKeys = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.viewer.sessionKind === 'API_KEY') throw forbidden('An API key acts for its company, not as a person: this call needs a signed-in user.');
  await next();
});
