import PDFDocument from 'pdfkit';
import type { CreditNote, Invoice, Seller } from '../../lib/api/billing';
import { exchangeRateLine, humanise, moneyText as money, partyLines, paymentMethodWords, sellerLines, statusWords } from '../../lib/billing/documents';
import { formatDate } from '../../lib/format/dates';

/**
 * Billing's documents as PDFs (spec part 3, 2.5 and 2.7: "a real PDF that matches the page"),
 * written with pdfkit from the same answers the pages show. pdfkit's standard fonts (Helvetica)
 * are read from its package folder at run time, so the server bundle keeps pdfkit external.
 * Standard fonts cover Latin-1 (and '€'); other scripts would need an embedded font.
 */

export interface PdfOptions {
  /** Tests read the text straight from the file; downloads are compressed. */
  compress?: boolean;
}

export const invoicePdfName = (invoice: Pick<Invoice, 'id'>) => `invoice-${invoice.id}.pdf`;
export const creditNotePdfName = (note: Pick<CreditNote, 'id'>) => `credit-note-${note.id}.pdf`;

const MARGIN = 50;
const MUTED = '#555555';
const RULE = '#cccccc';

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
}

function newDocument(title: string, options: PdfOptions) {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: options.compress ?? true, info: { Title: title, Creator: 'Hostdeck' }, lang: 'en' });
  doc.font('Helvetica');
  return doc;
}

/** The title line with the status beside it, then the seller (left) and the billed party (right). */
function header(doc: PDFKit.PDFDocument, title: string, status: string, seller: Seller, party: string[]) {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(20).text(title, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`Status: ${statusWords(status)}`)
    .fillColor('black');
  const top = doc.y + 16;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(10).text('From', MARGIN, top, { width: half });
  doc.font('Helvetica').text(sellerLines(seller).join('\n'), { width: half });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').text('Bill to', MARGIN + width / 2 + 10, top, { width: half });
  doc.font('Helvetica').text(party.join('\n'), { width: half });
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 16;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.8);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(12).text(text);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
}

const headerCell = (text: string) => ({ text, type: 'TH' as const, font: { src: 'Helvetica-Bold' }, backgroundColor: '#f0f0f0' });

/** A table with a header row; cells right-aligned where `right` says. */
function table(doc: PDFKit.PDFDocument, head: string[], rows: string[][], widths: (number | string)[], right: boolean[]) {
  doc.x = MARGIN;
  doc.table({
    columnStyles: widths.map((width, i) => ({ width, align: { x: right[i] ? 'right' : 'left', y: 'top' } })),
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [4, 4, 4, 4] },
    data: [head.map(headerCell), ...rows],
  });
  doc.x = MARGIN;
}

/** Label-value lines right-aligned under a table (sub-total, discount, tax, total ...). */
function summary(doc: PDFKit.PDFDocument, lines: [string, string, boolean?][]) {
  const width = doc.page.width - 2 * MARGIN;
  doc.moveDown(0.5);
  for (const [label, value, strong] of lines) {
    const y = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN + width / 2, y, { width: width / 4, align: 'left' });
    doc.text(value, MARGIN + (3 * width) / 4, y, { width: width / 4, align: 'right' });
  }
  doc.font('Helvetica');
  doc.x = MARGIN;
}

function notes(doc: PDFKit.PDFDocument, text: string | null) {
  if (!text) return;
  heading(doc, 'Notes');
  doc.text(text, MARGIN);
}

/** The invoice as its page shows it (spec part 3, 2.5): parties, items, totals, transactions, refunds, notes, NET terms. */
export function invoicePdf(invoice: Invoice, options: PdfOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const doc = newDocument(`Invoice #${invoice.id}`, options);
  const done = collect(doc);
  const m = (cents: number) => money(cents, invoice.currency);
  header(doc, `Invoice #${invoice.id}`, invoice.status, invoice.seller, partyLines(invoice, invoice.vat?.vat_id));
  doc
    .fontSize(10)
    .text(
      [
        `Date: ${formatDate(invoice.date_created)}`,
        `Due: ${formatDate(invoice.date_due)}`,
        `Terms: NET${invoice.payment_terms} days`,
        invoice.order_id !== null ? `Order: #${invoice.order_id}` : '',
        `Currency: ${invoice.currency}`,
      ]
        .filter(Boolean)
        .join('    '),
    );

  heading(doc, 'Items');
  table(
    doc,
    ['Description', 'Period', 'Qty', 'Rate', 'Amount'],
    invoice.items.map((i) => [
      i.description,
      i.period_start && i.period_end ? `${formatDate(i.period_start)} - ${formatDate(i.period_end)}` : '',
      String(i.quantity),
      m(i.rate),
      m(i.sub_total),
    ]),
    ['*', 130, 35, 75, 80],
    [false, false, true, true, true],
  );
  summary(doc, [
    ['Sub-total', m(invoice.sub_total)],
    ...(invoice.coupon_code ? ([[`Coupon ${invoice.coupon_code.name} (${invoice.coupon_code.value})`, '']] as [string, string][]) : []),
    ...(invoice.discount_amount ? ([['Discount', `-${m(invoice.discount_amount)}`]] as [string, string][]) : []),
    [`Tax (${invoice.tax_rate}%)`, m(invoice.initial_tax)],
    ['Total', m(invoice.total_amount), true],
    ['Payment made', m(invoice.payment_made)],
    ['Balance due', m(invoice.balance_due), true],
  ]);
  const rate = exchangeRateLine(invoice.eur_per_usd);
  if (rate) doc.fillColor(MUTED).text(rate, MARGIN).fillColor('black');

  heading(doc, 'Transactions');
  if (invoice.transactions.length) {
    table(
      doc,
      ['Date', 'Method', 'Transaction ID', 'Amount'],
      invoice.transactions.map((t) => [formatDate(t.date_created), paymentMethodWords(t.payment_method_type), t.transaction_id, money(t.amount, t.currency)]),
      [80, 90, '*', 90],
      [false, false, false, true],
    );
  } else doc.text('No payments yet.', MARGIN);

  if (invoice.refunds.length) {
    heading(doc, 'Refunds');
    table(
      doc,
      ['Date', 'Status', 'Method', 'Transaction ID', 'Amount'],
      invoice.refunds.map((r) => [
        formatDate(r.date_created),
        statusWords(r.status),
        r.transaction ? paymentMethodWords(r.transaction.payment_method_type) : '',
        r.transaction?.transaction_id ?? '',
        r.transaction ? money(r.transaction.amount, r.transaction.currency) : '',
      ]),
      [80, 80, 80, '*', 80],
      [false, false, false, false, true],
    );
  }
  notes(doc, invoice.custom_notes);
  doc.end();
  return done;
}

/** The credit note as its page shows it (spec part 3, 2.7): issuer, bill-to, lines, summary, transactions, notes. */
export function creditNotePdf(note: CreditNote, options: PdfOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const doc = newDocument(`Credit Note #${note.id}`, options);
  const done = collect(doc);
  const m = (cents: number) => money(cents, note.currency);
  header(doc, `Credit Note #${note.id}`, note.status, note.seller, partyLines(note));
  doc
    .fontSize(10)
    .text([`Date: ${formatDate(note.date_created)}`, note.invoice_id !== null ? `Invoice: #${note.invoice_id}` : '', `Currency: ${note.currency}`].filter(Boolean).join('    '));

  heading(doc, 'Lines');
  table(
    doc,
    ['Description', 'Amount', 'Tax', 'Tax rate'],
    note.items.map((i) => [i.description, money(i.amount, i.currency), money(i.tax, i.currency), `${i.tax_rate}%`]),
    ['*', 90, 80, 60],
    [false, true, true, true],
  );
  summary(doc, [
    ['Initial balance', m(note.initial_balance)],
    ['Initial tax', m(note.initial_tax)],
    ['Balance', m(note.balance), true],
  ]);

  if (note.transaction) {
    const t = note.transaction;
    heading(doc, 'Associated transaction');
    table(
      doc,
      ['Date', 'Method', 'Transaction ID', 'Amount'],
      [[formatDate(t.date_created), paymentMethodWords(t.payment_method), t.transaction_id, money(t.amount, t.currency)]],
      [80, 90, '*', 90],
      [false, false, false, true],
    );
  }

  heading(doc, 'Credit transactions');
  if (note.credit_transactions.length) {
    table(
      doc,
      ['Date', 'Action', 'Amount'],
      note.credit_transactions.map((t) => [formatDate(t.date_created), humanise(t.action), money(t.amount, t.currency)]),
      [100, '*', 100],
      [false, false, true],
    );
  } else doc.text('None yet.', MARGIN);
  notes(doc, note.custom_notes);
  doc.end();
  return done;
}
