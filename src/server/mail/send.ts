import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { emails } from '../db/schema/index';
import type { Mailer } from './mailer';

export interface EmailToSend {
  to: string;
  name: string;
  subject: string;
  /** HTML body; escape every value put into it. */
  html: string;
  text: string;
  /** Which mail it is (verify_email, reset_password, device_code, ...). */
  template: string;
  userGuid?: string | null;
  companyGuid?: string | null;
  /**
   * The HTML the Emails tabs keep, when the email carries a secret that others who see the
   * tab must not read (a contact's verification link and code); else `html`.
   */
  recordedHtml?: string;
}

/**
 * Records the email (so the Emails tabs show it) and hands it to the mailer. A delivery
 * failure leaves the row unsent, shown as 'Scheduled', rather than failing the request.
 */
export async function sendEmail(db: Db, mailer: Mailer, email: EmailToSend, now: Date): Promise<string> {
  const [row] = await db
    .insert(emails)
    .values({
      userGuid: email.userGuid ?? null,
      companyGuid: email.companyGuid ?? null,
      template: email.template,
      subject: email.subject,
      content: email.recordedHtml ?? email.html,
      name: email.name,
      email: email.to,
      isSent: false,
      dateCreated: now,
    })
    .returning({ guid: emails.guid });
  try {
    await mailer.send({ to: email.to, name: email.name, subject: email.subject, html: email.html, text: email.text });
    await db.update(emails).set({ isSent: true, dateSent: now }).where(eq(emails.guid, row!.guid));
  } catch (error) {
    await db
      .update(emails)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(emails.guid, row!.guid));
  }
  return row!.guid;
}

/** For values put into an email's HTML. */
export { escapeHtml } from '../../lib/format/html';

/** The plain-text part of a recorded email, from the simple HTML the API writes (paragraphs and links). */
export const htmlToText = (html: string) =>
  html
    .replace(/<\/p>\s*/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
    .trim();

/**
 * Hands an email already recorded (unsent) and claimed to the mailer and marks it sent, or
 * keeps the error; the claim's date stays as when it was last tried, so a retry waits
 * (deliverLeftCompanyEmails). Unsent, it is still 'Scheduled' in the Emails tabs.
 */
export async function deliverRecorded(db: Db, mailer: Mailer, row: typeof emails.$inferSelect, now: Date): Promise<void> {
  try {
    await mailer.send({ to: row.email, name: row.name, subject: row.subject, html: row.content, text: htmlToText(row.content) });
    await db.update(emails).set({ isSent: true, dateSent: now }).where(eq(emails.guid, row.guid));
  } catch (error) {
    await db
      .update(emails)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(emails.guid, row.guid));
  }
}
