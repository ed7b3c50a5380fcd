import { Can } from '../../components/Can';
import { PagedTable, pagedColumnHelper, ReloadButton } from '../../components/table';
import type { IpGroup } from '../../lib/api/ip-addresses';
import { ipGroupsList } from '../../stores/ip-addresses';
import { AddIpGroupDialog } from './AddIpGroupDialog';
import '../../styles/ip-addresses.css';

const column = pagedColumnHelper<IpGroup>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    enableHiding: false,
    meta: { className: 'cell-wrap' },
    cell: ({ row }) => <a href={`/ip-addresses/${row.original.guid}`}>{row.original.name}</a>,
  }),
]);
const groupId = (g: IpGroup) => g.guid;

/** The IP groups (spec part 3, 2.1 /ip-addresses): each opens its group page. */
export function IpGroupsPage() {
  return (
    <section aria-label="IP groups">
      <div className="toolbar">
        <Can scope="can_edit_ip_groups">
          <AddIpGroupDialog />
        </Can>
        <ReloadButton list={ipGroupsList} />
      </div>
      <PagedTable caption="IP groups" columns={columns} list={ipGroupsList} getRowId={groupId} empty="Nothing to see here..." />
    </section>
  );
}
