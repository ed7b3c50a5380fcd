import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { resolveCompany } from '../auth/company-access';
import { notFound } from '../http/errors';
import { loadSessionUser } from '../services/session-user';
import { isGuid } from '../../lib/schemas/ids';

export const accountRoutes = new Hono<AppEnv>()
  .get('/whoami', async (c) => c.json({ user: await loadSessionUser(c.var.deps.db, c.var.viewer.userGuid, c.var.company) }))
  .get('/validate_company/:guid', async (c) => {
    const guid = c.req.param('guid');
    const company = isGuid(guid) ? await resolveCompany(c.var.deps.db, c.var.viewer.userGuid, guid) : null;
    if (!company || (c.var.viewer.keyCompanyGuid && c.var.viewer.keyCompanyGuid !== company.guid)) throw notFound('Company not found.');
    return c.json({ company: { guid: company.guid, name: company.name } });
  });
