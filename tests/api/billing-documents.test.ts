import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { CREDIT_NOTE_NOT_FOUND, INVOICE_NOT_FOUND, ORDER_NOT_FOUND } from '../../src/lib/api/billing';
import {
  downloadCreditNotePdf,
  downloadInvoicePdf,
  getCreditNote,
  getInvoice,
  getOrder,
  listCreditNotes,
  listInvoices,
  listOrderInvoices,
  listOrders,
  listTransactions,
  setOrderTags,
} from '../../src/lib/requests/billing';
import { ORDER_TAGS_UPDATED } from '../../src/lib/schemas/billing';
import { formatMoney } from '../../src/lib/billing/money';
import type { Database } from '../../src/server/db/connection';
import { companies, creditNotes, invoices, orders, refunds } from '../../src/server/db/schema/index';
import { creditNotePdf, invoicePdf } from '../../src/server/billing/pdf';
import { pdfText } from '../e2e/pdf-text';
import { withoutOwnerScopes } from './helpers/scopes';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let foreign: { order: number; invoice: number; creditNote: number };
/** The seed's website-setup story: a PAID invoice with a coupon, a refund and a credit note. */
let story: { order: number; invoice: number; creditNote: number };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [theirInvoice] = await db.select().from(invoices).where(eq(invoices.companyGuid, bluebird!.guid)).limit(1);
  const [theirNote] = await db
    .insert(creditNotes)
    .values({ companyGuid: bluebird!.guid, companyName: 'Bluebird Media Ltd', initialBalanceCents: 100, balanceCents: 100 })
    .returning({ id: creditNotes.id });
  foreign = { order: theirInvoice!.orderId!, invoice: theirInvoice!.id, creditNote: theirNote!.id };
  const [refund] = await db.select().from(refunds).innerJoin(invoices, eq(invoices.id, refunds.invoiceId)).where(eq(invoices.companyGuid, demo.company));
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.companyGuid, demo.company));
  story = { order: refund!.invoices.orderId!, invoice: refund!.invoices.id, creditNote: note!.id };
});
afterAll(() => database.close());

const client = () => t.client(demo);

const without = (scope: string, work: () => Promise<void>) => withoutOwnerScopes(database, demo.company, [scope], work);

describe('orders', () => {
  it('lists the company’s orders newest first, paged', async () => {
    const page = await listOrders(client(), { per_page: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const ids = page.data.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [newest] = await database.db.select().from(orders).where(eq(orders.companyGuid, demo.company)).orderBy(desc(orders.id)).limit(1);
    expect(ids[0]).toBe(newest!.id);
    const second = await listOrders(client(), { per_page: 5, page: 2 });
    expect(second.data.map((o) => o.id).some((id) => ids.includes(id))).toBe(false);
  });

  it('shows one order with its website details, and its invoices', async () => {
    const order = await getOrder(client(), story.order);
    expect(order).toMatchObject({ id: story.order, order_type: 'WEBSITE_SETUP', status: 'ACTIVE', tags: ['pbn', 'q3'] });
    expect(order.data).toMatchObject({ website_count: 3, content_count: 30, premium_theme: true });
    const list = await listOrderInvoices(client(), story.order);
    expect(list.data.map((i) => i.id)).toEqual([story.invoice]);
    expect(list.data[0]).toMatchObject({ status: 'PAID', order_id: story.order });
  });

  it('replaces the tags, trimmed and without repeats', async () => {
    const answer = await setOrderTags(client(), story.order, { tags: [' launch ', 'pbn', 'launch', ''] });
    expect(answer.message).toBe(ORDER_TAGS_UPDATED);
    expect(answer.order.tags).toEqual(['launch', 'pbn']);
    expect((await getOrder(client(), story.order)).tags).toEqual(['launch', 'pbn']);
    await setOrderTags(client(), story.order, { tags: ['pbn', 'q3'] });
  });

  it('refuses a tag list that is not one', async () => {
    const res = await t.call('POST', `/billing/orders/${story.order}/tags/`, { ...demo, body: { tags: 'pbn' } });
    expect(res.status).toBe(400);
    const tooMany = await refusal(setOrderTags(client(), story.order, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }), 400);
    expect(tooMany.body.errors).toEqual(['An order can have at most 50 tags.']);
  });

  it('answers 404 for another company’s order and for what is no order number', async () => {
    expect((await refusal(getOrder(client(), foreign.order), 404)).body.errors).toEqual([ORDER_NOT_FOUND]);
    await refusal(listOrderInvoices(client(), foreign.order), 404);
    await refusal(setOrderTags(client(), foreign.order, { tags: ['x'] }), 404);
    expect((await t.call('GET', '/billing/orders/abc/', demo)).status).toBe(404);
  });

  it('needs can_view_orders to read and can_edit_orders to tag', async () => {
    await without('can_view_orders', async () => {
      await refusal(listOrders(client()), 403);
      await refusal(getOrder(client(), story.order), 403);
    });
    await without('can_edit_orders', async () => {
      await refusal(setOrderTags(client(), story.order, { tags: ['x'] }), 403);
      expect((await getOrder(client(), story.order)).tags).toEqual(['pbn', 'q3']);
    });
    await without('can_view_invoices', async () => {
      await refusal(listOrderInvoices(client(), story.order), 403);
    });
  });
});

describe('invoices', () => {
  it('lists invoices newest first and keeps the statuses asked for', async () => {
    const all = await listInvoices(client(), { per_page: 100 });
    expect(new Set(all.data.map((i) => i.status)).size).toBeGreaterThan(2);
    const unpaid = await listInvoices(client(), { per_page: 100, status: ['UNPAID', 'PARTIALLY_PAID'] });
    expect(unpaid.total).toBeGreaterThan(0);
    expect(unpaid.total).toBeLessThan(all.total);
    expect(unpaid.data.every((i) => i.status === 'UNPAID' || i.status === 'PARTIALLY_PAID')).toBe(true);
    const cancelled = await listInvoices(client(), { status: ['CANCELLED'] });
    expect(cancelled.data.every((i) => i.status === 'CANCELLED')).toBe(true);
    expect(cancelled.total).toBeGreaterThan(0);
  });

  it('refuses an unknown status', async () => {
    const res = await t.call('GET', '/billing/invoices/?status=LOST', demo);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string[] }).errors[0]).toContain('Status must be one of UNPAID');
  });

  it('shows an invoice with its seller, party, items, totals, payments and refund', async () => {
    const inv = await getInvoice(client(), story.invoice);
    expect(inv).toMatchObject({ id: story.invoice, status: 'PAID', company_name: 'Northwind Web Agency', vat: { vat_id: 'EE102345605' }, payment_terms: 7 });
    expect(inv.seller.name).toBe('Hostdeck Demo Provider');
    expect(inv.items.map((i) => i.description)).toEqual(['Done-for-you website', 'Extra content: 15 more articles per website', 'Premium theme']);
    // 3 x 250 + 3 x 150 + 3 x 75 = 1425.00, less the 10% coupon.
    expect(inv).toMatchObject({
      sub_total: 142500,
      discount_amount: 14250,
      total_amount: 128250,
      payment_made: 128250,
      balance_due: 0,
      coupon_code: { name: 'WELCOME10', value: '10%' },
    });
    expect(inv.transactions).toHaveLength(1);
    expect(inv.transactions[0]!.amount).toBe(128250);
    expect(inv.refunds).toEqual([
      expect.objectContaining({ status: 'PROCESSED', transaction: expect.objectContaining({ amount: 6750, transaction_id: 're_sandbox_3f9a1c7e2b' }) }),
    ]);
  });

  it('downloads the invoice as a PDF that says what the page says', async () => {
    const file = await downloadInvoicePdf(client(), story.invoice);
    expect(file.filename).toBe(`invoice-${story.invoice}.pdf`);
    expect(file.contentType).toBe('application/pdf');
    const res = await t.call('GET', `/billing/invoices/${story.invoice}/pdf/`, demo);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${story.invoice}.pdf"`);
    const bytes = new Uint8Array(file.body);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    // The download is compressed; the reader inflates it.
    const text = pdfText(bytes);
    expect(text).toContain(`Invoice #${story.invoice}`);
    expect(text).toContain('Northwind Web Agency');
    expect(text).toContain('Hostdeck Demo Provider');
    expect(text).toContain('Done-for-you website');
    expect(text).toContain(formatMoney(128250, 'USD'));
    expect(text).toContain('Terms: NET7 days');
    expect(text).toContain('re_sandbox_3f9a1c7e2b');
  });

  it('writes the same text uncompressed', async () => {
    const inv = await getInvoice(client(), story.invoice);
    const raw = Buffer.from(await invoicePdf(inv, { compress: false })).toString('latin1');
    expect(raw).not.toContain('FlateDecode');
    expect(pdfText(new Uint8Array(Buffer.from(raw, 'latin1')))).toContain('$1,282.50');
  });

  it('answers 404 for another company’s invoice', async () => {
    expect((await refusal(getInvoice(client(), foreign.invoice), 404)).body.errors).toEqual([INVOICE_NOT_FOUND]);
    await refusal(downloadInvoicePdf(client(), foreign.invoice), 404);
  });

  it('needs can_view_invoices to read and can_download_invoices for the PDF', async () => {
    await without('can_download_invoices', async () => {
      await refusal(downloadInvoicePdf(client(), story.invoice), 403);
      expect((await getInvoice(client(), story.invoice)).id).toBe(story.invoice);
    });
    await without('can_view_invoices', async () => {
      await refusal(listInvoices(client()), 403);
      await refusal(getInvoice(client(), story.invoice), 403);
    });
    await without('can_view_billing', async () => {
      await refusal(listInvoices(client()), 403);
    });
  });
});

describe('credit notes', () => {
  it('lists credit notes with their balance and keeps the statuses asked for', async () => {
    const list = await listCreditNotes(client());
    expect(list.data).toEqual([expect.objectContaining({ id: story.creditNote, status: 'ACTIVE', initial_balance: 1500, balance: 1000, currency: 'USD' })]);
    expect((await listCreditNotes(client(), { status: ['USED'] })).total).toBe(0);
  });

  it('shows a credit note with its lines and movements', async () => {
    const note = await getCreditNote(client(), story.creditNote);
    expect(note).toMatchObject({ id: story.creditNote, invoice_id: story.invoice, company_name: 'Northwind Web Agency', initial_balance: 1500, balance: 1000, transaction: null });
    expect(note.items[0]!.description).toContain('Goodwill credit');
    expect(note.credit_transactions.map((m) => [m.action, m.amount])).toEqual([
      ['ISSUED', 1500],
      ['APPLIED', 500],
    ]);
  });

  it('downloads the credit note as a PDF', async () => {
    const file = await downloadCreditNotePdf(client(), story.creditNote);
    expect(file.filename).toBe(`credit-note-${story.creditNote}.pdf`);
    const text = pdfText(new Uint8Array(file.body));
    expect(text).toContain(`Credit Note #${story.creditNote}`);
    expect(text).toContain('Northwind Web Agency');
    expect(text).toContain('Goodwill credit');
    expect(text).toContain('$10.00');
    const note = await getCreditNote(client(), story.creditNote);
    expect(pdfText(await creditNotePdf(note, { compress: false }))).toContain('Goodwill credit for the delayed content delivery.');
  });

  it('answers 404 for another company’s credit note and needs its scopes', async () => {
    expect((await refusal(getCreditNote(client(), foreign.creditNote), 404)).body.errors).toEqual([CREDIT_NOTE_NOT_FOUND]);
    await refusal(downloadCreditNotePdf(client(), foreign.creditNote), 404);
    await without('can_download_credit_notes', async () => {
      await refusal(downloadCreditNotePdf(client(), story.creditNote), 403);
    });
    await without('can_view_credit_notes', async () => {
      await refusal(listCreditNotes(client()), 403);
      await refusal(getCreditNote(client(), story.creditNote), 403);
    });
  });
});

describe('transactions', () => {
  it('lists payments and refunds newest first with the invoices they touched', async () => {
    const page = await listTransactions(client(), { per_page: 100 });
    expect(page.total).toBeGreaterThan(0);
    const times = page.data.map((x) => x.date_created);
    expect(times).toEqual([...times].sort().reverse());
    const refund = page.data.find((x) => x.transaction_id === 're_sandbox_3f9a1c7e2b');
    expect(refund).toMatchObject({ kind: 'REFUND', amount: 6750, associated_invoices: [{ id: story.invoice, status: 'PAID' }] });
    const payment = page.data.find((x) => x.kind === 'PAYMENT');
    expect(payment!.associated_invoices.length).toBeGreaterThan(0);
    expect((await listTransactions(client(), { status: ['FAILED'] })).total).toBe(0);
  });

  it('needs can_view_transactions', async () => {
    await without('can_view_transactions', async () => {
      await refusal(listTransactions(client()), 403);
    });
  });
});
