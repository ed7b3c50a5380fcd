import { and, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { AccountEmail, LogRecord, LoginRecord } from '../../lib/api/account-activity';
import type { Db } from '../db/connection';
import { containsPattern, countRows, pageOfRows, type Paging } from '../db/lists';
import { activityLogs, emails, loginRecords } from '../db/schema/index';
import { notFound } from '../http/errors';
import { lookupLocation } from './geoip';

/** The user's own emails, sign-ins and actions (spec part 1, 2.6 Emails, Logins, Logs) and the company's Logs tab (part 3, 2.9). */

const emailJson = (e: typeof emails.$inferSelect): AccountEmail => ({
  guid: e.guid,
  subject: e.subject,
  content: e.content,
  name: e.name,
  email: e.email,
  date_sent: e.dateSent?.toISOString() ?? null,
  is_sent: e.isSent,
  date_created: e.dateCreated.toISOString(),
});

/** The emails sent to the user, newest first, filtered by subject and content (contains). */
export function accountEmailsPage(db: Db, userGuid: string, q: Paging & { subject?: string | undefined; content?: string | undefined }) {
  const where: SQL[] = [eq(emails.userGuid, userGuid)];
  if (q.subject) where.push(ilike(emails.subject, containsPattern(q.subject)));
  if (q.content) where.push(ilike(emails.content, containsPattern(q.content)));
  const filter = and(...where);
  return pageOfRows(
    q,
    async (limit, offset) => (await db.select().from(emails).where(filter).orderBy(desc(emails.dateCreated), desc(emails.guid)).limit(limit).offset(offset)).map(emailJson),
    () => countRows(db, emails, filter),
  );
}

/** One email sent to the user; another's answers 404 with `missing`. */
export async function accountEmail(db: Db, userGuid: string, guid: string, missing: string): Promise<AccountEmail> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.guid, guid), eq(emails.userGuid, userGuid)));
  if (!row) throw notFound(missing);
  return emailJson(row);
}

/** The user's sign-ins, newest first. */
export function loginsPage(db: Db, userGuid: string, paging: Paging) {
  const filter = eq(loginRecords.userGuid, userGuid);
  return pageOfRows(
    paging,
    async (limit, offset) => {
      const rows = await db.select().from(loginRecords).where(filter).orderBy(desc(loginRecords.timestamp), desc(loginRecords.guid)).limit(limit).offset(offset);
      return Promise.all(rows.map((r) => loginJson(db, r)));
    },
    () => countRows(db, loginRecords, filter),
  );
}

const logJson = (r: typeof activityLogs.$inferSelect): LogRecord => ({
  guid: r.guid,
  date_created: r.dateCreated.toISOString(),
  ip_address: r.ipAddress,
  user_agent: r.userAgent,
  actor: { first_name: r.actorFirstName, last_name: r.actorLastName, user_type: r.actorUserType },
  verb: r.verb,
  action_object: r.actionObject,
  action_object_type: r.actionObjectType,
  target: r.target,
  target_type: r.targetType,
});

/**
 * One page of activity rows, newest first, as the Logs tabs answer them: the user's own
 * (spec part 1, 2.6 Logs) or the whole company's (part 3, 2.9 Company > Logs).
 */
export function activityLogPage(db: Db, paging: Paging, filter: SQL) {
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (await db.select().from(activityLogs).where(filter).orderBy(desc(activityLogs.dateCreated), desc(activityLogs.guid)).limit(limit).offset(offset)).map(logJson),
    () => countRows(db, activityLogs, filter),
  );
}

/** Sign-in records only the address; its country is looked up once, when first shown, and kept. */
async function loginJson(db: Db, r: typeof loginRecords.$inferSelect): Promise<LoginRecord> {
  let country = r.countryCode ? { code: r.countryCode, name: r.countryName ?? r.countryCode } : null;
  if (!country && r.ipAddress) {
    const found = await lookupLocation(r.ipAddress);
    country = found.country;
    if (country) {
      await db
        .update(loginRecords)
        .set({ countryCode: country.code, countryName: country.name })
        .where(and(eq(loginRecords.guid, r.guid), isNull(loginRecords.countryCode)));
    }
  }
  return {
    guid: r.guid,
    timestamp: r.timestamp.toISOString(),
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    country,
    city: r.city,
    status: r.status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE',
  };
}
