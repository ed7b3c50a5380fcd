import { and, asc, eq } from 'drizzle-orm';
import { listIpAddressesOp, listIpGroupsOp, listSignaturesOp } from '../../lib/api/ip-addresses';
import { countRows, pageOfRows } from '../db/lists';
import { ipGroups, signatures } from '../db/schema/index';
import { restrictTo } from '../services/access';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
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

  implement(listIpGroupsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const filter = and(eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups));
    return pageOfRows(
      query,
      (limit, offset) => db.select({ guid: ipGroups.guid, name: ipGroups.name }).from(ipGroups).where(filter).orderBy(asc(ipGroups.name), asc(ipGroups.guid)).limit(limit).offset(offset),
      () => countRows(db, ipGroups, filter),
    );
  }),

  implement(listSignaturesOp, async (c, { query }) => {
    const { db } = c.var.deps;
    return pageOfRows(
      query,
      async (limit, offset) =>
        (await db.select().from(signatures).orderBy(asc(signatures.position), asc(signatures.signature)).limit(limit).offset(offset)).map((s) => ({ guid: s.guid, signature: s.signature, is_default: s.isDefault })),
      () => countRows(db, signatures, undefined),
    );
  }),
];
