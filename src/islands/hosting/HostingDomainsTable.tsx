import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { HostingDomain } from '../../lib/api/hosting';
import { hostingDomainsList } from '../../stores/hosting-accounts';

const column = pagedColumnHelper<HostingDomain>();
const columns = column.columns([
  column.accessor('domain', {
    header: 'Domain',
    enableHiding: false,
    meta: { className: 'cell-wrap' },
    cell: ({ row: { original: d } }) => <a href={`/websites/${d.guid}`}>{d.domain}</a>,
  }),
  column.accessor('ip_address', { header: 'IP Address', cell: ({ getValue }) => <span className="mono">{getValue() ?? '-'}</span> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('group', { header: 'Domain Group', cell: ({ getValue }) => <a href={`/domains/${getValue().guid}`}>{getValue().name}</a> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  actionsColumn(column, 'visit', (d) => (
    <a className="button button-small" href={`http://${d.domain}`} target="_blank" rel="noopener noreferrer" aria-label={`Visit ${d.domain}`}>
      Visit
    </a>
  )),
]);

/** The account's domains (spec part 3, 2.8), paged on the server. */
export function HostingDomainsTable({ account }: { account: string }) {
  return <PagedTable caption={`Domains on ${account}`} columns={columns} list={hostingDomainsList} getRowId={(d) => d.guid} empty="No domains on this account yet." />;
}
