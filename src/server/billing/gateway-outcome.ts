import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isCryptoMethod, type PaymentMethod } from '../../lib/billing/payment-limits';
import type { ServerDeps } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { gatewaySessions, invoices, paymentMethods, transactionInvoices, transactions } from '../db/schema/index';
import { invoicePaid } from './invoice-paid';
import { hasAccountsToProvision } from './hosting-provision';
import type { JobEngine } from '../jobs/engine';
import { companyEmails, queueCompanyEmail } from '../services/company-mail';
import { formatMoney, type Currency } from '../../lib/billing/money';
import { recordSetupEvent } from '../services/getting-started';

/**
 * What a gateway session's outcome does (spec part 3, 2.5 and 4; spec decisions, 3): an
 * approved payment is one COMPLETED transaction and the invoice's payment_made, balance_due and
 * status follow (PAID when nothing is left, then invoicePaid); an approved verification makes the
 * payment method ACTIVE. A declined one charges nothing. The sandbox page calls it; a real
 * gateway's webhook would too.
 */

export type Outcome = 'APPROVED' | 'DECLINED';
type SessionRow = typeof gatewaySessions.$inferSelect;

/** A session not finished within this time can no longer be approved (the payer starts again). */
export const SESSION_TTL_MS = 60 * 60_000;

export const isExpired = (session: Pick<SessionRow, 'dateCreated'>, now: Date) => now.getTime() - session.dateCreated.getTime() > SESSION_TTL_MS;

/**
 * Where the payer goes back to once a session is over: the invoice page with
 * `?payment=success|failed` (crypto adds `&method=cryptomus|binance`, spec part 3, 2.5), or the
 * Payment Methods tab with `?success=true|false` (2.4 Add Card).
 */
export function returnUrlOf(session: Pick<SessionRow, 'kind' | 'status' | 'returnUrl' | 'paymentMethodType'>): string {
  const base = session.returnUrl ?? '/';
  const ok = session.status === 'APPROVED';
  const sep = base.includes('?') ? '&' : '?';
  if (session.kind !== 'PAYMENT') return `${base}${sep}success=${ok}`;
  const method = session.paymentMethodType as PaymentMethod;
  const crypto = isCryptoMethod(method) ? `&method=${method === 'CRYPTOMUS' ? 'cryptomus' : 'binance'}` : '';
  return `${base}${sep}payment=${ok ? 'success' : 'failed'}${crypto}`;
}

/** A gateway's id for a payment, like a real one's: unique, not guessable. */
const gatewayId = (prefix: string) => `${prefix}_sandbox_${randomBytes(9).toString('hex')}`;

/**
 * Ends a PENDING session with the payer's decision, once: a second approval (a double click, the
 * back button) finds the session over and changes nothing. Null when there is no such session.
 */
export async function completeSession(
  deps: Pick<ServerDeps, 'db' | 'now'> & { jobs?: Pick<JobEngine, 'provisionHostingSoon'> },
  guid: string,
  decision: Outcome,
): Promise<{ returnUrl: string } | null> {
  let paidBy: string | null = null;
  const done = await deps.db.transaction(async (tx) => {
    // The company's row before the session, the invoice and the rest (src/server/db/locks.ts): a
    // session's company never changes, so it is read unlocked to know which company to lock.
    const [owner] = await tx.select({ companyGuid: gatewaySessions.companyGuid }).from(gatewaySessions).where(eq(gatewaySessions.guid, guid));
    if (!owner) return null;
    await lockCompany(tx, owner.companyGuid);
    const [session] = await tx.select().from(gatewaySessions).where(eq(gatewaySessions.guid, guid)).for('update');
    if (!session) return null;
    if (session.status !== 'PENDING') return { returnUrl: returnUrlOf(session) };
    const now = deps.now();
    let status: SessionRow['status'] = decision;
    if (isExpired(session, now)) status = 'EXPIRED';
    else if (decision === 'APPROVED') status = session.kind === 'PAYMENT' ? await settlePayment(tx, session, deps) : await verifyMethod(tx, session, now);
    if (status === 'APPROVED' && session.kind === 'PAYMENT') paidBy = session.companyGuid;
    if (status !== 'APPROVED' && session.kind !== 'PAYMENT' && session.paymentMethodGuid) {
      // A card or PayPal account that was not verified is not added (the session goes with it).
      await tx.delete(paymentMethods).where(and(eq(paymentMethods.guid, session.paymentMethodGuid), eq(paymentMethods.status, 'PENDING_VERIFICATION')));
    } else {
      await tx.update(gatewaySessions).set({ status, dateCompleted: now }).where(eq(gatewaySessions.guid, guid));
    }
    return { returnUrl: returnUrlOf({ ...session, status }) };
  });
  // Once committed: a paid shared hosting order's account is created by a job, at once (hosting-provision.ts).
  if (paidBy && deps.jobs && (await hasAccountsToProvision(deps.db, paidBy))) {
    await deps.jobs.provisionHostingSoon().catch((error: unknown) => console.error(`[hostdeck] hosting accounts wait for the minute's run: ${String(error)}`));
  }
  return done;
}

/** Charges the session's amount, at most what the invoice still owes; nothing when it owes nothing. */
async function settlePayment(tx: Db, session: SessionRow, deps: Pick<ServerDeps, 'now'>): Promise<Outcome> {
  if (session.invoiceId === null) return 'DECLINED';
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, session.invoiceId)).for('update');
  if (!invoice || invoice.status === 'CANCELLED' || invoice.status === 'PAID' || invoice.balanceDueCents <= 0) return 'DECLINED';
  if (session.paymentMethodGuid) {
    const [method] = await tx.select({ status: paymentMethods.status }).from(paymentMethods).where(eq(paymentMethods.guid, session.paymentMethodGuid));
    if (method?.status !== 'ACTIVE') return 'DECLINED';
  }
  const amount = Math.min(session.amountCents, invoice.balanceDueCents);
  const now = deps.now();
  const [payment] = await tx
    .insert(transactions)
    .values({
      companyGuid: session.companyGuid,
      kind: 'PAYMENT',
      status: 'COMPLETED',
      amountCents: amount,
      currency: invoice.currency,
      paymentMethodType: session.paymentMethodType,
      paymentMethodGuid: session.paymentMethodGuid,
      transactionId: gatewayId(isCryptoMethod(session.paymentMethodType as PaymentMethod) ? 'cx' : 'ch'),
      cryptocurrency: session.cryptocurrency,
      dateCreated: now,
    })
    .returning({ guid: transactions.guid });
  await tx.insert(transactionInvoices).values({ transactionGuid: payment!.guid, invoiceId: invoice.id, amountCents: amount });
  const balance = invoice.balanceDueCents - amount;
  await tx
    .update(invoices)
    .set({
      paymentMadeCents: sql`${invoices.paymentMadeCents} + ${amount}`,
      balanceDueCents: balance,
      status: balance === 0 ? 'PAID' : 'PARTIALLY_PAID',
      ...(balance === 0 ? { datePaid: now } : {}),
    })
    .where(eq(invoices.id, invoice.id));
  await queueCompanyEmail(tx, companyEmails.newPayment(session.companyGuid, invoice.id, formatMoney(amount, invoice.currency as Currency)), now);
  if (balance === 0) await invoicePaid(tx, invoice.id, deps);
  return 'APPROVED';
}

/** The $1.00 hold was placed and released (no transaction: nothing was charged); the method is ACTIVE. */
async function verifyMethod(tx: Db, session: SessionRow, now: Date): Promise<Outcome> {
  if (!session.paymentMethodGuid) return 'DECLINED';
  const updated = await tx
    .update(paymentMethods)
    .set({ status: 'ACTIVE', dateVerified: now, gatewayReference: gatewayId(session.kind === 'PAYPAL_AGREEMENT' ? 'ba' : 'pm') })
    .where(and(eq(paymentMethods.guid, session.paymentMethodGuid), eq(paymentMethods.status, 'PENDING_VERIFICATION')))
    .returning({ guid: paymentMethods.guid });
  if (!updated.length) return 'DECLINED';
  // The wizard's payment step (spec part 1, 2.8) is done by a method that can pay, not by one started.
  await recordSetupEvent(tx, session.companyGuid, { kind: 'payment_method_added' });
  return 'APPROVED';
}
