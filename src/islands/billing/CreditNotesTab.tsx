import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { DateTime } from '../../components/DateTime';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import type { CreditNoteSummary } from '../../lib/api/billing';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { $downloading, creditNotesList, downloadCreditNote } from '../../stores/billing';
import { Money } from '../../components/Money';

function DownloadButton({ id }: { id: number }) {
  const busy = useStore($downloading) === `credit-${id}`;
  return (
    <button type="button" className="button button-small" disabled={busy} onClick={() => void downloadCreditNote(id)} aria-label={`Download PDF of credit note #${id}`}>
      {busy ? 'Downloading...' : 'Download PDF'}
    </button>
  );
}

const column = pagedColumnHelper<CreditNoteSummary>();
const columns = column.columns([
  column.accessor('id', { header: 'ID', enableHiding: false, cell: ({ getValue }) => <a href={`/billing/credit_notes/${getValue()}`}>#{getValue()}</a> }),
  column.accessor('balance', { header: 'Balance', meta: { className: 'cell-number' }, cell: ({ row: { original: n } }) => <Money cents={n.balance} currency={n.currency} /> }),
  column.accessor('date_created', { header: 'Date Created', cell: ({ getValue }) => <DateTime value={getValue()} dateOnly /> }),
  actionsColumn(column, 'actions', (n) => (
    <div className="row-actions">
      <Can scope={BILLING_SCOPES.downloadCreditNotes}>
        <DownloadButton id={n.id} />
      </Can>
      <a className="button button-small" href={`/billing/credit_notes/${n.id}`} aria-label={`View credit note #${n.id}`}>
        View
      </a>
    </div>
  )),
]);

/** The Credit Notes tab (spec part 3, 2.4): Download PDF needs can_download_credit_notes. */
export function CreditNotesTab() {
  return <PagedTable caption="Credit notes" columns={columns} list={creditNotesList} getRowId={(n) => String(n.id)} empty="No credit notes yet." />;
}
