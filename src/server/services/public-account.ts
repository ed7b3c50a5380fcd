import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { verifyContactOp } from '../../lib/api/auth-flows';
import { UNSUBSCRIBE_FAILED } from '../../lib/schemas/auth-flows';
import { isGuid } from '../../lib/schemas/ids';
import type { AppEnv } from '../context';
import { contacts, emails, users } from '../db/schema/index';
import { problem } from '../http/errors';
import { failuresSince, recordFailure } from '../auth/throttle';
import { recordActivity } from './activity';
import { contactCodeMatches } from './contact-verification';
import { consumeEmailToken, findEmailToken } from './email-tokens';
import { viewerOf } from './registration';

/** What people do from an email without signing in: verifying a company contact and unsubscribing (spec part 1, 2.9). */

type ContactVerification = ParsedInput<typeof verifyContactOp>['body'];

const CONTACT_LINK_INVALID = 'This verification link is not valid or has expired.';
/** Wrong codes for one link before it is refused for the window. */
const CONTACT_MAX_FAILURES = 5;

/** Company email events a contact can choose (part 3); used when a contact with "every email" unsubscribes from one. */
const ALL_CONTACT_EVENTS = ['new_invoice', 'invoice_payment_reminder', 'new_payment', 'card_charge_failed', 'domain_expiring', 'hosting_suspended', 'service_updates'];

/** The contact's link and emailed code, both right: the contact becomes ACTIVE and the link is used up. */
export async function verifyContact(c: Context<AppEnv>, input: ContactVerification): Promise<void> {
  const { db, now, config } = c.var.deps;
  const live = await findEmailToken(db, input.hash, 'CONTACT', now());
  if (!live?.subjectGuid) throw problem(400, CONTACT_LINK_INVALID, { code: 'invalid_link' });
  const key = `contact-code:${live.guid}`;
  if ((await failuresSince(db, key, new Date(now().getTime() - config.loginWindowMinutes * 60_000))) >= CONTACT_MAX_FAILURES) {
    throw problem(429, `Too many wrong codes. Please wait ${config.loginWindowMinutes} minutes and try again.`, { code: 'throttled' });
  }
  if (!(await contactCodeMatches(db, live.guid, input.verification_code))) {
    await recordFailure(db, key, now());
    throw problem(400, 'The verification code is not correct.', { code: 'wrong_code', fields: { verification_code: 'The verification code is not correct.' } });
  }
  await db.transaction(async (tx) => {
    if (!(await consumeEmailToken(tx, input.hash, 'CONTACT', now()))) throw problem(400, CONTACT_LINK_INVALID, { code: 'invalid_link' });
    const [contact] = await tx.update(contacts).set({ status: 'ACTIVE', dateVerified: now() }).where(eq(contacts.guid, live.subjectGuid!)).returning();
    // The contact acts without an account: the row has no actor, only the company.
    await recordActivity(
      c,
      {
        verb: 'verified the email address of',
        object: `${contact!.firstName} ${contact!.lastName}`,
        objectType: 'contact',
        objectGuid: contact!.guid,
        companyGuid: contact!.companyGuid,
      },
      tx,
    );
  });
}

/**
 * Unsubscribes the recipient of an email from its kind: a user from marketing emails, a company
 * contact from that event (an empty list meant "every email"). An email id that names nothing answers 404.
 */
export async function unsubscribe(c: Context<AppEnv>, eid: string): Promise<void> {
  const { db } = c.var.deps;
  // An eid that is no email id names no email: the same 404 as an unknown one.
  const [email] = isGuid(eid) ? await db.select().from(emails).where(eq(emails.guid, eid)) : [];
  if (!email) throw problem(404, UNSUBSCRIBE_FAILED, { code: 'not_found' });
  if (email.userGuid) {
    const userGuid = email.userGuid;
    await db.transaction(async (tx) => {
      const [user] = await tx.update(users).set({ receiveMarketingEmails: false }).where(eq(users.guid, userGuid)).returning();
      c.set('viewer', viewerOf(user!));
      await recordActivity(
        c,
        { verb: 'unsubscribed from marketing emails', object: `${user!.firstName} ${user!.lastName}`, objectType: 'user', objectGuid: user!.guid, companyGuid: null },
        tx,
      );
    });
    return;
  }
  const { companyGuid, template } = email;
  if (!companyGuid || !template) throw problem(400, UNSUBSCRIBE_FAILED, { code: 'cannot_unsubscribe' });
  await db.transaction(async (tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyGuid, companyGuid), eq(contacts.emailAddress, email.email)))
      .for('update');
    if (!contact?.canBeDisabled) throw problem(400, UNSUBSCRIBE_FAILED, { code: 'cannot_unsubscribe' });
    const events = contact.selectedEvents.length ? contact.selectedEvents : ALL_CONTACT_EVENTS;
    await tx
      .update(contacts)
      .set({ selectedEvents: events.filter((e) => e !== template) })
      .where(eq(contacts.guid, contact.guid));
    await recordActivity(
      c,
      {
        verb: `unsubscribed from ${template} emails`,
        object: `${contact.firstName} ${contact.lastName}`,
        objectType: 'contact',
        objectGuid: contact.guid,
        companyGuid: contact.companyGuid,
      },
      tx,
    );
  });
}
