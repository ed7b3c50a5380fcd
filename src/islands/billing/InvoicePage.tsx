import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Card } from '../../components/Card';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { downloadInvoice, invoicePage } from '../../stores/billing';
import { CRYPTO_PAYMENT_NOTE, PAYMENT_FAILED, PAYMENT_SUBMITTED } from '../../lib/schemas/billing-payments';
import { DocSection, DocumentMissing, DownloadPdfButton, Parties, Totals } from './DocumentParts';
import { PayInvoiceDialog } from './PayInvoiceDialog';
import { humanise, Money, moneyText } from './Money';
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
  if (!inv) return <DocumentMissing loading={state.loading || state.id !== id} noun="invoice" back={{ href: '/billing/invoices', label: 'Back to the invoices' }} />;
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
      <dl className="doc-facts">
        <div>
          <dt>Date</dt>
          <dd>
            <DateTime value={inv.date_created} dateOnly />
          </dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>
            <DateTime value={inv.date_due} dateOnly />
          </dd>
        </div>
        <div>
          <dt>Terms</dt>
          <dd>NET{inv.payment_terms} days</dd>
        </div>
        {inv.order_id !== null ? (
          <div>
            <dt>Order</dt>
            <dd>
              <a href={`/billing/orders/${inv.order_id}`}>#{inv.order_id}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Currency</dt>
          <dd>{inv.currency}</dd>
        </div>
      </dl>

      <DocSection title="Items">
        <div className="doc-table-wrap" tabIndex={0} role="group" aria-label="Items table">
          <table className="doc-table">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">Period</th>
                <th scope="col" className="cell-number">
                  Qty
                </th>
                <th scope="col" className="cell-number">
                  Rate
                </th>
                <th scope="col" className="cell-number">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {inv.items.map((item, i) => (
                <tr key={i}>
                  <td>{item.description}</td>
                  <td>
                    {item.period_start && item.period_end ? (
                      <>
                        <DateTime value={item.period_start} dateOnly /> - <DateTime value={item.period_end} dateOnly />
                      </>
                    ) : null}
                  </td>
                  <td className="cell-number">{item.quantity}</td>
                  <td className="cell-number">{m(item.rate)}</td>
                  <td className="cell-number">{m(item.sub_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
      </DocSection>

      <DocSection title="Transactions">
        {inv.transactions.length ? (
          <div className="doc-table-wrap" tabIndex={0} role="group" aria-label="Transactions table">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Method</th>
                  <th scope="col">Transaction ID</th>
                  <th scope="col" className="cell-number">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {inv.transactions.map((t) => (
                  <tr key={t.guid}>
                    <td>
                      <DateTime value={t.date_created} dateOnly />
                    </td>
                    <td>{humanise(t.payment_method_type)}</td>
                    <td className="cell-wrap">{t.transaction_id}</td>
                    <td className="cell-number">
                      <Money cents={t.amount} currency={t.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">No payments yet.</p>
        )}
      </DocSection>

      {inv.refunds.length ? (
        <DocSection title="Refunds">
          <div className="doc-table-wrap" tabIndex={0} role="group" aria-label="Refunds table">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Method</th>
                  <th scope="col">Transaction ID</th>
                  <th scope="col" className="cell-number">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {inv.refunds.map((r) => (
                  <tr key={r.guid}>
                    <td>
                      <DateTime value={r.date_created} dateOnly />
                    </td>
                    <td>
                      <StatusBadge status={r.status} />
                    </td>
                    <td>{r.transaction ? humanise(r.transaction.payment_method_type) : ''}</td>
                    <td className="cell-wrap">{r.transaction?.transaction_id ?? ''}</td>
                    <td className="cell-number">{r.transaction ? <Money cents={r.transaction.amount} currency={r.transaction.currency} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
