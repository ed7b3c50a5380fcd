import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ParsedInput } from '../../lib/api/define';
import { deletePaymentMethodOp, setPaymentMethodStatusOp, type addCardOp, type addPaypalOp, type PaymentMethodRow } from '../../lib/api/billing';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { paymentMethods, users } from '../db/schema/index';
import { notFound } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { paymentGateway, type GatewayStart, type GatewayVerification } from './gateway';
import { gatewayVisitOf } from './gateway-visit';

/**
 * Billing > Payment Methods (spec part 3, 2.4, 4, 9): a card or a PayPal account waits for the
 * gateway's verification (src/server/billing/gateway.ts) and is ACTIVE once the payer approves it.
 */

/** The statuses a person sees; PENDING_VERIFICATION waits for the gateway (spec part 3, 4 "The list shows ACTIVE and DISABLED"). */
export const VISIBLE_METHOD_STATUSES = ['ACTIVE', 'DISABLED'];

type MethodRow = typeof paymentMethods.$inferSelect;

export const paymentMethodAnswer = (r: MethodRow): PaymentMethodRow => ({
  guid: r.guid,
  method_type: r.methodType,
  name: r.name,
  details: r.details,
  status: r.status,
  date_created: r.dateCreated.toISOString(),
});

/** A method added, waiting for the payer at `verificationUrl`. */
export interface MethodAdded {
  method: PaymentMethodRow;
  verificationUrl: string;
}

/**
 * Adds a method PENDING_VERIFICATION and sends the payer to the gateway, in one transaction with
 * the call's answer (`answer`), kept under an Idempotency-Key: a retry after a crash answers it.
 */
async function addPendingMethod<T>(
  c: Context<AppEnv>,
  values: Omit<typeof paymentMethods.$inferInsert, 'companyGuid' | 'status' | 'dateCreated'>,
  verify: (tx: Db, verification: GatewayVerification) => Promise<GatewayStart>,
  answer: (added: MethodAdded) => T,
): Promise<T> {
  return c.var.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentMethods)
      .values({ ...values, companyGuid: c.var.company.guid, status: 'PENDING_VERIFICATION', dateCreated: c.var.deps.now() })
      .returning();
    const start = await verify(tx, { ...gatewayVisitOf(c, '/billing/payment-methods'), paymentMethodGuid: row!.guid });
    return answerWithWork(c, tx, answer({ method: paymentMethodAnswer(row!), verificationUrl: start.redirectUrl }));
  });
}

/** 'Visa', 'Mastercard', 'American Express' or 'Card', from the number's first digits. */
function brandOf(number: string): { code: string; name: string } {
  if (number.startsWith('4')) return { code: 'VISA', name: 'Visa' };
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return { code: 'MASTERCARD', name: 'Mastercard' };
  if (two === 34 || two === 37) return { code: 'AMEX', name: 'American Express' };
  return { code: 'CARD', name: 'Card' };
}

/** Spec part 3, 2.4 Add Card: the card waits for its verification (the $1.00 hold, 9). */
export function addCard<T>(c: Context<AppEnv>, body: ParsedInput<typeof addCardOp>['body'], answer: (added: MethodAdded) => T): Promise<T> {
  const brand = brandOf(body.card_number);
  const last4 = body.card_number.slice(-4);
  const month = String(body.expiration_month).padStart(2, '0');
  const card = {
    methodType: 'CARD',
    name: body.profile_name,
    details: `${brand.name} ending in ${last4}, expires ${month}/${body.expiration_year}`,
    cardBrand: brand.code,
    cardLast4: last4,
    cardExpMonth: body.expiration_month,
    cardExpYear: body.expiration_year,
    billingDetails: { name: body.name, address: body.address, city: body.city, region: body.region, country: body.country, postal_code: body.postal_code },
  };
  return addPendingMethod(c, card, (tx, v) => paymentGateway.startCardVerification(tx, v), answer);
}

/** PayPal: the payer signs in at the gateway and agrees to future charges; the account is the user's email until then. */
export async function addPaypal<T>(c: Context<AppEnv>, body: ParsedInput<typeof addPaypalOp>['body'], answer: (added: MethodAdded) => T): Promise<T> {
  const [user] = await c.var.deps.db.select({ email: users.email }).from(users).where(eq(users.guid, c.var.viewer.userGuid));
  const email = user?.email ?? c.var.viewer.email;
  const paypal = { methodType: 'PAYPAL', name: body.profile_name || 'PayPal', details: email, paypalEmail: email };
  return addPendingMethod(c, paypal, (tx, v) => paymentGateway.startPaypalAgreement(tx, v), answer);
}

/** The company's method as the list shows it: not one waiting for its verification, nor another company's. */
const visibleMethod = (companyGuid: string, guid: string) =>
  and(eq(paymentMethods.guid, guid), eq(paymentMethods.companyGuid, companyGuid), inArray(paymentMethods.status, VISIBLE_METHOD_STATUSES));

/** ACTIVE <-> DISABLED (spec part 3, 4); answers the method as it is now. */
export async function setPaymentMethodStatus(db: Db, companyGuid: string, guid: string, status: 'ACTIVE' | 'DISABLED'): Promise<PaymentMethodRow> {
  const [updated] = await db.update(paymentMethods).set({ status }).where(visibleMethod(companyGuid, guid)).returning();
  if (!updated) throw notFound(setPaymentMethodStatusOp.notFound);
  return paymentMethodAnswer(updated);
}

export async function deletePaymentMethod(db: Db, companyGuid: string, guid: string): Promise<void> {
  const deleted = await db.delete(paymentMethods).where(visibleMethod(companyGuid, guid)).returning({ guid: paymentMethods.guid });
  if (!deleted.length) throw notFound(deletePaymentMethodOp.notFound);
}
