import { validateCompanyOp, whoamiOp } from '../../lib/api/auth';
import { resolveCompany } from '../auth/company-access';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { loadSessionUser } from '../services/session-user';

/** The session user and the company switch check (spec part 1, 7; part 3, 2.13). */
export const accountOperations = [
  implement(whoamiOp, async (c) => ({ user: await loadSessionUser(c.var.deps.db, c.var.viewer.userGuid, c.var.company) })),
  implement(validateCompanyOp, async (c, { params }) => {
    const company = await resolveCompany(c.var.deps.db, c.var.viewer.userGuid, params.guid);
    // An API key acts only for its own company: any other is not there for it.
    if (!company || (c.var.viewer.keyCompanyGuid && c.var.viewer.keyCompanyGuid !== company.guid)) throw notFound(validateCompanyOp.notFound);
    return { company: { guid: company.guid, name: company.name } };
  }),
];
