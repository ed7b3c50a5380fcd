import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { OPEN_INVOICE_STATUSES } from '../../lib/rules/status-groups';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { announcements, companies, hostingAccounts, invoices, issueNotices } from '../db/schema/index';
import { restrictTo } from './access';

/** What the banners above every page body show (spec part 1, 2.7). */

/** The active announcements of the company's provider (or of none in particular) whose dates include `at`, newest first. */
export async function announcementsFor(db: Db, companyGuid: string, at: Date) {
  const [company] = await db.select({ provider: companies.providerGuid }).from(companies).where(eq(companies.guid, companyGuid));
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.isActive, true),
        // An announcement of no provider in particular is for every provider's customers.
        company?.provider ? or(eq(announcements.providerGuid, company.provider), isNull(announcements.providerGuid)) : isNull(announcements.providerGuid),
        or(isNull(announcements.dateStart), lte(announcements.dateStart, at)),
        or(isNull(announcements.dateEnd), gt(announcements.dateEnd, at)),
      ),
    )
    .orderBy(desc(announcements.dateCreated));
  return rows.map((a) => ({ guid: a.guid, type: a.type, title: a.title, message: a.message, show_icon: a.showIcon }));
}

/** The active issue notices not resolved yet, newest first. */
export async function openIssueNotices(db: Db) {
  const rows = await db
    .select()
    .from(issueNotices)
    .where(and(eq(issueNotices.isActive, true), isNull(issueNotices.dateResolved)))
    .orderBy(desc(issueNotices.dateCreated));
  return rows.map((n) => ({ guid: n.guid, message: n.message }));
}

/** Ids of the company's open invoices past their due date. */
export async function overdueInvoiceIds(db: Db, companyGuid: string, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyGuid, companyGuid), inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), lt(invoices.dateDue, now)))
    .orderBy(asc(invoices.id));
  return rows.map((r) => r.id);
}

/** The company's suspended hosting accounts the member may see. */
export function suspendedHostingAccounts(db: Db, company: CompanyContext) {
  return db
    .select({ guid: hostingAccounts.guid, name: hostingAccounts.name })
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.companyGuid, company.guid), eq(hostingAccounts.status, 'SUSPENDED'), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts)))
    .orderBy(asc(hostingAccounts.name));
}
