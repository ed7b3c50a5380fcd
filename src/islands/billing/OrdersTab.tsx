import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { Order } from '../../lib/api/billing';
import { ordersList } from '../../stores/billing';
import { billingCycleWords, orderTypeWords } from '../../lib/format/words';

const column = pagedColumnHelper<Order>();
const columns = column.columns([
  column.accessor('id', { header: 'Order ID', enableHiding: false, cell: ({ getValue }) => <a href={`/billing/orders/${getValue()}`}>#{getValue()}</a> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('date_next_invoice', { header: 'Next Invoice', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly fallback="-" /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('billing_cycle', { header: 'Billing Cycle', cell: ({ getValue }) => billingCycleWords(getValue()) }),
  column.accessor('order_type', { header: 'Type', cell: ({ getValue }) => orderTypeWords(getValue()) }),
  column.accessor('tags', {
    header: 'Tags',
    meta: { className: 'cell-wrap' },
    cell: ({ getValue }) =>
      getValue().length ? (
        <ul className="tag-list">
          {getValue().map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null,
  }),
  actionsColumn(column, 'view', (o) => (
    <a className="button button-small" href={`/billing/orders/${o.id}`} aria-label={`View order #${o.id}`}>
      View
    </a>
  )),
]);

/** The Orders tab (spec part 3, 2.4). */
export function OrdersTab() {
  return <PagedTable caption="Orders" columns={columns} list={ordersList} getRowId={(o) => String(o.id)} empty="No orders yet." />;
}
