import { getWebsiteOp, listWebsitesOp } from '../../lib/api/websites';
import { implement } from '../http/operation';
import { websiteOfDomain, websitesPage } from '../services/websites';

/** The websites list and the Manage website page (spec part 2, 2.11 and 7.7). */
export const websiteOperations = [
  implement(listWebsitesOp, async (c, { query }) => websitesPage(c.var.deps.db, c.var.company, query)),
  implement(getWebsiteOp, async (c, { params }) => websiteOfDomain(c.var.deps.db, c.var.company, params.guid)),
];
