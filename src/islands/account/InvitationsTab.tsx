import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { Invitation } from '../../lib/api/account';
import { accept, invitationsList } from '../../stores/account-lists';
import { InvitationCodeDialog } from './InvitationCodeDialog';

const column = pagedColumnHelper<Invitation>();
const columns = column.columns([
  column.accessor('company.name', { header: 'Company' }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  actionsColumn(column, 'accept', (i) =>
    i.status === 'PENDING' ? (
      <Confirm
        title="Accept invitation"
        message="Are you sure you want to accept this invitation?"
        onConfirm={() => accept(i.guid)}
        trigger="Accept"
        triggerSize="small"
        triggerVariant="primary"
        triggerAriaLabel={`Accept invitation from ${i.company.name}`}
      />
    ) : null,
  ),
]);

const invitationId = (i: Invitation) => i.guid;

/** Invitations addressed to the user, and their invitation code (spec part 1, 2.6 Invitations). */
export function InvitationsTab() {
  return (
    <section aria-label="Invitations">
      <div className="toolbar">
        <InvitationCodeDialog />
      </div>
      <PagedTable caption="Invitations" columns={columns} list={invitationsList} getRowId={invitationId} empty="No invitations." />
    </section>
  );
}
