import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../../components/Can';
import { DateTime } from '../../../components/DateTime';
import { StatusBadge } from '../../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../../components/table';
import type { Domain } from '../../../lib/api/domains';
import { hostingTypeWords } from '../../../lib/format/words';
import { manageSubdomain, removeSubdomain, showSubdomains, subdomainsList } from '../../../stores/domain-extras';
import { $permissions, can } from '../../../stores/permissions';
import { AddSubdomainDialog } from './AddSubdomainDialog';
import { DeleteExtra } from './DeleteExtra';
import './domain-extras.css';

const column = pagedColumnHelper<Domain>();

function columnsFor(deletable: boolean) {
  return column.columns([
    column.accessor('domain', { header: 'Subdomain' }),
    column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
    column.accessor('hosting_type', { header: 'Hosting type', cell: ({ getValue }) => hostingTypeWords(getValue()) }),
    column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
    actionsColumn(column, 'actions', (s) => (
      <div className="domain-extras-actions">
        <button type="button" className="button button-small" aria-label={`Manage ${s.domain}`} onClick={() => void manageSubdomain(s.guid)}>
          Manage
        </button>
        {deletable ? <DeleteExtra name={s.domain} status={s.status} onDelete={() => removeSubdomain(s.guid)} /> : null}
      </div>
    )),
  ]);
}

/** The drawer's Subdomains tab (spec part 2, 2.7): a paged table with Add Subdomain, Reload, Manage and Delete. */
export function SubdomainsTab({ domain }: { domain: string }) {
  const permissions = useStore($permissions);
  // Spec part 2, 6: can_delete_domains also deletes subdomains.
  const deletable = can('can_delete_domains', permissions);
  const columns = useMemo(() => columnsFor(deletable), [deletable]);

  useEffect(() => showSubdomains(domain), [domain]);

  return (
    <section className="domain-extras-tab" aria-label="Subdomains">
      <div className="toolbar">
        <div className="toolbar-end">
          <button type="button" className="button" onClick={() => void subdomainsList.load()}>
            Reload
          </button>
          {/* Spec part 2, 6: can_add_domains also adds subdomains. */}
          <Can scope="can_add_domains">
            <AddSubdomainDialog domain={domain} />
          </Can>
        </div>
      </div>
      <PagedTable caption="Subdomains" columns={columns} list={subdomainsList} getRowId={(s) => s.guid} empty="No subdomains yet." />
    </section>
  );
}
