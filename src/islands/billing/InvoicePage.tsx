import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { downloadInvoice, invoicePage } from '../../stores/billing';
import { CRYPTO_PAYMENT_NOTE, PAYMENT_FAILED, PAYMENT_SUBMITTED } from '../../lib/schemas/billing-payments';
import { DocFacts, DocSection, DocTable, DocumentMissing, DownloadPdfButton, Parties, PaymentsTable, Totals } from '../../components/billing/DocumentParts';
import { PayInvoiceDialog } from './PayInvoiceDialog';
import { Money } from '../../components/Money';
import { paymentMethodWords } from '../../lib/format/words';
import { exchangeRateLine, moneyText } from '../../lib/billing/documents';
import '../../styles/billing.css';

/** How the gateway sent the payer back (spec part 3, 2.5: `payment=success|failed`, `method=cryptomus|binance`). */
type PaymentReturn = { ok: boolean; crypto: boolean } | null;

function paymentReturnOf(search: string): PaymentReturn {
  const query = new URLSearchParams(search);
  const payment = query.get('payment');
  if (payment !== 'success' && payment !== 'failed') return null;
  const method = query.get('method');
  return { ok: payment === 'success', crypto: method === 'cryptomus' || method === 'binance' };
}

/** Spec part 3, 2.5 "Banners after payment". */
function PaymentBanner({ returned }: { returned: PaymentReturn }) {
  if (!returned) return null;
  return returned.ok ? (
    <div className="alert alert-success payment-banner" role="status">
      <p>{PAYMENT_SUBMITTED}</p>
      {returned.crypto ? <p>{CRYPTO_PAYMENT_NOTE}</p> : null}
    </div>
  ) : (
    <div className="alert alert-error payment-banner" role="alert">
      {PAYMENT_FAILED}
    </div>
  );
}

/**
 * The invoice page (spec part 3, 2.5): seller and billed party, items, totals, transactions,
 * refunds, notes and the NET terms; Download PDF with can_download_invoices. The PDF
 * (src/server/billing/pdf.ts) prints the same blocks in the same order.
 */
export function InvoicePage({ id }: { id: number }) {
  const state = useStore(invoicePage.$doc);
  const [returned, setReturned] = useState<PaymentReturn>(null);
  useEffect(() => {
    setReturned(paymentReturnOf(window.location.search));
    void invoicePage.load(id);
  }, [id]);
  const inv = state.id === id ? state.doc : null;
  if (!inv)
    return (
      <DocumentMissing loading={state.loading || state.id !== id} problem={state.problem} noun="invoice" back={{ href: '/billing/invoices', label: 'Back to the invoices' }} />
    );
  const m = (cents: number) => moneyText(cents, inv.currency);

  return (
    <Card
      className="billing-document"
      title={
        <>
          Invoice #{inv.id} <StatusBadge status={inv.status} />
        </>
      }
      actions={
        <>
          {inv.status !== 'PAID' && inv.status !== 'CANCELLED' ? (
            <Can scope={BILLING_SCOPES.payInvoices}>
              <PayInvoiceDialog invoice={inv} />
            </Can>
          ) : null}
          <Can scope={BILLING_SCOPES.downloadInvoices}>
            <DownloadPdfButton what={`invoice-${inv.id}`} onDownload={() => downloadInvoice(inv.id)} />
          </Can>
        </>
      }
    >
      <PaymentBanner returned={returned} />
      <Parties seller={inv.seller} party={inv} vatId={inv.vat?.vat_id} />
      <DocFacts
        facts={[
          ['Date', <DateTime key="date" value={inv.date_created} dateOnly />],
          ['Due', <DateTime key="due" value={inv.date_due} dateOnly />],
          ['Terms', `NET${inv.payment_terms} days`],
          inv.order_id !== null
            ? [
                'Order',
                <a key="order" href={`/billing/orders/${inv.order_id}`}>
                  #{inv.order_id}
                </a>,
              ]
            : null,
          ['Currency', inv.currency],
        ]}
      />

      <DocSection title="Items">
        <DocTable
          label="Items table"
          columns={[{ header: 'Description' }, { header: 'Period' }, { header: 'Qty', numeric: true }, { header: 'Rate', numeric: true }, { header: 'Amount', numeric: true }]}
          rows={inv.items.map((item, i) => ({
            key: i,
            cells: [
              item.description,
              item.period_start && item.period_end ? (
                <>
                  <DateTime value={item.period_start} dateOnly /> - <DateTime value={item.period_end} dateOnly />
                </>
              ) : null,
              item.quantity,
              m(item.rate),
              m(item.sub_total),
            ],
          }))}
        />
        <Totals
          rows={[
            ['Sub-total', m(inv.sub_total)],
            ...(inv.coupon_code ? ([[`Coupon ${inv.coupon_code.name} (${inv.coupon_code.value})`, '']] as [string, string][]) : []),
            ...(inv.discount_amount ? ([['Discount', `-${m(inv.discount_amount)}`]] as [string, string][]) : []),
            [`Tax (${inv.tax_rate}%)`, m(inv.initial_tax)],
            ['Total', m(inv.total_amount), true],
            ['Payment made', m(inv.payment_made)],
            ['Balance due', m(inv.balance_due), true],
          ]}
        />
        {exchangeRateLine(inv.eur_per_usd) ? <p className="muted doc-rate">{exchangeRateLine(inv.eur_per_usd)}</p> : null}
      </DocSection>

      <DocSection title="Transactions">
        {inv.transactions.length ? (
          <PaymentsTable
            label="Transactions table"
            payments={inv.transactions.map((t) => ({
              key: t.guid,
              date: t.date_created,
              method: t.payment_method_type,
              id: t.transaction_id,
              amount: t.amount,
              currency: t.currency,
            }))}
          />
        ) : (
          <p className="muted">No payments yet.</p>
        )}
      </DocSection>

      {inv.refunds.length ? (
        <DocSection title="Refunds">
          <DocTable
            label="Refunds table"
            columns={[{ header: 'Date' }, { header: 'Status' }, { header: 'Method' }, { header: 'Transaction ID', cellClass: 'cell-wrap' }, { header: 'Amount', numeric: true }]}
            rows={inv.refunds.map((r) => ({
              key: r.guid,
              cells: [
                <DateTime key="date" value={r.date_created} dateOnly />,
                <StatusBadge key="status" status={r.status} />,
                r.transaction ? paymentMethodWords(r.transaction.payment_method_type) : '',
                r.transaction?.transaction_id ?? '',
                r.transaction ? <Money key="amount" cents={r.transaction.amount} currency={r.transaction.currency} /> : null,
              ],
            }))}
          />
        </DocSection>
      ) : null}

      {inv.custom_notes ? (
        <DocSection title="Notes">
          <p className="doc-notes">{inv.custom_notes}</p>
        </DocSection>
      ) : null}
    </Card>
  );
}
