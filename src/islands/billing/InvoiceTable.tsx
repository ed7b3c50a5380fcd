import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { InvoiceSummary } from '../../lib/api/billing';
import type { PagedList } from '../../stores/paged-list';
import { Money } from '../../components/Money';

const column = pagedColumnHelper<InvoiceSummary>();
const columns = column.columns([
  column.accessor('id', { header: 'Invoice ID', enableHiding: false, cell: ({ getValue }) => <a href={`/billing/invoices/${getValue()}`}>#{getValue()}</a> }),
  column.accessor('total_amount', {
    header: 'Amount',
    meta: { className: 'cell-number' },
    cell: ({ row: { original: i } }) => <Money cents={i.total_amount} currency={i.currency} />,
  }),
  column.accessor('initial_tax', { header: 'Tax', meta: { className: 'cell-number' }, cell: ({ row: { original: i } }) => <Money cents={i.initial_tax} currency={i.currency} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  // Spec decisions, 2: Due shows date_due (the original showed the created date).
  column.accessor('date_due', { header: 'Due', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  actionsColumn(column, 'view', (i) => (
    <a className="button button-small" href={`/billing/invoices/${i.id}`} aria-label={`View invoice #${i.id}`}>
      View
    </a>
  )),
]);

/** Invoices in a table: the Invoices tab's and the order page's. */
export function InvoiceTable<F extends Record<string, string>>({ list, caption, empty }: { list: PagedList<InvoiceSummary, F>; caption: string; empty: string }) {
  return <PagedTable caption={caption} columns={columns} list={list} getRowId={(i) => String(i.id)} empty={empty} />;
}
