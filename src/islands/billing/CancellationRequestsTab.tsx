import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { Dialog } from '../../components/Dialog';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { CancellationRequest, CancellationRequestSummary } from '../../lib/api/billing';
import { formatDateTimeWithZone } from '../../lib/format/dates';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { $preferences } from '../../stores/preferences';
import { $openCancellation, cancellationsList, cancelOpenRequest, closeCancellation, viewCancellation } from '../../stores/billing-cancellations';
import { humanise, ipTypeWords } from '../../lib/format/words';
import { ScrollBox } from '../../components/ScrollBox';
import '../../styles/documents.css';

const column = pagedColumnHelper<CancellationRequestSummary>();
const columns = column.columns([
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('cancellation_time', { header: 'Cancellation time', cell: ({ getValue }) => humanise(getValue()) }),
  column.accessor('date_processed', { header: 'Date Processed', cell: ({ getValue }) => <DateTime value={getValue()} fallback="-" /> }),
  column.accessor('ip_address_count', { header: 'IP Addresses', meta: { className: 'cell-number' }, cell: ({ getValue }) => getValue().toLocaleString('en-US') }),
  actionsColumn(column, 'view', (r) => <ViewButton request={r} />),
]);

function ViewButton({ request: r }: { request: CancellationRequestSummary }) {
  const { timeZone } = useStore($preferences);
  return (
    <button
      type="button"
      className="button button-small"
      onClick={() => void viewCancellation(r)}
      aria-label={`View cancellation request of ${formatDateTimeWithZone(r.date_created, timeZone)}`}
    >
      View
    </button>
  );
}

/** Billing > Cancellation Requests with its View dialog and the cancel of a pending request (spec part 3, 2.4). */
export function CancellationRequestsTab() {
  return (
    <>
      <PagedTable caption="Cancellation requests" columns={columns} list={cancellationsList} getRowId={(r) => r.guid} empty="No cancellation requests yet." />
      <CancellationDialog />
    </>
  );
}

function CancellationDialog() {
  const open = useStore($openCancellation);
  const r = open?.summary;
  return (
    <Dialog
      title="Cancellation request"
      size="lg"
      open={open !== null}
      onOpenChange={(isOpen) => !isOpen && closeCancellation()}
      footer={
        r?.status === 'PENDING' && r.can_cancel ? (
          <Can scope={BILLING_SCOPES.editCancellationRequests}>
            <Confirm
              title="Cancel cancellation request"
              message="Are you sure you want to cancel this cancellation request? Its IP addresses will stay active."
              onConfirm={cancelOpenRequest}
              trigger="Cancel request"
              triggerVariant="danger"
            />
          </Can>
        ) : null
      }
    >
      {r ? (
        <>
          <dl className="detail-list">
            <dt>Requested</dt>
            <dd>
              <DateTime value={r.date_created} />
            </dd>
            <dt>Processed</dt>
            <dd>
              <DateTime value={r.date_processed} fallback="Not yet" />
            </dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={r.status} />
            </dd>
            <dt>Cancellation time</dt>
            <dd>{humanise(r.cancellation_time)}</dd>
            {r.order !== null ? (
              <>
                <dt>Order</dt>
                <dd>
                  <a href={`/billing/orders/${r.order}`} onClick={closeCancellation}>
                    #{r.order}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          {open?.detail ? <AddressTable request={open.detail} /> : <p className="muted">Loading...</p>}
        </>
      ) : null}
    </Dialog>
  );
}

/** The request's addresses: address, type, location and the group link (to the IP group page). */
function AddressTable({ request }: { request: CancellationRequest }) {
  const listed = request.ip_addresses.length;
  return (
    <ScrollBox className="doc-table-wrap" label="IP addresses of the request">
      <table className="doc-table">
        <caption>IP addresses</caption>
        <thead>
          <tr>
            <th scope="col">IP address</th>
            <th scope="col">Type</th>
            <th scope="col">Location</th>
            <th scope="col">Group</th>
          </tr>
        </thead>
        <tbody>
          {request.ip_addresses.map((ip) => (
            <tr key={ip.guid}>
              <td>{ip.ip_address}</td>
              <td>{ipTypeWords(ip.ip_address_type)}</td>
              <td>{`${ip.city}, ${ip.country}`}</td>
              <td>
                <Can scope="can_view_ip_groups" fallback={ip.group.name}>
                  <a href={`/ip-addresses/${ip.group.guid}`} onClick={closeCancellation}>
                    {ip.group.name}
                  </a>
                </Can>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {listed < request.ip_address_count ? (
        <p className="muted">
          The first {listed.toLocaleString('en-US')} of {request.ip_address_count.toLocaleString('en-US')} IP addresses are listed; the IP group pages show them all.
        </p>
      ) : null}
    </ScrollBox>
  );
}
