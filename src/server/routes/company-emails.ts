import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { getCompanyEmailOp, listCompanyEmailsOp, type CompanyEmail } from '../../lib/api/company-emails';
import { COMPANY_EMAIL_NOT_FOUND } from '../../lib/schemas/company-emails';
import { emails } from '../db/schema/index';
import { containsPattern, countRows, pageOfRows } from '../db/lists';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';

const emailJson = (e: typeof emails.$inferSelect): CompanyEmail => ({
  guid: e.guid,
  subject: e.subject,
  content: e.content,
  name: e.name,
  email: e.email,
  date_sent: e.isSent ? (e.dateSent?.toISOString() ?? null) : null,
  is_sent: e.isSent,
  date_created: e.dateCreated.toISOString(),
  event: e.template,
});

/**
 * Company > Emails: what the API sent for the company (spec decisions, 3 "Emails": every email
 * is recorded), filtered by subject, recipient and content (contains) and sent (yes or no).
 */
export const companyEmailOperations = [
  implement(listCompanyEmailsOp, async (c, { params, query: q }) => {
    const { db } = c.var.deps;
    const where: SQL[] = [eq(emails.companyGuid, c.var.company.guid)];
    if (q.subject) where.push(ilike(emails.subject, containsPattern(q.subject)));
    if (q.email) where.push(ilike(emails.email, containsPattern(q.email)));
    if (q.content) where.push(ilike(emails.content, containsPattern(q.content)));
    if (q.sent) where.push(eq(emails.isSent, q.sent === 'yes'));
    const filter = and(...where);
    return pageOfRows(
      q,
      async (limit, offset) => (await db.select().from(emails).where(filter).orderBy(desc(emails.dateCreated), desc(emails.guid)).limit(limit).offset(offset)).map(emailJson),
      () => countRows(db, emails, filter),
    );
  }),
  implement(getCompanyEmailOp, async (c, { params }) => {
    const companyGuid = c.var.company.guid;
    const [row] = await c.var.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.guid, params.emailGuid), eq(emails.companyGuid, companyGuid)));
    if (!row) throw notFound(COMPANY_EMAIL_NOT_FOUND);
    return emailJson(row);
  }),
];
