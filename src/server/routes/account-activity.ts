import { and, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { getEmailOp, listEmailsOp, listLoginsOp, listLogsOp, type AccountEmail, type LogRecord, type LoginRecord } from '../../lib/api/account-activity';
import { activityLogs, emails, loginRecords } from '../db/schema/index';
import { containsPattern, countRows, pageOfRows, type Paging } from '../db/lists';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { lookupLocation } from '../services/geoip';
import type { Db } from '../db/connection';

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

/** The user's own emails, sign-ins and actions (spec part 1, 2.6 Emails, Logins, Logs). */
export const accountActivityOperations = [
  implement(listEmailsOp, async (c, { query: q }) => {
    const { db } = c.var.deps;
    const where: SQL[] = [eq(emails.userGuid, c.var.viewer.userGuid)];
    if (q.subject) where.push(ilike(emails.subject, containsPattern(q.subject)));
    if (q.content) where.push(ilike(emails.content, containsPattern(q.content)));
    const filter = and(...where);
    return pageOfRows(
      q,
      async (limit, offset) => (await db.select().from(emails).where(filter).orderBy(desc(emails.dateCreated), desc(emails.guid)).limit(limit).offset(offset)).map(emailJson),
      () => countRows(db, emails, filter),
    );
  }),
  implement(getEmailOp, async (c, { params }) => {
    const [row] = await c.var.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.guid, params.guid), eq(emails.userGuid, c.var.viewer.userGuid)));
    if (!row) throw notFound(getEmailOp.notFound);
    return emailJson(row);
  }),
  implement(listLoginsOp, async (c, { query: q }) => {
    const { db } = c.var.deps;
    const filter = eq(loginRecords.userGuid, c.var.viewer.userGuid);
    return pageOfRows(
      q,
      async (limit, offset) => {
        const rows = await db.select().from(loginRecords).where(filter).orderBy(desc(loginRecords.timestamp), desc(loginRecords.guid)).limit(limit).offset(offset);
        return Promise.all(rows.map((r) => loginJson(db, r)));
      },
      () => countRows(db, loginRecords, filter),
    );
  }),
  implement(listLogsOp, (c, { query: q }) => activityLogPage(c.var.deps.db, q, eq(activityLogs.actorGuid, c.var.viewer.userGuid))),
];

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
    async (limit, offset) => (await db.select().from(activityLogs).where(filter).orderBy(desc(activityLogs.dateCreated), desc(activityLogs.guid)).limit(limit).offset(offset)).map(logJson),
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
