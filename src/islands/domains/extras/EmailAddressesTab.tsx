import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../../components/Can';
import { DateTime } from '../../../components/DateTime';
import { StatusBadge } from '../../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../../components/table';
import type { EmailForwarder } from '../../../lib/api/domain-extras';
import { forwardersList, removeForwarder, showForwarders } from '../../../stores/domain-extras';
import { $permissions, can } from '../../../stores/permissions';
import { AddEmailAddressDialog } from './AddEmailAddressDialog';
import { DeleteExtra } from './DeleteExtra';
import './domain-extras.css';

const column = pagedColumnHelper<EmailForwarder>();

function columnsFor(deletable: boolean) {
  return column.columns([
    column.accessor('email_address', { header: 'Email address', cell: ({ row: { original: f } }) => (f.is_catchall ? `${f.email_address} (catch-all)` : f.email_address) }),
    column.accessor('forward_address', { header: 'Forwards to' }),
    column.accessor('email_type', { header: 'Type' }),
    column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
    column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
    ...(deletable ? [actionsColumn(column, 'delete', (f) => <DeleteExtra name={f.email_address} status={f.status} onDelete={() => removeForwarder(f.guid)} />)] : []),
  ]);
}

/** The drawer's Email Addresses tab (spec part 2, 2.7): the domain's forwarders, Add Email Address and delete. */
export function EmailAddressesTab({ domain }: { domain: string }) {
  const permissions = useStore($permissions);
  const deletable = can('can_delete_email_addresses', permissions);
  const columns = useMemo(() => columnsFor(deletable), [deletable]);

  useEffect(() => showForwarders(domain), [domain]);

  return (
    <section className="domain-extras-tab" aria-label="Email Addresses">
      <div className="toolbar">
        <div className="toolbar-end">
          <button type="button" className="button" onClick={() => void forwardersList.load()}>
            Reload
          </button>
          <Can scope="can_add_email_addresses">
            <AddEmailAddressDialog domain={domain} />
          </Can>
        </div>
      </div>
      <PagedTable caption="Email Addresses" columns={columns} list={forwardersList} getRowId={(f) => f.guid} empty="No email addresses yet." />
    </section>
  );
}
