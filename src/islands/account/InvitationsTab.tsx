import { useStore } from '@nanostores/react';
import { Confirm } from '../../components/Confirm';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import type { Invitation } from '../../lib/api/account';
import { accept, invitationsList } from '../../stores/account-lists';
import { InvitationCodeDialog } from './InvitationCodeDialog';

const columns: Column<Invitation>[] = [
  { key: 'company', header: 'Company', cell: (i) => i.company.name },
  { key: 'status', header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
  { key: 'created', header: 'Created', cell: (i) => <DateTime value={i.date_created} /> },
  {
    key: 'accept',
    header: <span className="visually-hidden">Actions</span>,
    className: 'cell-actions',
    cell: (i) =>
      i.status === 'PENDING' ? (
        <Confirm
          title="Accept invitation"
          message="Are you sure you want to accept this invitation?"
          onConfirm={() => accept(i.guid)}
          trigger={
            <button type="button" className="button button-small button-primary" aria-label={`Accept invitation from ${i.company.name}`}>
              Accept
            </button>
          }
        />
      ) : null,
  },
];

/** Invitations addressed to the user, and their invitation code (spec part 1, 2.6 Invitations). */
export function InvitationsTab() {
  const { loading, page, perPage, answer } = useStore(invitationsList.$list);
  return (
    <section aria-label="Invitations">
      <div className="toolbar">
        <InvitationCodeDialog />
      </div>
      <DataTable
        caption="Invitations"
        columns={columns}
        rows={answer?.data ?? []}
        rowKey={(i) => i.guid}
        loading={loading}
        empty="No invitations."
        page={page}
        perPage={perPage}
        total={answer?.total ?? 0}
        onPageChange={(p) => void invitationsList.load(p)}
        onPerPageChange={invitationsList.setPageSize}
      />
    </section>
  );
}
