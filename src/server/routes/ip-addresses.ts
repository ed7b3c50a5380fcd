import { listIpAddressesOp, listIpGroupsOp, listSignaturesOp } from '../../lib/api/ip-addresses';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { ipGroupsPage, signaturesPage } from '../services/ip-groups';
import { ipGroupVisible, ipListJson } from '../services/ip-list';

/** IP addresses of the company (spec part 3, 2.2 and 7); lists of up to 99,999 rows. */
export const ipAddressOperations = [
  implement(listIpAddressesOp, async (c, { query: q }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    if (q.group && !(await ipGroupVisible(db, company, q.group))) throw notFound('IP address group not found.');
    const { data, total } = await ipListJson(db, { company, group: q.group, tags: q.search ?? [] }, q.per_page, (q.page - 1) * q.per_page);
    // The rows arrive as JSON text from the database (see ipListJson); only the page envelope
    // of pageOf(ipAddress) is added here, so the answer is checked like any other in tests.
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(`{"data":${data},"page":${q.page},"per_page":${q.per_page},"total":${total}}`);
  }),

  implement(listIpGroupsOp, async (c, { query }) => ipGroupsPage(c.var.deps.db, c.var.company, query)),

  implement(listSignaturesOp, async (c, { query }) => signaturesPage(c.var.deps.db, query)),
];
