import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { AffiliateInvoiceSummary } from '../../lib/api/affiliate';
import { $pdfBusy, affiliateInvoicesList, billingInfo, downloadAffiliateInvoice, paymentDetails } from '../../stores/affiliate';
import { DocFacts, DocTable } from '../../components/billing/DocumentParts';
import { Money } from '../../components/Money';
import { billingCycleWords } from '../../lib/format/words';
import { PaymentDetailsDialog } from './PaymentDetailsDialog';

function PdfButton({ id }: { id: number }) {
  const busy = useStore($pdfBusy) === id;
  return (
    <button type="button" className="button button-small" disabled={busy} onClick={() => void downloadAffiliateInvoice(id)} aria-label={`Download invoice #${id} as PDF`}>
      {busy ? 'Downloading...' : 'PDF'}
    </button>
  );
}

const column = pagedColumnHelper<AffiliateInvoiceSummary>();
const columns = column.columns([
  column.accessor('id', { header: 'Invoice ID', enableHiding: false, cell: ({ getValue }) => <a href={`/affiliate/billing/invoice/${getValue()}`}>#{getValue()}</a> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  column.accessor('net_amount', {
    header: 'Net amount',
    meta: { className: 'cell-number' },
    cell: ({ row: { original: i } }) => <Money cents={i.net_amount} currency={i.currency} />,
  }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  actionsColumn(column, 'actions', (i) => (
    <span className="affiliate-row-actions">
      <a className="button button-small" href={`/affiliate/billing/invoice/${i.id}`} aria-label={`View invoice #${i.id}`}>
        View
      </a>
      <PdfButton id={i.id} />
    </span>
  )),
]);

/** Billing (spec part 3, 2.10): payment terms, invoices with view and PDF, payment details with the add/update dialog. */
export function BillingTab() {
  const { data: info } = useStore(billingInfo.$state);
  const { data: details } = useStore(paymentDetails.$state);
  useEffect(() => {
    void billingInfo.load();
    void paymentDetails.load();
  }, []);
  return (
    <div className="affiliate-billing">
      <section aria-label="Payment terms">
        <h3>Payment terms</h3>
        {info ? (
          <DocFacts
            facts={[
              ['Payout rate', `${info.payout_rate}%`],
              ['Payment threshold', <Money key="threshold" cents={info.payment_threshold} currency={info.currency} />],
              ['Payment term', `NET${info.payment_term} days`],
              ['Billing cycle', billingCycleWords(info.billing_cycle)],
              ['Cookie duration', `${info.cookie_duration} days`],
            ]}
          />
        ) : null}
      </section>
      <section aria-label="Invoices">
        <h3>Invoices</h3>
        <PagedTable caption="Affiliate invoices" columns={columns} list={affiliateInvoicesList} getRowId={(i) => String(i.id)} empty="No invoices yet." />
      </section>
      <section aria-label="Payment details">
        <div className="affiliate-section-head">
          <h3>Payment details</h3>
          <PaymentDetailsDialog hasDetails={Boolean(details?.length)} />
        </div>
        {details?.length ? (
          <DocTable
            label="Payment details history"
            columns={[{ header: 'Date' }, { header: 'Description' }]}
            rows={details.map((d, i) => ({
              key: d.guid,
              cells: [<DateTime key="date" value={d.date_created} dateOnly />, i === 0 ? <strong key="description">{d.description} (current)</strong> : d.description],
            }))}
          />
        ) : details ? (
          <p className="muted">No payment details yet: add them so your earnings can be paid.</p>
        ) : null}
      </section>
    </div>
  );
}
