import { unsubscribeOp, verifyContactOp } from '../../lib/api/auth-flows';
import { implement } from '../http/operation';
import { unsubscribe, verifyContact } from '../services/public-account';

/**
 * Account calls reached from an email without signing in: verifying a company contact
 * (link plus emailed code) and unsubscribing (spec part 1, 2.9).
 */
export const publicAccountOperations = [
  implement(verifyContactOp, async (c, { body }) => {
    await verifyContact(c, body);
    return { message: 'Email successfully verified! You may close this browser window now.' };
  }),
  implement(unsubscribeOp, async (c, { query: { eid } }) => {
    await unsubscribe(c, eid);
    return { message: 'You have been successfully unsubscribed!' };
  }),
];
