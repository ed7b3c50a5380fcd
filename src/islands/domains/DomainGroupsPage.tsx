import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { Tooltip } from '../../components/Tooltip';
import { actionsColumn, PagedTable, pagedColumnHelper, ReloadButton } from '../../components/table';
import type { DomainGroup } from '../../lib/api/domains';
import { groupDeleteRefusal } from '../../lib/rules/domain-groups';
import { domainGroupsList, removeGroup } from '../../stores/domain-groups';
import { AddDomainGroupDialog } from './AddDomainGroupDialog';
import '../../styles/domains.css';

function DeleteGroup({ group }: { group: DomainGroup }) {
  const refusal = groupDeleteRefusal(group);
  if (refusal) {
    return (
      <Tooltip content={refusal}>
        <button type="button" className="button button-small" aria-disabled="true" aria-label={`Delete ${group.name}: ${refusal}`}>
          Delete
        </button>
      </Tooltip>
    );
  }
  return (
    <Confirm
      message={`Delete the domain group ${group.name}?`}
      confirmLabel="Delete"
      trigger="Delete"
      triggerSize="small"
      triggerVariant="danger"
      triggerAriaLabel={`Delete ${group.name}`}
      onConfirm={() => removeGroup(group)}
    />
  );
}

const column = pagedColumnHelper<DomainGroup>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    enableHiding: false,
    meta: { className: 'cell-wrap' },
    cell: ({ row }) => <a href={`/domains/${row.original.guid}`}>{row.original.name}</a>,
  }),
  column.accessor('domain_count', { header: 'Domains', meta: { className: 'cell-number' } }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  actionsColumn(column, 'actions', (group) => (
    <Can scope="can_edit_domain_groups">
      <DeleteGroup group={group} />
    </Can>
  )),
]);

const groupId = (g: DomainGroup) => g.guid;

/** The domain groups page (spec part 2, 2.2). */
export function DomainGroupsPage() {
  const { answer, loading } = useStore(domainGroupsList.$list);
  const empty = !loading && answer?.total === 0;
  return (
    <section aria-label="Domain groups">
      <div className="toolbar">
        <Can scope="can_add_domain_groups">
          <AddDomainGroupDialog />
        </Can>
        <ReloadButton list={domainGroupsList} />
      </div>
      {empty ? (
        <div className="empty-state">
          <p>Nothing to see here...</p>
          <Can scope="can_add_domain_groups">
            <AddDomainGroupDialog />
          </Can>
        </div>
      ) : (
        <PagedTable caption="Domain groups" columns={columns} list={domainGroupsList} getRowId={groupId} empty="Nothing to see here..." />
      )}
    </section>
  );
}
