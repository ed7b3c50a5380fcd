import { and, eq } from 'drizzle-orm';
import { payInvoice } from '../../../src/lib/requests/billing';
import type { Database } from '../../../src/server/db/connection';
import { paymentMethods } from '../../../src/server/db/schema/index';
import type { TestApp } from './app';

/**
 * Pays an invoice in full as a customer does: with the company's saved card, or PayPal (a new
 * agreement, for an amount under the card's minimum), approved on the sandbox gateway's page
 * (src/server/routes/sandbox-gateway.ts). Answers where the gateway sent the payer back.
 */
export async function payInFull(
  t: TestApp,
  database: Database,
  session: { token: string; company: string },
  invoiceId: number,
  method: 'CARD' | 'PAYPAL' = 'CARD',
): Promise<string | null> {
  const [card] = await database.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyGuid, session.company), eq(paymentMethods.methodType, 'CARD'), eq(paymentMethods.status, 'ACTIVE')));
  if (method === 'CARD' && !card) throw new Error('the company should have an active saved card');
  const started = await payInvoice(t.client(session), {
    invoice_id: invoiceId,
    payment_method: method,
    payment_amount: '',
    ...(method === 'CARD' ? { payment_method_guid: card!.guid } : {}),
  });
  const approved = await atGateway(t, started.redirect_url!, 'approve');
  return approved.headers.get('location');
}

/** The payer's choice on the sandbox gateway's page behind `url` (a payment, a card's verification, a PayPal agreement). */
export function atGateway(t: TestApp, url: string, decision: 'approve' | 'decline'): Promise<Response> {
  return Promise.resolve(
    t.app.request(new URL(url).pathname.replace(/^\/api/, ''), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `decision=${decision}` }),
  );
}
