import { and, asc, eq } from 'drizzle-orm';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { ipGroups, signatures } from '../db/schema/index';
import { restrictTo } from './access';

/** The pickers of the IP address pages (spec part 3, 2.2 and 7): the company's IP groups and the server signatures. */

/** The company's IP groups the member may see, by name. */
export function ipGroupsPage(db: Db, company: CompanyContext, paging: Paging) {
  const filter = and(eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups));
  return pageOfRows(
    paging,
    (limit, offset) => db.select({ guid: ipGroups.guid, name: ipGroups.name }).from(ipGroups).where(filter).orderBy(asc(ipGroups.name), asc(ipGroups.guid)).limit(limit).offset(offset),
    () => countRows(db, ipGroups, filter),
  );
}

/** The signatures a dedicated address may answer with, in the provider's order. */
export function signaturesPage(db: Db, paging: Paging) {
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (await db.select().from(signatures).orderBy(asc(signatures.position), asc(signatures.signature)).limit(limit).offset(offset)).map((s) => ({ guid: s.guid, signature: s.signature, is_default: s.isDefault })),
    () => countRows(db, signatures, undefined),
  );
}
