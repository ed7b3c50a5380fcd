import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVOICE_NOT_FOUND, PAYMENT_METHOD_NOT_FOUND } from '../../src/lib/api/billing';
import { limitSentence, NOTHING_DUE } from '../../src/lib/billing/payment-limits';
import { addCard, addPaypal, deletePaymentMethod, getInvoice, listPaymentMethods, listTransactions, payInvoice, setPaymentMethodStatus } from '../../src/lib/requests/billing';
import {
  CARD_EXPIRED,
  CARD_NUMBER_INVALID,
  CVV_INVALID,
  FILL_ALL_FIELDS,
  PAYMENT_METHOD_ACTIVATED,
  PAYMENT_METHOD_DELETED,
  PAYMENT_METHOD_DISABLED,
  type CardInput,
} from '../../src/lib/schemas/billing-payments';
import type { Database } from '../../src/server/db/connection';
import { companies, gatewaySessions, invoices, orders, paymentMethods } from '../../src/server/db/schema/index';
import { INVOICE_CANCELLED, METHOD_NOT_USABLE } from '../../src/server/routes/billing-payments';
import { withoutOwnerScopes } from './helpers/scopes';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { atGateway } from './helpers/pay';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** The demo company's seeded Visa (ACTIVE) and PayPal (DISABLED). */
let visa: string;
let paypal: string;
let foreignMethod: string;
let foreignInvoice: number;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const mine = await db.select().from(paymentMethods).where(eq(paymentMethods.companyGuid, demo.company));
  visa = mine.find((m) => m.methodType === 'CARD')!.guid;
  paypal = mine.find((m) => m.methodType === 'PAYPAL')!.guid;
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [theirs] = await db.insert(paymentMethods).values({ companyGuid: bluebird!.guid, methodType: 'CARD', name: 'Theirs', details: 'Visa ending in 1111' }).returning();
  foreignMethod = theirs!.guid;
  const [theirInvoice] = await db.select().from(invoices).where(eq(invoices.companyGuid, bluebird!.guid)).limit(1);
  foreignInvoice = theirInvoice!.id;
});
afterAll(() => database.close());

const client = () => t.client(demo);

const without = (scope: string, work: () => Promise<void>) => withoutOwnerScopes(database, demo.company, [scope], work);

/** An UNPAID invoice of the demo company of `cents`, for a PENDING order of its own. */
async function unpaidInvoice(cents: number, currency: 'USD' | 'EUR' = 'USD'): Promise<{ invoice: number; order: number }> {
  const { db } = database;
  const [order] = await db.insert(orders).values({ companyGuid: demo.company, orderType: 'IP_ADDRESS_HOSTING', status: 'PENDING', currency }).returning({ id: orders.id });
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyGuid: demo.company,
      orderId: order!.id,
      status: 'UNPAID',
      currency,
      companyName: 'Northwind Web Agency',
      subTotalCents: cents,
      initialAmountCents: cents,
      totalAmountCents: cents,
      balanceDueCents: cents,
      dateDue: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: invoices.id });
  return { invoice: invoice!.id, order: order!.id };
}

/** The sandbox page's path of a redirect_url, as the in-process app serves it (without /api). */
const gatewayPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '');

const decide = (url: string, decision: 'approve' | 'decline') => atGateway(t, url, decision);

const CARD: CardInput = {
  profile_name: 'Office Mastercard',
  name: 'Dana Demo',
  address: 'Narva mnt 7',
  city: 'Tallinn',
  region: 'Harju',
  country: 'EE',
  postal_code: '10117',
  card_number: '5555 5555 5555 4444',
  cvv: '123',
  expiration_month: 12,
  expiration_year: new Date().getUTCFullYear() + 2,
  screen_width: 1280,
  screen_height: 800,
  color_depth: 24,
  time_zone: -120,
  browser_language: 'en-GB',
};

describe('payment methods', () => {
  it('lists ACTIVE and DISABLED methods, and keeps the statuses asked for', async () => {
    const all = await listPaymentMethods(client());
    expect(all.data.map((m) => m.guid)).toEqual(expect.arrayContaining([visa, paypal]));
    expect(all.data.every((m) => m.status === 'ACTIVE' || m.status === 'DISABLED')).toBe(true);
    expect(all.data.some((m) => m.guid === foreignMethod)).toBe(false);
    const disabled = await listPaymentMethods(client(), { status: ['DISABLED'] });
    expect(disabled.data.map((m) => m.guid)).toContain(paypal);
    expect(disabled.data.some((m) => m.status !== 'DISABLED')).toBe(false);
  });

  it('adds a card that is ACTIVE once its verification is approved at the sandbox gateway', async () => {
    const added = await addCard(client(), CARD);
    expect(added).toMatchObject({
      requires_verification: true,
      payment_method: { status: 'PENDING_VERIFICATION', method_type: 'CARD', details: `Mastercard ending in 4444, expires 12/${CARD.expiration_year}` },
    });
    expect(added.verification_url).toMatch(/\/api\/sandbox-gateway\/[0-9a-f-]{36}\/$/);
    // Not listed until verified.
    expect((await listPaymentMethods(client())).data.some((m) => m.guid === added.payment_method.guid)).toBe(false);

    const page = await t.app.request(gatewayPath(added.verification_url!));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    const html = await page.text();
    for (const text of ['Sandbox gateway', 'Verify the card', '$1.00', 'Approve', 'Decline']) expect(html).toContain(text);
    expect(html).not.toContain('<script');

    const back = await decide(added.verification_url!, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('http://hostdeck.test/billing/payment-methods?success=true');
    const listed = (await listPaymentMethods(client())).data.find((m) => m.guid === added.payment_method.guid);
    expect(listed).toMatchObject({ status: 'ACTIVE', name: 'Office Mastercard' });
  });

  it('drops a card whose verification is declined', async () => {
    const added = await addCard(client(), { ...CARD, card_number: '4111111111111111' });
    const back = await decide(added.verification_url!, 'decline');
    expect(back.headers.get('location')).toBe('http://hostdeck.test/billing/payment-methods?success=false');
    expect(await database.db.select().from(paymentMethods).where(eq(paymentMethods.guid, added.payment_method.guid))).toEqual([]);
  });

  it('refuses card details with the sentences of spec 5', async () => {
    const empty = await refusal(addCard(client(), { ...CARD, name: ' ', cvv: '' }), 400);
    expect(empty.body.fields).toMatchObject({ name: FILL_ALL_FIELDS, cvv: FILL_ALL_FIELDS });
    expect((await refusal(addCard(client(), { ...CARD, card_number: '4242 4242 4242 4241' }), 400)).body.fields).toMatchObject({ card_number: CARD_NUMBER_INVALID });
    expect((await refusal(addCard(client(), { ...CARD, cvv: '12a' }), 400)).body.fields).toMatchObject({ cvv: CVV_INVALID });
    expect((await refusal(addCard(client(), { ...CARD, expiration_year: new Date().getUTCFullYear() - 1 }), 400)).body.fields).toMatchObject({ expiration_year: CARD_EXPIRED });
    expect((await refusal(addCard(client(), { ...CARD, expiration_month: 13 }), 400)).body.fields).toMatchObject({ expiration_month: FILL_ALL_FIELDS });
  });

  it('adds PayPal through the gateway', async () => {
    const added = await addPaypal(client());
    expect(added.payment_method).toMatchObject({ method_type: 'PAYPAL', details: 'demo@hostdeck.test' });
    await decide(added.verification_url!, 'approve');
    expect((await listPaymentMethods(client())).data.find((m) => m.guid === added.payment_method.guid)?.status).toBe('ACTIVE');
  });

  it('disables, re-activates and deletes a method', async () => {
    const added = await addCard(client(), { ...CARD, card_number: '4000 0566 5566 5556' });
    await decide(added.verification_url!, 'approve');
    const guid = added.payment_method.guid;
    expect(await setPaymentMethodStatus(client(), guid, { status: 'DISABLED' })).toMatchObject({ message: PAYMENT_METHOD_DISABLED, payment_method: { status: 'DISABLED' } });
    expect(await setPaymentMethodStatus(client(), guid, { status: 'ACTIVE' })).toMatchObject({ message: PAYMENT_METHOD_ACTIVATED, payment_method: { status: 'ACTIVE' } });
    expect(await deletePaymentMethod(client(), guid)).toEqual({ message: PAYMENT_METHOD_DELETED });
    expect((await refusal(deletePaymentMethod(client(), guid), 404)).message).toBe(PAYMENT_METHOD_NOT_FOUND);
  });

  it("answers 404 for another company's method", async () => {
    expect((await refusal(setPaymentMethodStatus(client(), foreignMethod, { status: 'DISABLED' }), 404)).message).toBe(PAYMENT_METHOD_NOT_FOUND);
    await refusal(deletePaymentMethod(client(), foreignMethod), 404);
  });

  it('needs the view, add and edit scopes', async () => {
    await without('can_view_payment_methods', async () => {
      await refusal(listPaymentMethods(client()), 403);
    });
    await without('can_add_payment_methods', async () => {
      await refusal(addCard(client(), CARD), 403);
      await refusal(addPaypal(client()), 403);
    });
    await without('can_edit_payment_methods', async () => {
      await refusal(setPaymentMethodStatus(client(), visa, { status: 'DISABLED' }), 403);
      await refusal(deletePaymentMethod(client(), visa), 403);
    });
  });
});

describe('paying an invoice', () => {
  it('approved: one transaction, the invoice PAID and its order ACTIVE', async () => {
    const { invoice, order } = await unpaidInvoice(35_700);
    const started = await payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD', payment_amount: '', payment_method_guid: visa });
    expect(started).toMatchObject({ amount: 35_700, currency: 'USD', bank_transfer: null });
    const html = await (await t.app.request(gatewayPath(started.redirect_url!))).text();
    expect(html).toContain(`Invoice #${invoice}`);
    expect(html).toContain('$357.00');
    expect(html).toContain('Company Visa');

    const back = await decide(started.redirect_url!, 'approve');
    expect(back.headers.get('location')).toBe(`http://hostdeck.test/billing/invoices/${invoice}?payment=success`);
    const paid = await getInvoice(client(), invoice);
    expect(paid).toMatchObject({ status: 'PAID', payment_made: 35_700, balance_due: 0 });
    expect(paid.transactions).toEqual([expect.objectContaining({ amount: 35_700, payment_method_type: 'CARD' })]);
    expect(paid.date_paid).not.toBeNull();
    const [o] = await database.db.select().from(orders).where(eq(orders.id, order));
    expect(o!.status).toBe('ACTIVE');
    const listed = (await listTransactions(client(), { per_page: 100 })).data.find((tx) => tx.transaction_id === paid.transactions[0]!.transaction_id);
    expect(listed?.associated_invoices).toEqual([{ id: invoice, status: 'PAID' }]);

    // Approving again (the back button, a double click) charges nothing more.
    await decide(started.redirect_url!, 'approve');
    expect((await getInvoice(client(), invoice)).transactions).toHaveLength(1);
  });

  it('a part payment leaves the invoice PARTIALLY_PAID and its order PENDING', async () => {
    const { invoice, order } = await unpaidInvoice(10_000);
    const started = await payInvoice(client(), { invoice_id: invoice, payment_method: 'PAYPAL', payment_amount: '40.00' });
    expect(started.amount).toBe(4_000);
    await decide(started.redirect_url!, 'approve');
    expect(await getInvoice(client(), invoice)).toMatchObject({ status: 'PARTIALLY_PAID', payment_made: 4_000, balance_due: 6_000 });
    const [o] = await database.db.select().from(orders).where(eq(orders.id, order));
    expect(o!.status).toBe('PENDING');
  });

  it('declined: nothing charged, the invoice unchanged, back with payment=failed', async () => {
    const { invoice } = await unpaidInvoice(5_000);
    const before = await listTransactions(client(), { per_page: 1 });
    const started = await payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' });
    const back = await decide(started.redirect_url!, 'decline');
    expect(back.headers.get('location')).toBe(`http://hostdeck.test/billing/invoices/${invoice}?payment=failed`);
    expect(await getInvoice(client(), invoice)).toMatchObject({ status: 'UNPAID', payment_made: 0, balance_due: 5_000, transactions: [] });
    expect((await listTransactions(client(), { per_page: 1 })).total).toBe(before.total);
  });

  it('crypto pays the whole balance with the default coin and comes back with method=', async () => {
    const { invoice } = await unpaidInvoice(12_345);
    const started = await payInvoice(client(), { invoice_id: invoice, payment_method: 'BINANCE_PAY', payment_amount: '10.00' });
    expect(started.amount).toBe(12_345);
    const [session] = await database.db.select().from(gatewaySessions).where(eq(gatewaySessions.invoiceId, invoice));
    expect(session!.cryptocurrency).toBe('USDC');
    const back = await decide(started.redirect_url!, 'approve');
    expect(back.headers.get('location')).toBe(`http://hostdeck.test/billing/invoices/${invoice}?payment=success&method=binance`);
    const cryptomus = await unpaidInvoice(1_000);
    const other = await payInvoice(client(), { invoice_id: cryptomus.invoice, payment_method: 'CRYPTOMUS', cryptocurrency: 'btc' });
    expect((await decide(other.redirect_url!, 'decline')).headers.get('location')).toBe(
      `http://hostdeck.test/billing/invoices/${cryptomus.invoice}?payment=failed&method=cryptomus`,
    );
    const [btc] = await database.db.select().from(gatewaySessions).where(eq(gatewaySessions.invoiceId, cryptomus.invoice));
    expect(btc!.cryptocurrency).toBe('BTC');
  });

  it('answers the bank transfer details instead of a redirect', async () => {
    const { invoice } = await unpaidInvoice(500_000);
    const answer = await payInvoice(client(), { invoice_id: invoice, payment_method: 'BANK_TRANSFER' });
    expect(answer).toMatchObject({ redirect_url: null, amount: 500_000, bank_transfer: { description: `Invoice #${invoice}`, amount: 500_000, currency: 'USD' } });
    expect(answer.bank_transfer!.beneficiary).not.toBe('');
  });

  it("refuses amounts outside a method's limits with checkPayment's sentence", async () => {
    const { invoice } = await unpaidInvoice(600_000);
    const card = await refusal(payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' }), 400);
    expect(card.body.fields).toEqual({ payment_amount: limitSentence('CARD', 'max', 300_000, 'USD') });
    expect((await refusal(payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD', payment_amount: '0.49' }), 400)).message).toBe(
      limitSentence('CARD', 'min', 50, 'USD'),
    );
    expect((await refusal(payInvoice(client(), { invoice_id: invoice, payment_method: 'PAYPAL', payment_amount: '5000.01' }), 400)).message).toBe(
      limitSentence('PAYPAL', 'max', 500_000, 'USD'),
    );
    expect((await payInvoice(client(), { invoice_id: invoice, payment_method: 'PAYPAL', payment_amount: '5000.00' })).amount).toBe(500_000);
    expect((await payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD', payment_amount: '0.50' })).amount).toBe(50);
  });

  it('refuses what cannot be paid: nothing due, cancelled, unusable methods, bad amounts and coins', async () => {
    const { db } = database;
    const { invoice } = await unpaidInvoice(2_000);
    await db.update(invoices).set({ status: 'PAID', balanceDueCents: 0, paymentMadeCents: 2_000 }).where(eq(invoices.id, invoice));
    expect((await refusal(payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' }), 409)).message).toBe(NOTHING_DUE);
    await db.update(invoices).set({ status: 'CANCELLED', balanceDueCents: 2_000 }).where(eq(invoices.id, invoice));
    expect((await refusal(payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' }), 409)).message).toBe(INVOICE_CANCELLED);

    const open = await unpaidInvoice(2_000);
    // The seeded PayPal account is DISABLED; a card guid for PAYPAL is the wrong type.
    expect((await refusal(payInvoice(client(), { invoice_id: open.invoice, payment_method: 'PAYPAL', payment_method_guid: paypal }), 400)).body.fields).toEqual({
      payment_method_guid: METHOD_NOT_USABLE,
    });
    await refusal(payInvoice(client(), { invoice_id: open.invoice, payment_method: 'PAYPAL', payment_method_guid: visa }), 400);
    await refusal(payInvoice(client(), { invoice_id: open.invoice, payment_method: 'CARD', payment_method_guid: foreignMethod }), 400);
    expect((await refusal(payInvoice(client(), { invoice_id: open.invoice, payment_method: 'CARD', payment_amount: '1,5' }), 400)).body.fields).toHaveProperty('payment_amount');
    expect((await refusal(payInvoice(client(), { invoice_id: open.invoice, payment_method: 'CRYPTOMUS', cryptocurrency: 'XYZ' }), 400)).body.fields).toHaveProperty(
      'cryptocurrency',
    );
    expect((await refusal(payInvoice(client(), { invoice_id: open.invoice, payment_method: 'CARD', cryptocurrency: 'BTC' }), 400)).body.fields).toHaveProperty('cryptocurrency');
  });

  it("answers 404 for another company's invoice and needs can_pay_invoices", async () => {
    expect((await refusal(payInvoice(client(), { invoice_id: foreignInvoice, payment_method: 'CARD' }), 404)).message).toBe(INVOICE_NOT_FOUND);
    const { invoice } = await unpaidInvoice(1_000);
    await without('can_pay_invoices', async () => {
      await refusal(payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' }), 403);
    });
  });

  it('one Idempotency-Key makes one gateway session and at most one charge', async () => {
    const { invoice } = await unpaidInvoice(7_500);
    const body = { invoice_id: invoice, payment_method: 'CARD', payment_amount: '75.00' };
    const send = () => t.call('POST', '/billing/payment/', { ...demo, body, headers: { 'Idempotency-Key': `pay-${invoice}` } });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const a = (await first.json()) as { redirect_url: string };
    const b = (await second.json()) as { redirect_url: string };
    expect(b.redirect_url).toBe(a.redirect_url);
    expect(await database.db.select().from(gatewaySessions).where(eq(gatewaySessions.invoiceId, invoice))).toHaveLength(1);
    await Promise.all([decide(a.redirect_url, 'approve'), decide(b.redirect_url, 'approve')]);
    const paid = await getInvoice(client(), invoice);
    expect(paid).toMatchObject({ status: 'PAID', payment_made: 7_500 });
    expect(paid.transactions).toHaveLength(1);
  });

  it('two sessions for one invoice charge at most its balance', async () => {
    const { invoice } = await unpaidInvoice(3_000);
    const one = await payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' });
    const two = await payInvoice(client(), { invoice_id: invoice, payment_method: 'CARD' });
    await decide(one.redirect_url!, 'approve');
    expect((await decide(two.redirect_url!, 'approve')).headers.get('location')).toContain('payment=failed');
    expect(await getInvoice(client(), invoice)).toMatchObject({ status: 'PAID', payment_made: 3_000, transactions: [expect.anything()] });
  });

  it('the gateway page is public but knows only real sessions', async () => {
    expect((await t.app.request('/sandbox-gateway/00000000-0000-4000-8000-000000000000/')).status).toBe(404);
    expect((await t.app.request('/sandbox-gateway/not-a-guid/')).status).toBe(404);
  });
});
