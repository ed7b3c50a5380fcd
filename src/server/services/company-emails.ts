import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { CompanyEmail } from '../../lib/api/company-emails';
import { COMPANY_EMAIL_NOT_FOUND } from '../../lib/schemas/company-emails';
import type { Db } from '../db/connection';
import { containsPattern, countRows, pageOfRows, type Paging } from '../db/lists';
import { emails } from '../db/schema/index';
import { notFound } from '../http/errors';

/**
 * Company > Emails: what the API sent for the company (spec decisions, 3 "Emails": every email
 * is recorded), filtered by subject, recipient and content (contains) and sent (yes or no).
 */

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

export interface CompanyEmailFilter extends Paging {
  subject?: string | undefined;
  email?: string | undefined;
  content?: string | undefined;
  sent?: 'yes' | 'no' | undefined;
}

export function companyEmailsPage(db: Db, companyGuid: string, q: CompanyEmailFilter) {
  const where: SQL[] = [eq(emails.companyGuid, companyGuid)];
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
}

export async function companyEmail(db: Db, companyGuid: string, guid: string): Promise<CompanyEmail> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.guid, guid), eq(emails.companyGuid, companyGuid)));
  if (!row) throw notFound(COMPANY_EMAIL_NOT_FOUND);
  return emailJson(row);
}
