import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { contacts, emails } from '../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { deliverRecorded, escapeHtml } from '../mail/send';
import { CONTACT_EVENTS, type ContactEvent } from '../../lib/schemas/company-contacts';

export interface CompanyEmail {
  companyGuid: string;
  /** The contact event it is sent for (spec part 3, 3 "Contact"); stored as the email's template. */
  event: ContactEvent;
  subject: string;
  /** Paragraphs of plain text, escaped into the HTML. */
  lines: string[];
}

/** The company's ACTIVE contacts who take this event: those who chose it, and those who chose none (every email). */
export async function companyEventRecipients(db: Db, companyGuid: string, event: ContactEvent) {
  const rows = await db
    .select({ firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.emailAddress, events: contacts.selectedEvents })
    .from(contacts)
    .where(and(eq(contacts.companyGuid, companyGuid), eq(contacts.status, 'ACTIVE')));
  return rows.filter((r) => r.events.length === 0 || r.events.includes(event));
}

/**
 * Emails recorded in a transaction and not yet handed to the mailer, with when they were
 * recorded. Kept in this process: billing code that knows an event happened runs inside a
 * transaction without the mailer, so it records the emails (shown as 'Scheduled') and the
 * request, or the billing run, delivers them once it is done (`deliverQueuedCompanyEmails`).
 * What a stopped process leaves behind, the sweep delivers (`deliverLeftCompanyEmails`).
 */
const queued = new Map<string, number>();
/** A queued guid whose row never appears (its transaction rolled back) is forgotten after this. */
const FORGET_AFTER_MS = 10 * 60_000;

export const hasQueuedCompanyEmails = () => queued.size > 0;

/**
 * Records the company's email for an event, one row per contact who takes it, unsent; call it
 * inside the transaction that makes the event happen, so a rollback leaves no email behind.
 */
export async function queueCompanyEmail(db: Db, email: CompanyEmail, now: Date): Promise<number> {
  const recipients = await companyEventRecipients(db, email.companyGuid, email.event);
  if (!recipients.length) return 0;
  const html = email.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const rows = await db
    .insert(emails)
    .values(
      recipients.map((r) => ({
        companyGuid: email.companyGuid,
        template: email.event,
        subject: email.subject,
        content: html,
        name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        isSent: false,
        dateCreated: now,
      })),
    )
    .returning({ guid: emails.guid });
  const at = Date.now();
  for (const r of rows) queued.set(r.guid, at);
  return rows.length;
}

/**
 * Hands the queued company emails whose transactions have committed to the mailer. Each row is
 * claimed (date_sent set while still unsent) before it is sent, so two deliveries never send
 * one email twice.
 */
export async function deliverQueuedCompanyEmails(db: Db, mailer: Mailer, now: Date): Promise<void> {
  if (!queued.size) return;
  const guids = [...queued.keys()];
  const claimed = await db
    .update(emails)
    .set({ dateSent: now })
    .where(and(inArray(emails.guid, guids), eq(emails.isSent, false), isNull(emails.dateSent)))
    .returning();
  // A row that exists is now claimed, by this delivery or an earlier one; one that does not is in a
  // transaction still running, or rolled back and forgotten after a while.
  const exists = new Set((await db.select({ guid: emails.guid }).from(emails).where(inArray(emails.guid, guids))).map((r) => r.guid));
  for (const guid of guids) if (exists.has(guid) || Date.now() - queued.get(guid)! > FORGET_AFTER_MS) queued.delete(guid);
  for (const row of claimed) await deliverRecorded(db, mailer, row, now);
}

/** A company email still unsent this long after it was recorded is left over: its request or run did not deliver it. */
const LEFT_AFTER_MS = 60_000;
/** A claimed email not marked sent (its sender stopped, or the mail server refused it) is tried again after this. */
const RETRY_AFTER_MS = 10 * 60_000;
/** Left-over company emails are tried for this long after they were recorded, then stay 'Scheduled' with their error. */
const RETRY_FOR_MS = 24 * 3_600_000;
/** Left-over emails delivered per sweep (one a minute); the next sweep takes the rest. */
const LEFT_BATCH = 100;

/**
 * Delivers the company emails left unsent: recorded by a process that stopped before handing
 * them over (the queue above is only in its memory), or refused by the mail server. The job
 * engine's sweep calls it every minute, on whichever process takes the sweep; the claim is
 * the same as above, so each email goes out once however many processes run.
 */
export async function deliverLeftCompanyEmails(db: Db, mailer: Mailer, now: Date): Promise<number> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const left = and(
    isNotNull(emails.companyGuid),
    inArray(emails.template, [...CONTACT_EVENTS]),
    eq(emails.isSent, false),
    lt(emails.dateCreated, ago(LEFT_AFTER_MS)),
    gt(emails.dateCreated, ago(RETRY_FOR_MS)),
    or(isNull(emails.dateSent), lt(emails.dateSent, ago(RETRY_AFTER_MS))),
  );
  // A batch per sweep, so a long mail outage is caught up without outliving the sweep's job;
  // the condition is checked again by the update, so a row another process claimed meanwhile is left.
  const batch = db.select({ guid: emails.guid }).from(emails).where(left).limit(LEFT_BATCH);
  const claimed = await db
    .update(emails)
    .set({ dateSent: now })
    .where(and(inArray(emails.guid, batch), left))
    .returning();
  for (const row of claimed) await deliverRecorded(db, mailer, row, now);
  return claimed.length;
}

/** The company emails the billing code sends (spec part 3, 3 "Contact", billing group). */
export const companyEmails = {
  newInvoice: (companyGuid: string, invoiceId: number, total: string): CompanyEmail => ({
    companyGuid,
    event: 'new_invoice',
    subject: `New invoice #${invoiceId}`,
    lines: [`Invoice #${invoiceId} of ${total} is available in your billing area.`, 'Please pay it by its due date to keep your services running.'],
  }),
  newPayment: (companyGuid: string, invoiceId: number, amount: string): CompanyEmail => ({
    companyGuid,
    event: 'new_payment',
    subject: 'Payment received',
    lines: [`Thank you: we received your payment of ${amount} for invoice #${invoiceId}.`],
  }),
  orderSuspended: (companyGuid: string, orderId: number): CompanyEmail => ({
    companyGuid,
    event: 'order_suspended',
    subject: `Order #${orderId} suspended`,
    lines: [`Order #${orderId} was suspended because an invoice of it is overdue.`, 'Pay the overdue invoice to reactivate it before it is terminated.'],
  }),
  newHostingAccount: (companyGuid: string, name: string): CompanyEmail => ({
    companyGuid,
    event: 'new_hosting_account',
    subject: `Hosting account ${name} created`,
    lines: [`Your hosting account ${name} was created and is ready to use.`],
  }),
};
