import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  addCardOp,
  addPaypalOp,
  deletePaymentMethodOp,
  INVOICE_NOT_FOUND,
  listPaymentMethodsOp,
  payInvoiceOp,
  setPaymentMethodStatusOp,
  type PaymentMethodRow,
} from '../../lib/api/billing';
import { checkPayment, DEFAULT_COIN, isCryptoMethod, type Currency } from '../../lib/billing/index';
import {
  CARD_ADDED,
  PAYMENT_METHOD_ACTIVATED,
  PAYMENT_METHOD_ADDED,
  PAYMENT_METHOD_DELETED,
  PAYMENT_METHOD_DISABLED,
  requestedCents,
} from '../../lib/schemas/billing-payments';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { invoices, paymentMethods, users } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { implement } from '../http/operation';
import { paymentGateway } from '../billing/gateway';
import { sellerOf } from '../billing/documents';

/** The statuses a person sees; PENDING_VERIFICATION waits for the gateway (spec part 3, 4 "The list shows ACTIVE and DISABLED"). */
const VISIBLE = ['ACTIVE', 'DISABLED'];

export const INVOICE_CANCELLED = 'This invoice is cancelled and cannot be paid.';
export const METHOD_NOT_USABLE = 'Please choose one of your active payment methods of this type!';

type MethodRow = typeof paymentMethods.$inferSelect;
const answerOf = (r: MethodRow): PaymentMethodRow => ({
  guid: r.guid,
  method_type: r.methodType,
  name: r.name,
  details: r.details,
  status: r.status,
  date_created: r.dateCreated.toISOString(),
});

/**
 * The panel's origin: the request as it reached the panel's server (src/server/mount.ts keeps the
 * host when it takes `/api` off), so the gateway page and the way back stay on the origin the
 * person signed in on.
 */
const originOf = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** Who is sent to the gateway, from where, and the panel page they come back to. */
const visitOf = (c: Context<AppEnv>, backTo: string) => ({
  companyGuid: c.var.company.guid,
  createdBy: c.var.viewer.userGuid,
  startedAt: c.var.deps.now(),
  origin: originOf(c),
  returnUrl: `${originOf(c)}${backTo}`,
});

async function visibleMethod(db: Db, companyGuid: string, guid: string, message: string): Promise<MethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.guid, guid), eq(paymentMethods.companyGuid, companyGuid), inArray(paymentMethods.status, VISIBLE)));
  if (!row) throw notFound(message);
  return row;
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

/** Billing > Payment Methods and Pay Invoice (spec part 3, 2.4, 2.5, 7 "Billing"), through the gateway of src/server/billing/gateway.ts. */
export const billingPaymentOperations = [
  implement(listPaymentMethodsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const statuses = query.status?.length ? query.status : VISIBLE;
    const rows = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyGuid, c.var.company.guid), inArray(paymentMethods.status, statuses)))
      .orderBy(desc(paymentMethods.dateCreated), desc(paymentMethods.guid));
    return { data: rows.map(answerOf) };
  }),

  /** Spec part 3, 2.4 Add Card: the card waits for its verification (the $1.00 hold, 9) and is ACTIVE once the payer approves it. */
  implement(addCardOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const brand = brandOf(body.card_number);
    const last4 = body.card_number.slice(-4);
    const month = String(body.expiration_month).padStart(2, '0');
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentMethods)
        .values({
          companyGuid: c.var.company.guid,
          methodType: 'CARD',
          name: body.profile_name,
          details: `${brand.name} ending in ${last4}, expires ${month}/${body.expiration_year}`,
          status: 'PENDING_VERIFICATION',
          cardBrand: brand.code,
          cardLast4: last4,
          cardExpMonth: body.expiration_month,
          cardExpYear: body.expiration_year,
          billingDetails: { name: body.name, address: body.address, city: body.city, region: body.region, country: body.country, postal_code: body.postal_code },
          dateCreated: c.var.deps.now(),
        })
        .returning();
      const start = await paymentGateway.startCardVerification(tx, {
        ...visitOf(c, '/billing/payment-methods'),
        paymentMethodGuid: row!.guid,
      });
      return answerWithWork(c, tx, { message: CARD_ADDED, payment_method: answerOf(row!), requires_verification: true, verification_url: start.redirectUrl });
    });
  }),

  /** PayPal: the payer signs in at the gateway and agrees to future charges; the account is the user's email until then. */
  implement(addPaypalOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.guid, c.var.viewer.userGuid));
    const email = user?.email ?? c.var.viewer.email;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentMethods)
        .values({
          companyGuid: c.var.company.guid,
          methodType: 'PAYPAL',
          name: body.profile_name || 'PayPal',
          details: email,
          paypalEmail: email,
          status: 'PENDING_VERIFICATION',
          dateCreated: c.var.deps.now(),
        })
        .returning();
      const start = await paymentGateway.startPaypalAgreement(tx, {
        ...visitOf(c, '/billing/payment-methods'),
        paymentMethodGuid: row!.guid,
      });
      return answerWithWork(c, tx, { message: PAYMENT_METHOD_ADDED, payment_method: answerOf(row!), requires_verification: true, verification_url: start.redirectUrl });
    });
  }),

  /** ACTIVE <-> DISABLED (spec part 3, 4); re-activation says 'activated' (spec decisions, 2). */
  implement(setPaymentMethodStatusOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const row = await visibleMethod(db, c.var.company.guid, params.guid, setPaymentMethodStatusOp.notFound);
    const [updated] = await db.update(paymentMethods).set({ status: body.status }).where(eq(paymentMethods.guid, row.guid)).returning();
    return { message: body.status === 'ACTIVE' ? PAYMENT_METHOD_ACTIVATED : PAYMENT_METHOD_DISABLED, payment_method: answerOf(updated!) };
  }),

  implement(deletePaymentMethodOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await visibleMethod(db, c.var.company.guid, params.guid, deletePaymentMethodOp.notFound);
    await db.delete(paymentMethods).where(eq(paymentMethods.guid, row.guid));
    return { message: PAYMENT_METHOD_DELETED };
  }),

  /**
   * Spec part 3, 2.5, 5 and 9: the amount falls back to the balance due, crypto pays it all, the
   * method's limits refuse with checkPayment's sentence; BANK_TRANSFER answers the transfer
   * details. Idempotent: a repeat with the same key answers the same gateway session.
   */
  implement(payInvoiceOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const company = c.var.company.guid;
    const [invoice] = await db.select().from(invoices).where(and(eq(invoices.id, body.invoice_id), eq(invoices.companyGuid, company)));
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.status === 'CANCELLED') throw problem(409, INVOICE_CANCELLED, { code: 'invoice_cancelled' });
    const currency = invoice.currency as Currency;
    const method = body.payment_method;
    const check = checkPayment(method, requestedCents(body.payment_amount), invoice.balanceDueCents, currency);
    if (!check.ok) throw check.amount <= 0 || invoice.balanceDueCents <= 0 ? problem(409, check.error, { code: 'nothing_due' }) : badRequest({ payment_amount: check.error }, 'payment_refused');

    if (method === 'BANK_TRANSFER') {
      const seller = await sellerOf(db, company);
      return {
        redirect_url: null,
        amount: check.amount,
        currency,
        bank_transfer: {
          beneficiary: seller.name,
          account: 'EE38 2200 2210 2014 5685',
          bic: 'SBXBEE22',
          bank: 'Sandbox Bank (the reference API has no real bank account)',
          description: `Invoice #${invoice.id}`,
          amount: check.amount,
          currency,
        },
      };
    }

    let methodGuid: string | null = null;
    if (body.payment_method_guid) {
      const [saved] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.guid, body.payment_method_guid), eq(paymentMethods.companyGuid, company), eq(paymentMethods.status, 'ACTIVE'), eq(paymentMethods.methodType, method)));
      if (!saved) throw badRequest({ payment_method_guid: METHOD_NOT_USABLE }, 'payment_method_unusable');
      methodGuid = saved.guid;
    }
    // The session and, under an Idempotency-Key, its answer in one transaction: a retry after a crash answers that session.
    return db.transaction(async (tx) => {
      const start = await paymentGateway.startPayment(tx, {
        ...visitOf(c, `/billing/invoices/${invoice.id}`),
        invoiceId: invoice.id,
        methodType: method,
        paymentMethodGuid: methodGuid,
        amountCents: check.amount,
        currency,
        cryptocurrency: isCryptoMethod(method) ? (body.cryptocurrency?.toUpperCase() ?? DEFAULT_COIN[method]) : null,
      });
      return answerWithWork(c, tx, { redirect_url: start.redirectUrl, amount: check.amount, currency, bank_transfer: null });
    });
  }),
];
