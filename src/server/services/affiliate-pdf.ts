import PDFDocument from 'pdfkit';
import type { AffiliateInvoice } from '../../lib/api/affiliate';
import { moneyText, partyLines, sellerLines, statusWords } from '../../lib/billing/documents';
import { formatDate } from '../../lib/format/dates';

/**
 * The affiliate invoice as a PDF (spec part 3, 2.10: issuer, beneficiary, items, gross, tax and
 * net), written with pdfkit from the answer the invoice page shows, in the same order. Like
 * billing's PDFs (src/server/billing/pdf.ts) it uses pdfkit's standard Helvetica.
 */
export const affiliateInvoicePdfName = (invoice: Pick<AffiliateInvoice, 'id'>) => `affiliate-invoice-${invoice.id}.pdf`;

const MARGIN = 50;

/** The issuer and beneficiary lines, shared with the page. */
export const beneficiaryLines = (invoice: AffiliateInvoice) => partyLines(invoice, invoice.vat?.vat_id);

export function affiliateInvoicePdf(invoice: AffiliateInvoice, options: { compress?: boolean } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const title = `Affiliate Invoice #${invoice.id}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: options.compress ?? true, info: { Title: title, Creator: 'Hostdeck' }, lang: 'en' });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const m = (cents: number) => moneyText(cents, invoice.currency);
  const width = doc.page.width - 2 * MARGIN;
  const half = width / 2 - 10;

  doc.font('Helvetica-Bold').fontSize(20).text(title, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#555555')
    .text(`Status: ${statusWords(invoice.status)}`)
    .fillColor('black');
  const top = doc.y + 16;
  doc.font('Helvetica-Bold').fontSize(10).text('Issuer', MARGIN, top, { width: half });
  doc.font('Helvetica').text(sellerLines(invoice.issuer).join('\n'), { width: half });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').text('Beneficiary', MARGIN + width / 2 + 10, top, { width: half });
  doc.font('Helvetica').text(beneficiaryLines(invoice).join('\n'), { width: half });
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 16;
  doc.text(
    [
      `Date: ${formatDate(invoice.date_created)}`,
      `Period: ${formatDate(invoice.period_start)} - ${formatDate(invoice.period_end)}`,
      `Terms: NET${invoice.payment_terms.payment_term} days, ${invoice.payment_terms.billing_cycle.toLowerCase()}`,
      `Currency: ${invoice.currency}`,
    ].join('    '),
    MARGIN,
  );

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text('Items', MARGIN);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.table({
    columnStyles: [{ width: '*' }, { width: 100, align: { x: 'right', y: 'top' } }],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: '#cccccc', padding: [4, 4, 4, 4] },
    data: [
      [
        { text: 'Description', type: 'TH', font: { src: 'Helvetica-Bold' }, backgroundColor: '#f0f0f0' },
        { text: 'Payout', type: 'TH', font: { src: 'Helvetica-Bold' }, backgroundColor: '#f0f0f0' },
      ],
      ...invoice.items.map((i) => [i.description, m(i.payout)]),
    ],
  });
  doc.x = MARGIN;
  doc.moveDown(0.5);
  const totals: [string, string, boolean][] = [
    ['Gross amount', m(invoice.gross_amount), false],
    [`Tax (${invoice.tax_rate}%)`, m(invoice.tax), false],
    ['Net amount', m(invoice.net_amount), true],
  ];
  for (const [label, value, strong] of totals) {
    const y = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN + width / 2, y, { width: width / 4 });
    doc.text(value, MARGIN + (3 * width) / 4, y, { width: width / 4, align: 'right' });
  }
  doc.end();
  return done;
}
