import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { Icon } from '../../components/Icon';
import { StatusBadge } from '../../components/StatusBadge';
import { Switch } from '../../components/Switch';
import { pagedColumnHelper } from '../../components/table';
import type { IpAddress } from '../../lib/api/ip-addresses';
import { formatMoney, type Currency } from '../../lib/billing/money';
import { Flag } from '../../components/Flag';
import { $switching, toggleHttp2 } from '../../stores/ip-addresses';
import { $permissions, can } from '../../stores/permissions';
import { $signatureTarget } from './signature-target';

/** Spec part 3, 3: HTTP/2 shows as UNAVAILABLE for shared addresses. */
function Http2Toggle({ ip }: { ip: IpAddress }) {
  const permissions = useStore($permissions);
  const switching = useStore($switching);
  if (ip.ip_address_type === 'SHARED') return <StatusBadge status="UNAVAILABLE" label="Unavailable" />;
  const editable = ip.status === 'ACTIVE' && can('can_edit_ip_addresses', permissions);
  return (
    <Switch
      label={`HTTP/2 for ${ip.ip_address}`}
      hideLabel
      checked={ip.http_version === 2}
      disabled={!editable || Boolean(switching[ip.guid])}
      onCheckedChange={(on) => void toggleHttp2(ip, on)}
    />
  );
}

function SignatureCell({ ip }: { ip: IpAddress }) {
  const permissions = useStore($permissions);
  const editable = ip.ip_address_type === 'DEDICATED' && ip.status === 'ACTIVE' && can('can_edit_ip_addresses', permissions);
  return (
    // The signature and its Modify button share a line when there is room and stack when not, so
    // a long signature does not push the table past a 1440 px window.
    <span className="signature-cell">
      <span>{ip.signature?.signature ?? <span className="muted">Default</span>}</span>
      {editable ? (
        <button type="button" className="button button-small" aria-label={`Modify the signature of ${ip.ip_address}`} onClick={() => $signatureTarget.set({ ip, at: Date.now() })}>
          Modify
        </button>
      ) : null}
    </span>
  );
}

const column = pagedColumnHelper<IpAddress>();

/** The IP group page's columns (spec part 3, 2.2), in its order. */
export const ipColumns = column.columns([
  column.display({
    id: 'type',
    header: 'Type',
    meta: { className: 'cell-icon' },
    cell: ({ row }) => {
      const shared = row.original.ip_address_type === 'SHARED';
      return (
        <span className={shared ? 'ip-type ip-type-shared' : 'ip-type'} title={shared ? 'Shared' : 'Dedicated'}>
          <Icon name={shared ? 'globe' : 'server'} label={shared ? 'Shared' : 'Dedicated'} size={16} />
        </span>
      );
    },
  }),
  column.accessor('ip_address', { header: 'IP Address', enableHiding: false, cell: ({ getValue }) => <span className="mono">{getValue()}</span> }),
  column.display({
    id: 'monthly_cost',
    header: 'Monthly Cost',
    meta: { className: 'cell-number' },
    cell: ({ row }) => formatMoney(row.original.monthly_cost.amount, row.original.monthly_cost.currency as Currency),
  }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.display({ id: 'http2', header: 'HTTP/2', cell: ({ row }) => <Http2Toggle ip={row.original} /> }),
  column.display({
    id: 'location',
    header: 'Location',
    cell: ({ row }) => (
      <span>
        {/* The flag keeps to its city: a line may break between the city and the country, never after the flag. */}
        <span className="nowrap">
          <Flag code={row.original.country_code} />
          {row.original.city},
        </span>{' '}
        {row.original.country}
      </span>
    ),
  }),
  column.display({
    id: 'slots',
    header: 'Website Slots',
    cell: ({ row }) => {
      const { domain_count: used, domains_allowed: allowed } = row.original;
      return (
        <span className="slots-cell">
          <progress
            className="slots-progress"
            max={Math.max(allowed, 1)}
            value={Math.min(used, allowed)}
            aria-label={`${used} of ${allowed} website slots used on ${row.original.ip_address}`}
          />
          <span>
            {used} / {allowed}
          </span>
        </span>
      );
    },
  }),
  column.display({ id: 'renewal', header: 'Renewal', cell: ({ row }) => <DateTime value={row.original.order?.renewal_date ?? null} dateOnly fallback="None" /> }),
  column.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (row.original.order ? <a href={`/billing/orders/${row.original.order.order_id}`}>#{row.original.order.order_id}</a> : <span className="muted">None</span>),
  }),
  column.display({ id: 'signature', header: 'Server Signature', cell: ({ row }) => <SignatureCell ip={row.original} /> }),
]);
