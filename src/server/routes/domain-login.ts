import { cpanelLoginOp, softwareLoginOp } from '../../lib/api/domain-login';
import { implement } from '../http/operation';
import { visibleDomain } from '../services/domain-access';
import { cpanelLoginLink, softwareLoginLink } from '../services/domain-login';

/** Automatic sign-in (spec part 2, 2.3 "Software column", 7.2): one-time links the panel opens in a new window. */
export const domainLoginOperations = [
  implement(softwareLoginOp, async (c, { params }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, softwareLoginOp.notFound);
    return { redirect_url: await softwareLoginLink(c.var.deps, c.var.company, d) };
  }),

  implement(cpanelLoginOp, async (c, { params }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, cpanelLoginOp.notFound);
    return { redirect_url: await cpanelLoginLink(c.var.deps, c.var.company, d) };
  }),
];
