import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { INVOICE_NOT_FOUND, type PaymentAnswer, type payInvoiceOp } from '../../lib/api/billing';
import type { ParsedInput } from '../../lib/api/define';
import { checkPayment, DEFAULT_COIN, isCryptoMethod, type Currency } from '../../lib/billing/index';
import { requestedCents } from '../../lib/schemas/billing-payments';
import type { AppEnv } from '../context';
import { lockCompany } from '../db/locks';
import { invoices, paymentMethods } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { sellerOf } from './documents';
import { paymentGateway } from './gateway';
import { gatewayVisitOf } from './gateway-visit';

export const INVOICE_CANCELLED = 'This invoice is cancelled and cannot be paid.';
export const METHOD_NOT_USABLE = 'Please choose one of your active payment methods of this type!';

/**
 * Pay Invoice (spec part 3, 2.5, 5 and 9): the amount falls back to the balance due, crypto pays
 * it all, the method's limits refuse with checkPayment's sentence; BANK_TRANSFER answers the
 * transfer details. Checked under the company's row (src/server/db/locks.ts) in the transaction
 * that opens the gateway session and, under an Idempotency-Key, keeps its answer: a retry after a
 * crash answers that session.
 */
export async function payInvoice(c: Context<AppEnv>, body: ParsedInput<typeof payInvoiceOp>['body']): Promise<PaymentAnswer> {
  const company = c.var.company.guid;
  return c.var.deps.db.transaction(async (tx) => {
    await lockCompany(tx, company);
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, body.invoice_id), eq(invoices.companyGuid, company)));
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.status === 'CANCELLED') throw problem(409, INVOICE_CANCELLED, { code: 'invoice_cancelled' });
    const currency = invoice.currency as Currency;
    const method = body.payment_method;
    const check = checkPayment(method, requestedCents(body.payment_amount), invoice.balanceDueCents, currency);
    if (!check.ok)
      throw check.amount <= 0 || invoice.balanceDueCents <= 0 ? problem(409, check.error, { code: 'nothing_due' }) : badRequest({ payment_amount: check.error }, 'payment_refused');

    if (method === 'BANK_TRANSFER') {
      const seller = await sellerOf(tx, company);
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
      const [saved] = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.guid, body.payment_method_guid),
            eq(paymentMethods.companyGuid, company),
            eq(paymentMethods.status, 'ACTIVE'),
            eq(paymentMethods.methodType, method),
          ),
        );
      if (!saved) throw badRequest({ payment_method_guid: METHOD_NOT_USABLE }, 'payment_method_unusable');
      methodGuid = saved.guid;
    }
    const start = await paymentGateway.startPayment(tx, {
      ...gatewayVisitOf(c, `/billing/invoices/${invoice.id}`),
      invoiceId: invoice.id,
      methodType: method,
      paymentMethodGuid: methodGuid,
      amountCents: check.amount,
      currency,
      cryptocurrency: isCryptoMethod(method) ? (body.cryptocurrency?.toUpperCase() ?? DEFAULT_COIN[method]) : null,
    });
    return answerWithWork(c, tx, { redirect_url: start.redirectUrl, amount: check.amount, currency, bank_transfer: null });
  });
}
