import { Can } from '../../components/Can';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper, ReloadButton } from '../../components/table';
import type { HostingAccount } from '../../lib/api/hosting';
import { hostingAccountsList } from '../../stores/hosting-accounts';
import { AddHostingDialog } from './AddHostingDialog';
import { DeleteCustomHost } from './DeleteCustomHost';
import { accountTypeWords, isDeletable } from './account-words';
import '../../styles/hosting.css';

const column = pagedColumnHelper<HostingAccount>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    enableHiding: false,
    meta: { className: 'cell-wrap' },
    cell: ({ row: { original: a } }) => <a href={`/hosting/${a.guid}`}>{a.name}</a>,
  }),
  column.accessor('account_type', { header: 'Type', cell: ({ row: { original: a } }) => accountTypeWords(a) }),
  column.accessor('is_managed', { header: 'Managed', cell: ({ getValue }) => (getValue() ? 'Yes' : 'No') }),
  column.accessor('location', { header: 'Location', cell: ({ getValue }) => (getValue() ? `${getValue()!.city}, ${getValue()!.country_name}` : '-') }),
  column.accessor('domain_count', { header: 'Domains' }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  actionsColumn(column, 'actions', (a) => (
    <span className="hosting-row-actions">
      <a className="button button-small" href={`/hosting/${a.guid}`} aria-label={`Manage ${a.name}`}>
        Manage
      </a>
      {isDeletable(a) ? (
        <Can scope="can_delete_hosting_accounts">
          <DeleteCustomHost account={a} fromItsPage={false} />
        </Can>
      ) : null}
    </span>
  )),
]);

/** Hosting Accounts (spec part 3, 2.8): the paged list, Add Hosting Account, delete for custom hosts. */
export function HostingAccountsPage() {
  return (
    <section aria-label="Hosting accounts">
      <div className="toolbar">
        <Can scope="can_add_hosting_accounts">
          <AddHostingDialog />
        </Can>
        <ReloadButton list={hostingAccountsList} />
      </div>
      <PagedTable caption="Hosting accounts" columns={columns} list={hostingAccountsList} getRowId={(a) => a.guid} empty="Nothing to see here" />
    </section>
  );
}
