import { and, asc, eq, sql } from 'drizzle-orm';
import type { IpGroupDetail } from '../../lib/api/ip-addresses';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { ipGroups, signatures } from '../db/schema/index';
import { notFound } from '../http/errors';
import { requireUnlimited, restrictTo } from './access';
import { recordSetupEvent } from './getting-started';
import { ipGroupVisible } from './ip-list';

/**
 * The company's IP groups (spec part 3, 2.2, 4 and 7): the pickers of the IP address pages (the
 * groups and the server signatures), one group with its counts, and making and renaming one.
 */

const GROUP_NOT_FOUND = 'IP address group not found.';

/** The company's IP groups the member may see, by name. */
export function ipGroupsPage(db: Db, company: CompanyContext, paging: Paging) {
  const filter = and(eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups));
  return pageOfRows(
    paging,
    (limit, offset) =>
      db.select({ guid: ipGroups.guid, name: ipGroups.name }).from(ipGroups).where(filter).orderBy(asc(ipGroups.name), asc(ipGroups.guid)).limit(limit).offset(offset),
    () => countRows(db, ipGroups, filter),
  );
}

/** The signatures a dedicated address may answer with, in the provider's order. */
export function signaturesPage(db: Db, paging: Paging) {
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (await db.select().from(signatures).orderBy(asc(signatures.position), asc(signatures.signature)).limit(limit).offset(offset)).map((s) => ({
        guid: s.guid,
        signature: s.signature,
        is_default: s.isDefault,
      })),
    () => countRows(db, signatures, undefined),
  );
}

/** One group with its address counts; the caller has checked the membership may see it. */
export async function groupDetail(db: Db, guid: string): Promise<IpGroupDetail> {
  const [g] = await db
    .select({
      guid: ipGroups.guid,
      name: ipGroups.name,
      date_created: ipGroups.dateCreated,
      ip_address_count: sql<number>`(select count(*)::int from ip_addresses a where a.group_guid = "ip_groups"."guid")`,
      active_count: sql<number>`(select count(*)::int from ip_addresses a where a.group_guid = "ip_groups"."guid" and a.status = 'ACTIVE')`,
    })
    .from(ipGroups)
    .where(eq(ipGroups.guid, guid));
  if (!g) throw notFound(GROUP_NOT_FOUND);
  return { guid: g.guid, name: g.name, date_created: g.date_created.toISOString(), ip_address_count: Number(g.ip_address_count), active_count: Number(g.active_count) };
}

/** The company's group the membership may see, with its counts; 404 otherwise. */
export async function visibleGroup(db: Db, company: CompanyContext, guid: string): Promise<IpGroupDetail> {
  if (!(await ipGroupVisible(db, company, guid))) throw notFound(GROUP_NOT_FOUND);
  return groupDetail(db, guid);
}

/** A new group, which the getting-started wizard follows; a member kept to some groups cannot make one. */
export async function createIpGroup(db: Db, company: CompanyContext, name: string): Promise<IpGroupDetail> {
  requireUnlimited(company, 'allowed_ip_groups');
  const guid = await db.transaction(async (tx) => {
    // The company's row first (src/server/db/locks.ts): the set-up event below locks it again.
    await lockCompany(tx, company.guid);
    const [created] = await tx.insert(ipGroups).values({ companyGuid: company.guid, name }).returning({ guid: ipGroups.guid });
    await recordSetupEvent(tx, company.guid, { kind: 'ip_group_created', group: created!.guid });
    return created!.guid;
  });
  return groupDetail(db, guid);
}

/** Renames a group the membership may see; 404 otherwise. */
export async function renameIpGroup(db: Db, company: CompanyContext, guid: string, name: string): Promise<IpGroupDetail> {
  const renamed = await db
    .update(ipGroups)
    .set({ name })
    .where(and(eq(ipGroups.guid, guid), eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups)))
    .returning({ guid: ipGroups.guid });
  if (!renamed.length) throw notFound(GROUP_NOT_FOUND);
  return groupDetail(db, guid);
}
