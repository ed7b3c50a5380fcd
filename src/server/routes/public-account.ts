import { and, eq } from 'drizzle-orm';
import { unsubscribeOp, verifyContactOp } from '../../lib/api/auth-flows';
import { UNSUBSCRIBE_FAILED } from '../../lib/schemas/auth-flows';
import { contacts, emails, users } from '../db/schema/index';
import { problem } from '../http/errors';
import { implement } from '../http/operation';
import { failuresSince, recordFailure } from '../auth/throttle';
import { consumeEmailToken, findEmailToken } from '../services/email-tokens';
import { contactCodeMatches } from '../services/contact-verification';
import { recordActivity } from '../services/activity';
import { viewerOf } from '../services/registration';
import { isGuid } from '../../lib/schemas/ids';

const CONTACT_LINK_INVALID = 'This verification link is not valid or has expired.';
/** Wrong codes for one link before it is refused for the window. */
const CONTACT_MAX_FAILURES = 5;

/**
 * Account calls reached from an email without signing in: verifying a company contact
 * (link plus emailed code) and unsubscribing (spec part 1, 2.9).
 */
export const publicAccountOperations = [
  implement(verifyContactOp, async (c, { body: input }) => {
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
      await recordActivity(c, { verb: 'verified the email address of', object: `${contact!.firstName} ${contact!.lastName}`, objectType: 'contact', objectGuid: contact!.guid, companyGuid: contact!.companyGuid }, tx);
    });
    return { message: 'Email successfully verified! You may close this browser window now.' };
  }),
  implement(unsubscribeOp, async (c, { query: { eid } }) => {
    const { db } = c.var.deps;
    // An eid that is no email id names no email: the same 404 as an unknown one.
    const [email] = isGuid(eid) ? await db.select().from(emails).where(eq(emails.guid, eid)) : [];
    if (!email) throw problem(404, UNSUBSCRIBE_FAILED, { code: 'not_found' });
    if (email.userGuid) {
      await db.transaction(async (tx) => {
        const [user] = await tx.update(users).set({ receiveMarketingEmails: false }).where(eq(users.guid, email.userGuid!)).returning();
        c.set('viewer', viewerOf(user!));
        await recordActivity(c, { verb: 'unsubscribed from marketing emails', object: `${user!.firstName} ${user!.lastName}`, objectType: 'user', objectGuid: user!.guid, companyGuid: null }, tx);
      });
    } else if (email.companyGuid && email.template) {
      // A contact stops receiving this kind of email; an empty list meant "every email".
      const [contact] = await db.select().from(contacts).where(and(eq(contacts.companyGuid, email.companyGuid), eq(contacts.emailAddress, email.email)));
      if (!contact || !contact.canBeDisabled) throw problem(400, UNSUBSCRIBE_FAILED, { code: 'cannot_unsubscribe' });
      const events = contact.selectedEvents.length ? contact.selectedEvents : ALL_CONTACT_EVENTS;
      await db.transaction(async (tx) => {
        await tx.update(contacts).set({ selectedEvents: events.filter((e) => e !== email.template) }).where(eq(contacts.guid, contact.guid));
        await recordActivity(c, { verb: `unsubscribed from ${email.template} emails`, object: `${contact.firstName} ${contact.lastName}`, objectType: 'contact', objectGuid: contact.guid, companyGuid: contact.companyGuid }, tx);
      });
    } else {
      throw problem(400, UNSUBSCRIBE_FAILED, { code: 'cannot_unsubscribe' });
    }
    return { message: 'You have been successfully unsubscribed!' };
  }),
];

/** Company email events a contact can choose (part 3); used when a contact with "every email" unsubscribes from one. */
const ALL_CONTACT_EVENTS = ['new_invoice', 'invoice_payment_reminder', 'new_payment', 'card_charge_failed', 'domain_expiring', 'hosting_suspended', 'service_updates'];
