import { and, desc, eq, inArray } from 'drizzle-orm';
import { addCardOp, addPaypalOp, deletePaymentMethodOp, listPaymentMethodsOp, payInvoiceOp, setPaymentMethodStatusOp } from '../../lib/api/billing';
import { CARD_ADDED, PAYMENT_METHOD_ACTIVATED, PAYMENT_METHOD_ADDED, PAYMENT_METHOD_DELETED, PAYMENT_METHOD_DISABLED } from '../../lib/schemas/billing-payments';
import { paymentMethods } from '../db/schema/index';
import { implement } from '../http/operation';
import { payInvoice } from '../billing/invoice-payment';
import { addCard, addPaypal, deletePaymentMethod, paymentMethodAnswer, setPaymentMethodStatus, VISIBLE_METHOD_STATUSES, type MethodAdded } from '../billing/payment-methods';

// The refusals of Pay Invoice, as the API tests read them.
export { INVOICE_CANCELLED, METHOD_NOT_USABLE } from '../billing/invoice-payment';

/** The answer to a method added, waiting for its verification. */
const addedAnswer = (message: string) => (added: MethodAdded) => ({ message, payment_method: added.method, requires_verification: true, verification_url: added.verificationUrl });

/**
 * Billing > Payment Methods and Pay Invoice (spec part 3, 2.4, 2.5, 7 "Billing"):
 * src/server/billing/payment-methods.ts and src/server/billing/invoice-payment.ts.
 */
export const billingPaymentOperations = [
  implement(listPaymentMethodsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const statuses = query.status?.length ? query.status : VISIBLE_METHOD_STATUSES;
    const rows = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyGuid, c.var.company.guid), inArray(paymentMethods.status, statuses)))
      .orderBy(desc(paymentMethods.dateCreated), desc(paymentMethods.guid));
    return { data: rows.map(paymentMethodAnswer) };
  }),

  implement(addCardOp, async (c, { body }) => addCard(c, body, addedAnswer(CARD_ADDED))),

  implement(addPaypalOp, async (c, { body }) => addPaypal(c, body, addedAnswer(PAYMENT_METHOD_ADDED))),

  /** Re-activation says 'activated' (spec decisions, 2). */
  implement(setPaymentMethodStatusOp, async (c, { params, body }) => {
    const method = await setPaymentMethodStatus(c.var.deps.db, c.var.company.guid, params.guid, body.status);
    return { message: body.status === 'ACTIVE' ? PAYMENT_METHOD_ACTIVATED : PAYMENT_METHOD_DISABLED, payment_method: method };
  }),

  implement(deletePaymentMethodOp, async (c, { params }) => {
    await deletePaymentMethod(c.var.deps.db, c.var.company.guid, params.guid);
    return { message: PAYMENT_METHOD_DELETED };
  }),

  implement(payInvoiceOp, async (c, { body }) => payInvoice(c, body)),
];
