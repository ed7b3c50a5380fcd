import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { Dialog } from '../../components/Dialog';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { Transaction } from '../../lib/api/billing';
import { $openTransaction, transactionsList } from '../../stores/billing';
import { Money } from '../../components/Money';
import { paymentMethodWords } from '../../lib/format/words';
import '../../styles/documents.css';

const column = pagedColumnHelper<Transaction>();
const columns = column.columns([
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('amount', {
    header: 'Amount',
    meta: { className: 'cell-number' },
    cell: ({ row: { original: t } }) => (
      <>
        {t.kind === 'REFUND' ? 'Refund ' : ''}
        <Money cents={t.amount} currency={t.currency} />
      </>
    ),
  }),
  column.accessor('payment_method_type', { header: 'Method', cell: ({ getValue }) => paymentMethodWords(getValue()) }),
  column.accessor('transaction_id', { header: 'Transaction ID', meta: { className: 'cell-wrap' } }),
  actionsColumn(column, 'view', (t) => (
    <button type="button" className="button button-small" onClick={() => $openTransaction.set(t)} aria-label={`View transaction ${t.transaction_id}`}>
      View
    </button>
  )),
]);

/** The Transactions tab with its View dialog (spec part 3, 2.4). */
export function TransactionsTab() {
  return (
    <>
      <PagedTable caption="Transactions" columns={columns} list={transactionsList} getRowId={(t) => t.guid} empty="No transactions yet." />
      <TransactionDialog />
    </>
  );
}

function TransactionDialog() {
  const t = useStore($openTransaction);
  return (
    <Dialog title="Transaction" open={t !== null} onOpenChange={(open) => !open && $openTransaction.set(null)}>
      {t ? (
        <>
          <dl className="detail-list">
            <dt>ID</dt>
            <dd>{t.guid}</dd>
            <dt>Created</dt>
            <dd>
              <DateTime value={t.date_created} />
            </dd>
            <dt>Amount</dt>
            <dd>
              <Money cents={t.amount} currency={t.currency} /> {t.currency}
              {t.kind === 'REFUND' ? ' (refund)' : ''}
            </dd>
            <dt>Method</dt>
            <dd>{paymentMethodWords(t.payment_method_type)}</dd>
            <dt>Transaction ID</dt>
            <dd>{t.transaction_id}</dd>
          </dl>
          <table className="doc-table">
            <caption>Associated invoices</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {t.associated_invoices.map((i) => (
                <tr key={i.id}>
                  <td>
                    <a href={`/billing/invoices/${i.id}`} onClick={() => $openTransaction.set(null)}>
                      #{i.id}
                    </a>
                  </td>
                  <td>
                    <StatusBadge status={i.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </Dialog>
  );
}
