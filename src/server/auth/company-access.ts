import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { companies, memberships, users } from '../db/schema/index';
import type { CompanyContext } from '../context';
import { problem } from '../http/errors';

/** A user who belongs to no company can do nothing in the panel. */
export const noCompany = () => problem(403, 'Your account does not belong to any company.', { code: 'no_company' });

/**
 * The company a request acts for: the one named by the `Company` header when the user is
 * an active member of it, else the user's default company, else their first membership.
 * Returns null when the header names a company the user does not belong to.
 */
export async function resolveCompany(db: Db, userGuid: string, requested: string | null): Promise<CompanyContext | null> {
  const rows = await db
    .select({ m: memberships, c: companies })
    .from(memberships)
    .innerJoin(companies, eq(companies.guid, memberships.companyGuid))
    .where(and(eq(memberships.userGuid, userGuid), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(memberships.dateCreated));
  let pick = requested ? rows.find((r) => r.c.guid === requested) : undefined;
  if (requested && !pick) return null;
  if (!pick) {
    const [u] = await db.select({ d: users.defaultCompanyGuid }).from(users).where(eq(users.guid, userGuid));
    pick = rows.find((r) => r.c.guid === u?.d) ?? rows[0];
  }
  if (!pick) return null;
  return {
    guid: pick.c.guid,
    name: pick.c.name,
    membershipGuid: pick.m.guid,
    accountType: pick.m.accountType,
    userType: pick.m.userType,
    permissions: new Set(pick.m.permissions),
    allowedIpGroups: pick.m.allowedIpGroups,
    allowedDomainGroups: pick.m.allowedDomainGroups,
    allowedHostingAccounts: pick.m.allowedHostingAccounts,
    allowedSoftwarePresets: pick.m.allowedSoftwarePresets,
  };
}
