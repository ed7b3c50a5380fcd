/**
 * The billing area's stores in Node, through the panel's own API object against the
 * in-process API: the PDFs handed to the person, cancellation requests, payment methods and
 * payments, the order page's cancel and extend, the website order and the affiliate area.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { cancellationRequests, invoices, ipAddresses, orders, paymentMethods } from '../../src/server/db/schema/index';
import { CANCELLATION_ALREADY_PROCESSED, CANCELLATION_REQUEST_CANCELLED, CREDIT_NOTE_NOT_FOUND, INVOICE_NOT_FOUND } from '../../src/lib/api/billing';
import { getInvoice, getOrder, listCancellations, listCreditNotes, listInvoices } from '../../src/lib/requests/billing';
import { createCancellation } from '../../src/lib/requests/ip-addresses';
import { listAffiliateInvoices } from '../../src/lib/requests/affiliate';
import { limitSentence } from '../../src/lib/billing/payment-limits';
import { CARD_NUMBER_INVALID, PAYMENT_METHOD_ACTIVATED, PAYMENT_METHOD_DISABLED } from '../../src/lib/schemas/billing-payments';
import { CHOOSE_PERIOD, ORDER_CANCELLATION_SUBMITTED, ORDER_EXTENSION_INVOICED, TERMS_AGREE, UNKNOWN_PERIOD } from '../../src/lib/schemas/order-actions';
import { WEBSITE_COUNT_MESSAGE, WEBSITE_ORDER_CREATED } from '../../src/lib/schemas/services';
import { api } from '../../src/stores/api';
import { attemptKey } from '../../src/stores/attempt-key';
import { $downloading, downloadCreditNote, downloadInvoice, orderInvoicesList, orderPage } from '../../src/stores/billing';
import { documentStore } from '../../src/stores/document-page';
import { $openCancellation, cancelOpenRequest, cancellationsList, closeCancellation, viewCancellation } from '../../src/stores/billing-cancellations';
import {
  $bankTransfer,
  $paymentMethods,
  $paypalBusy,
  $payTarget,
  cardForm,
  connectPaypal,
  loadPaymentMethods,
  newPaymentAttempt,
  payForm,
  setMethodStatus,
  type CardValues,
} from '../../src/stores/billing-payments';
import { EMPTY_CANCELLATION, feedbackInput } from '../../src/stores/cancellation-form';
import { $extension, extendForm, openExtension, orderCancelForm } from '../../src/stores/order-actions';
import { $supportPage, INITIAL_WEBSITE_SETUP, loadSupportPage, websiteCountOf, websiteSetupForm } from '../../src/stores/services';
import { $affiliate, $pdfBusy, downloadAffiliateInvoice, loadAffiliate } from '../../src/stores/affiliate';
import { $router } from '../../src/stores/router';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs, shownToasts, until } from './helpers/panel';
import type { PageInMemory } from './helpers/page';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string; page: PageInMemory };

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

beforeEach(async () => {
  demo = await panelSignedInAs(t, 'demo@hostdeck.test', '/billing');
  $toasts.set([]);
});

const PDF_MAGIC = '%PDF';
/** The server's sentence to a member without `scope`. */
const denied = (scope: string) => `You do not have permission to perform this action (${scope}).`;
const textStart = (body: ArrayBuffer) => new TextDecoder().decode(body.slice(0, 4));

describe('the invoice and credit note PDFs', () => {
  it('hands the invoice PDF to the person under the name the API suggests', async () => {
    const [first] = (await listInvoices(api, { per_page: 1 })).data;
    await downloadInvoice(first!.id);
    expect(demo.page.saved).toHaveLength(1);
    expect(demo.page.saved[0]!.filename).toMatch(/\.pdf$/);
    expect(demo.page.saved[0]!.contentType).toBe('application/pdf');
    expect(textStart(demo.page.saved[0]!.body)).toBe(PDF_MAGIC);
    expect($downloading.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
  });

  it("toasts the API's sentence for a document that is not there, and saves nothing", async () => {
    await downloadInvoice(999_999);
    await downloadCreditNote(999_999);
    expect(demo.page.saved).toEqual([]);
    expect(shownToasts()).toEqual([
      ['error', INVOICE_NOT_FOUND],
      ['error', CREDIT_NOTE_NOT_FOUND],
    ]);
  });

  it('saves a credit note too, and refuses it to a member without the download scope', async () => {
    const [note] = (await listCreditNotes(api, { per_page: 1 })).data;
    expect(note).toBeTruthy();
    await downloadCreditNote(note!.id);
    expect(demo.page.saved.map((file) => textStart(file.body))).toEqual([PDF_MAGIC]);
    await withoutOwnerScopes(database, demo.company, ['can_download_credit_notes'], () => downloadCreditNote(note!.id));
    expect(demo.page.saved).toHaveLength(1);
    expect(shownToasts()).toEqual([['error', denied('can_download_credit_notes')]]);
  });
});

describe('a document store', () => {
  it('keeps the document asked for last when an older answer comes later', async () => {
    const [a, b] = (await listInvoices(api, { per_page: 2 })).data;
    const page = documentStore((id: number) => getInvoice(api, id));
    await Promise.all([page.load(a!.id), page.load(b!.id)]);
    expect(page.$doc.get()).toMatchObject({ id: b!.id, loading: false, doc: { id: b!.id }, problem: null });
  });
});

describe('Billing > Cancellation Requests (spec part 3, 2.4)', () => {
  beforeEach(() => {
    cleanStores(cancellationsList.$list);
    closeCancellation();
  });

  it('shows a request with its addresses and withdraws it, its addresses ACTIVE again', async () => {
    const [ip] = await database.db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, demo.company), eq(ipAddresses.status, 'ACTIVE'), eq(ipAddresses.ipAddressType, 'DEDICATED')))
      .limit(1);
    const created = await createCancellation(api, {
      cancellation_time: 'END_OF_BILLING_CYCLE',
      cancellation_reason: 'PROJECT_ENDED',
      recommendation_score: 4,
      how_likely_to_use_us_again: 3,
      ip_addresses: [ip!.guid],
    });
    const stop = cancellationsList.$list.listen(() => undefined);
    const list = await until(cancellationsList.$list, (l) => !l.loading && l.answer !== null);
    const summary = list.answer!.data.find((row) => row.guid === created.guid)!;
    await viewCancellation(summary);
    expect($openCancellation.get()?.detail?.ip_addresses.map((a) => a.guid)).toEqual([ip!.guid]);
    await cancelOpenRequest();
    expect(shownToasts()).toEqual([['success', CANCELLATION_REQUEST_CANCELLED]]);
    expect($openCancellation.get()).toBeNull();
    expect(cancellationsList.$list.get().answer!.data.some((row) => row.guid === created.guid)).toBe(false);
    const [after] = await database.db.select({ status: ipAddresses.status }).from(ipAddresses).where(eq(ipAddresses.guid, ip!.guid));
    expect(after!.status).toBe('ACTIVE');
    stop();
  });

  it("toasts the server's refusal of a processed request and keeps its dialog open", async () => {
    const [processed] = await database.db
      .select({ guid: cancellationRequests.guid })
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.companyGuid, demo.company), eq(cancellationRequests.status, 'PROCESSED')))
      .limit(1);
    const summary = (await listCancellations(api, { per_page: 100 })).data.find((row) => row.guid === processed!.guid)!;
    const stop = cancellationsList.$list.listen(() => undefined);
    await until(cancellationsList.$list, (l) => !l.loading && l.answer !== null);
    await viewCancellation(summary);
    await cancelOpenRequest();
    expect(shownToasts()).toEqual([['error', CANCELLATION_ALREADY_PROCESSED]]);
    expect($openCancellation.get()?.summary.guid).toBe(processed!.guid);
    stop();
  });
});

describe('payment methods and paying an invoice (spec part 3, 2.4 and 2.5)', () => {
  const card = (over: Partial<CardValues> = {}): CardValues => ({
    profile_name: 'Store Mastercard',
    name: 'Dana Demo',
    address: 'Narva mnt 7',
    city: 'Tallinn',
    region: 'Harju',
    country: 'EE',
    postal_code: '10117',
    card_number: '5555 5555 5555 4444',
    cvv: '123',
    expiration_month: '12',
    expiration_year: String(new Date().getUTCFullYear() + 2),
    ...over,
  });

  /** An UNPAID invoice of the demo company, for a PENDING order of its own. */
  async function unpaidInvoice(cents: number): Promise<number> {
    const [order] = await database.db
      .insert(orders)
      .values({ companyGuid: demo.company, orderType: 'IP_ADDRESS_HOSTING', status: 'PENDING', currency: 'USD' })
      .returning({ id: orders.id });
    const [invoice] = await database.db
      .insert(invoices)
      .values({
        companyGuid: demo.company,
        orderId: order!.id,
        status: 'UNPAID',
        currency: 'USD',
        companyName: 'Northwind Web Agency',
        subTotalCents: cents,
        initialAmountCents: cents,
        totalAmountCents: cents,
        balanceDueCents: cents,
        dateDue: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning({ id: invoices.id });
    return invoice!.id;
  }

  it('lists the methods, disables and re-activates one with the server’s sentences', async () => {
    await loadPaymentMethods();
    const visa = $paymentMethods.get().rows.find((m) => m.method_type === 'CARD' && m.status === 'ACTIVE')!;
    await setMethodStatus(visa.guid, 'DISABLED');
    expect($paymentMethods.get().rows.find((m) => m.guid === visa.guid)?.status).toBe('DISABLED');
    await setMethodStatus(visa.guid, 'ACTIVE');
    expect($paymentMethods.get().rows.find((m) => m.guid === visa.guid)?.status).toBe('ACTIVE');
    expect(shownToasts()).toEqual([
      ['success', PAYMENT_METHOD_DISABLED],
      ['success', PAYMENT_METHOD_ACTIVATED],
    ]);
  });

  it("sends a new card with the browser's facts, then the browser to its verification", async () => {
    demo.page.device = { screen_width: 1280, screen_height: 800, color_depth: 30, time_zone: -120, browser_language: 'et-EE' };
    const outcome = await cardForm.submit(card());
    expect(outcome.ok).toBe(true);
    expect(demo.page.went).toHaveLength(1);
    expect(demo.page.went[0]).toMatchObject({ url: expect.stringMatching(/\/sandbox-gateway\/[0-9a-f-]{36}\/$/), replace: false });
    const [stored] = await database.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyGuid, demo.company), eq(paymentMethods.name, 'Store Mastercard')));
    expect(stored!.status).toBe('PENDING_VERIFICATION');
  });

  it('says beside the field what is wrong with a card, and a member without the scope hears the server', async () => {
    expect(await cardForm.submit(card({ card_number: '4242 4242 4242 4241' }))).toMatchObject({ ok: false, fields: { card_number: CARD_NUMBER_INVALID } });
    await withoutOwnerScopes(database, demo.company, ['can_add_payment_methods'], async () => {
      expect(await cardForm.submit(card({ profile_name: 'Refused card' }))).toMatchObject({ ok: false, reason: 'refused' });
    });
    expect(shownToasts()).toEqual([['error', denied('can_add_payment_methods')]]);
    expect(demo.page.went).toEqual([]);
  });

  it('connects PayPal at the gateway', async () => {
    await connectPaypal();
    expect(demo.page.went[0]?.url).toMatch(/\/sandbox-gateway\/[0-9a-f-]{36}\/$/);
    expect($paypalBusy.get()).toBe(true);
    $paypalBusy.set(false);
  });

  it('pays with the saved card at the gateway, shows bank details for a transfer, and refuses less than a card takes', async () => {
    const invoice = await unpaidInvoice(12_000);
    await loadPaymentMethods();
    $payTarget.set({ id: invoice, balance: 12_000, currency: 'USD' });
    newPaymentAttempt();
    expect(await payForm.submit({ choice: '', amount: '0.40', coin: '' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { payment_amount: limitSentence('CARD', 'min', 50, 'USD') },
    });
    expect(demo.page.went).toEqual([]);
    expect((await payForm.submit({ choice: '', amount: '', coin: '' })).ok).toBe(true);
    expect(demo.page.went[0]?.url).toMatch(/\/sandbox-gateway\/[0-9a-f-]{36}\/$/);
    // The dialog opened again: a new attempt.
    newPaymentAttempt();
    $bankTransfer.set(null);
    expect((await payForm.submit({ choice: 'BANK_TRANSFER', amount: '', coin: '' })).ok).toBe(true);
    expect($bankTransfer.get()).not.toBeNull();
  });

  it("toasts the server's sentence for an invoice that is not there", async () => {
    $payTarget.set({ id: 999_999, balance: 1_000, currency: 'USD' });
    newPaymentAttempt();
    await loadPaymentMethods();
    expect(await payForm.submit({ choice: 'BANK_TRANSFER', amount: '', coin: '' })).toMatchObject({ ok: false, reason: 'refused' });
    expect(shownToasts()).toEqual([['error', INVOICE_NOT_FOUND]]);
  });
});

describe("the order page's Cancel and Extend (spec part 3, 2.6)", () => {
  /** A running order of the company with addresses and a renewal ahead. */
  async function runningOrder(skip = 0): Promise<number> {
    const rows = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.companyGuid, demo.company),
          eq(orders.status, 'ACTIVE'),
          gt(orders.dateNextInvoice, new Date()),
          sql`exists (select 1 from ip_addresses a where a.order_id = "orders"."id" and a.status = 'ACTIVE')`,
        ),
      )
      .orderBy(orders.id)
      .limit(skip + 1);
    return rows[skip]!.id;
  }

  it('offers the periods, makes the extension invoice and goes to it', async () => {
    const id = await runningOrder(0);
    await orderPage.load(id);
    await openExtension();
    const period = $extension.get().options!.available_periods[0]!.value;
    expect(await extendForm.submit({ period: null, agree: true })).toMatchObject({ ok: false, fields: { period: CHOOSE_PERIOD } });
    expect(await extendForm.submit({ period, agree: false })).toMatchObject({ ok: false, fields: { agree: TERMS_AGREE } });
    const outcome = await extendForm.submit({ period, agree: true });
    if (!outcome.ok) throw new Error('the extension was refused');
    expect(shownToasts()).toEqual([['success', ORDER_EXTENSION_INVOICED]]);
    expect(demo.page.went).toEqual([{ url: `/billing/invoices/${outcome.answer.invoice_id}`, replace: false }]);
    expect((await getInvoice(api, outcome.answer.invoice_id)).status).toBe('UNPAID');
  });

  it("shows the server's sentence beside a period the order is not offered", async () => {
    await orderPage.load(await runningOrder(0));
    await openExtension();
    const offered = $extension.get().options!.available_periods.map((p) => p.value);
    const other = [7, 5, 11, 2].find((p) => !offered.includes(p))!;
    expect(await extendForm.submit({ period: other, agree: true })).toMatchObject({ ok: false, reason: 'refused', fields: { period: UNKNOWN_PERIOD } });
    expect(shownToasts()).toEqual([['error', UNKNOWN_PERIOD]]);
    expect(demo.page.went).toEqual([]);
  });

  it('refuses an empty cancellation form, then sends it and shows the order waiting to end', async () => {
    const id = await runningOrder(1);
    await orderPage.load(id);
    const empty = await orderCancelForm.submit(EMPTY_CANCELLATION);
    if (empty.ok) throw new Error('an empty form was sent');
    expect(empty.reason).toBe('invalid');
    expect(Object.keys(empty.fields)).toEqual(expect.arrayContaining(['cancellation_reason', 'agree']));
    const sent = await orderCancelForm.submit({ ...EMPTY_CANCELLATION, cancellation_reason: 'PROJECT_ENDED', recommendation_score: 4, how_likely_to_use_us_again: 3, agree: true });
    expect(sent.ok).toBe(true);
    expect(shownToasts()).toEqual([['success', ORDER_CANCELLATION_SUBMITTED]]);
    expect(orderPage.$doc.get().doc?.status).toBe('PENDING_CANCELLATION');
    expect(orderInvoicesList.$list.get().loading).toBe(false);
    $toasts.set([]);
    // Asked again, the server says a request exists already.
    await database.db.update(orders).set({ status: 'ACTIVE' }).where(eq(orders.id, id));
    expect(
      await orderCancelForm.submit({ ...EMPTY_CANCELLATION, cancellation_reason: 'PROJECT_ENDED', recommendation_score: 4, how_likely_to_use_us_again: 3, agree: true }),
    ).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
    expect((await getOrder(api, id)).status).toBe('ACTIVE');
  });

  it('sends words only for OTHER', () => {
    expect(feedbackInput({ ...EMPTY_CANCELLATION, cancellation_reason: 'PROJECT_ENDED', custom_cancellation_reason: 'kept?' }).custom_cancellation_reason).toBeNull();
    expect(feedbackInput({ ...EMPTY_CANCELLATION, cancellation_reason: 'OTHER', custom_cancellation_reason: 'moving' }).custom_cancellation_reason).toBe('moving');
  });
});

describe('the done-for-you website order and the support page (spec part 3, 2.11, 2.12)', () => {
  it('places the order and goes to its invoice', async () => {
    const outcome = await websiteSetupForm.submit({ ...INITIAL_WEBSITE_SETUP, website_count: '2', agree: true });
    if (!outcome.ok) throw new Error('the order was refused');
    expect(shownToasts()).toEqual([['success', WEBSITE_ORDER_CREATED]]);
    expect(demo.page.went).toEqual([{ url: `/billing/invoices/${outcome.answer.invoice_id}`, replace: false }]);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, outcome.answer.order_id));
    expect(order).toMatchObject({ orderType: 'WEBSITE_SETUP', status: 'PENDING' });
  });

  it('says what is wrong with the count, and toasts the refusal of a member without can_add_orders', async () => {
    expect(websiteCountOf(' 12 ')).toBe(12);
    expect(await websiteSetupForm.submit({ ...INITIAL_WEBSITE_SETUP, website_count: 'two', agree: true })).toMatchObject({
      ok: false,
      fields: { website_count: WEBSITE_COUNT_MESSAGE },
    });
    await withoutOwnerScopes(database, demo.company, ['can_add_orders'], async () => {
      expect(await websiteSetupForm.submit({ ...INITIAL_WEBSITE_SETUP, agree: true })).toMatchObject({ ok: false, reason: 'refused' });
    });
    expect(shownToasts()).toEqual([['error', denied('can_add_orders')]]);
    expect(demo.page.went).toEqual([]);
  });

  it('loads the departments of the support page', async () => {
    await loadSupportPage();
    expect($supportPage.get().page?.departments.map((d) => d.key)).toEqual(['technical', 'sales', 'billing', 'abuse']);
  });

  it('keeps one attempt key until it is renewed', () => {
    const key = attemptKey();
    const first = key.get();
    expect(key.get()).toBe(first);
    expect(key.renew()).not.toBe(first);
    expect(key.get()).not.toBe(first);
  });
});

describe('the affiliate area (spec part 3, 2.10)', () => {
  it('hands an affiliate invoice PDF to the person', async () => {
    await loadAffiliate();
    expect($affiliate.get().status).not.toBeNull();
    const [invoice] = (await listAffiliateInvoices(api, { per_page: 1 })).data;
    await downloadAffiliateInvoice(invoice!.id);
    expect(demo.page.saved.map((file) => [file.filename, textStart(file.body)])).toEqual([[expect.stringMatching(/^affiliate-invoice-\d+\.pdf$/), PDF_MAGIC]]);
    expect($pdfBusy.get()).toBeNull();
  });

  it('opens the application for a company without an affiliate account, and toasts a PDF it cannot have', async () => {
    const staff = await panelSignedInAs(t, 'staff@hostdeck.test', '/affiliate');
    expect(await loadAffiliate()).toBeNull();
    expect($router.get()?.path).toBe('/affiliate/create');
    expect($toasts.get()).toEqual([]);
    staff.page.at('/affiliate/create');
    $router.open('/affiliate');
    await loadAffiliate();
    expect($router.get()?.path).toBe('/affiliate');
    await downloadAffiliateInvoice(1);
    expect(staff.page.saved).toEqual([]);
    expect(shownToasts()).toEqual([['error', 'You do not have an affiliate account yet.']]);
  });
});
