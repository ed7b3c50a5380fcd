import { Hono } from 'hono';
import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { accountListQuery, emailListQuery } from '../../lib/api/account';
import type { AppEnv } from '../context';
import { activityLogs, emails, loginRecords } from '../db/schema/index';
import { notForCustomers } from '../auth/middleware';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { containsPattern } from '../services/account';
import { isGuid } from '../../lib/schemas/ids';
import { lookupLocation } from '../services/geoip';

const emailJson = (e: typeof emails.$inferSelect) => ({
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
export const accountActivityRoutes = new Hono<AppEnv>()
  .get('/emails', notForCustomers, async (c) => {
    const q = readQuery(c, emailListQuery);
    const { db } = c.var.deps;
    const where: SQL[] = [eq(emails.userGuid, c.var.viewer.userGuid)];
    if (q.subject) where.push(ilike(emails.subject, containsPattern(q.subject)));
    if (q.content) where.push(ilike(emails.content, containsPattern(q.content)));
    const filter = and(...where);
    const [rows, [total]] = await Promise.all([
      db.select().from(emails).where(filter).orderBy(desc(emails.dateCreated), desc(emails.guid)).limit(q.per_page).offset((q.page - 1) * q.per_page),
      db.select({ n: count() }).from(emails).where(filter),
    ]);
    return c.json({ data: rows.map(emailJson), page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) });
  })
  .get('/emails/:guid', notForCustomers, async (c) => {
    const guid = c.req.param('guid');
    const [row] = isGuid(guid)
      ? await c.var.deps.db
          .select()
          .from(emails)
          .where(and(eq(emails.guid, guid), eq(emails.userGuid, c.var.viewer.userGuid)))
      : [];
    if (!row) throw notFound('Email not found.');
    return c.json(emailJson(row));
  })
  .get('/logins', notForCustomers, async (c) => {
    const q = readQuery(c, accountListQuery);
    const { db } = c.var.deps;
    const filter = eq(loginRecords.userGuid, c.var.viewer.userGuid);
    const [rows, [total]] = await Promise.all([
      db.select().from(loginRecords).where(filter).orderBy(desc(loginRecords.timestamp), desc(loginRecords.guid)).limit(q.per_page).offset((q.page - 1) * q.per_page),
      db.select({ n: count() }).from(loginRecords).where(filter),
    ]);
    // Sign-in records only the address; its country is looked up once, when first shown, and kept.
    const data = await Promise.all(
      rows.map(async (r) => {
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
      }),
    );
    return c.json({ data, page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) });
  })
  .get('/logs', notForCustomers, async (c) => {
    const q = readQuery(c, accountListQuery);
    const { db } = c.var.deps;
    const filter = eq(activityLogs.actorGuid, c.var.viewer.userGuid);
    const [rows, [total]] = await Promise.all([
      db.select().from(activityLogs).where(filter).orderBy(desc(activityLogs.dateCreated), desc(activityLogs.guid)).limit(q.per_page).offset((q.page - 1) * q.per_page),
      db.select({ n: count() }).from(activityLogs).where(filter),
    ]);
    const data = rows.map((r) => ({
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
    }));
    return c.json({ data, page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) });
  });
