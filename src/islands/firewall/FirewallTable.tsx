import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { Switch } from '../../components/Switch';
import { actionsColumn, PagedTable, pagedColumnHelper, type PagedColumns, ReloadButton } from '../../components/table';
import { statusWords } from '../../lib/format/words';
import type { Scope } from '../../lib/rules/scopes';
import type { FirewallHistoryCalls } from '../../stores/firewall-history';
import type { FirewallRow, FirewallTable as Table } from '../../stores/firewall-tables';
import { $permissions, can } from '../../stores/permissions';
import { HistoryDialog } from './HistoryDialog';

export interface FirewallTableProps<T extends FirewallRow & { name: string }> {
  table: Table<T>;
  /** The table's name, e.g. 'Firewall rules'. */
  caption: string;
  /** What one row is, in the confirmations: 'firewall rule'. */
  noun: { one: string; many: string };
  /** The scopes that allow switching (and restoring a version) and deleting (spec part 2, 6). */
  scopes: { edit: readonly Scope[]; delete: readonly Scope[] };
  /** The tab's history and restore calls (src/stores/firewall-tables.ts), behind each row's History. */
  history: FirewallHistoryCalls;
  /** The columns before the status switch, and those after it (before the row's Delete). */
  columns: { before: PagedColumns<T>; after: PagedColumns<T> };
  empty: string;
  /** Buttons before Reload (Add Rule). */
  toolbar?: ReactNode;
}

/**
 * One firewall tab's table (spec part 2, 2.10 and 4.3): paged rows with the ACTIVE/DISABLED
 * switch, the row's History (issue 9) and Delete, and the delete of the selected rows. Without the edit scope the
 * switch shows the status but is disabled; without the delete scope there is no selection
 * and no Delete (spec part 2, 6).
 */
export function FirewallTable<T extends FirewallRow & { name: string }>({ table, caption, noun, scopes, history, columns, empty, toolbar }: FirewallTableProps<T>) {
  const permissions = useStore($permissions);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const picked = Object.keys(selected);
  const mayEdit = can(scopes.edit, permissions);
  const mayDelete = can(scopes.delete, permissions);
  // One dialog for the table, not one per row: a reload after a restore may move the row away.
  const [historyOf, setHistoryOf] = useState<{ guid: string; name: string } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const openHistory = (row: T) => {
    setHistoryOf({ guid: row.guid, name: row.name });
    setHistoryOpen(true);
  };

  const column = pagedColumnHelper<T>();
  const all = column.columns([
    ...columns.before,
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <Switch
          label={statusWords(row.original.status)}
          checked={row.original.status === 'ACTIVE'}
          disabled={!mayEdit}
          onCheckedChange={(on) => void table.switchStatus(row.original, on ? 'ACTIVE' : 'DISABLED')}
        />
      ),
    }),
    ...columns.after,
    actionsColumn(column, 'actions', (item) => (
      <>
        <button type="button" className="button button-small" aria-haspopup="dialog" aria-label={`History of ${item.name}`} onClick={() => openHistory(item)}>
          History
        </button>{' '}
        <Can scope={scopes.delete}>
          <Confirm
            message={`Delete the ${noun.one} ${item.name}?`}
            confirmLabel="Delete"
            trigger="Delete"
            triggerSize="small"
            triggerVariant="danger"
            triggerAriaLabel={`Delete ${item.name}`}
            onConfirm={() => table.remove(item.guid).then(() => undefined)}
          />
        </Can>
      </>
    )),
  ]);

  return (
    <section aria-label={caption}>
      <div className="toolbar">
        {toolbar}
        <ReloadButton list={table.list} />
      </div>
      {picked.length ? (
        <div className="selection-note" role="status">
          {picked.length === 1 ? `1 ${noun.one} selected.` : `${picked.length} ${noun.many} selected.`}{' '}
          <Confirm
            message={picked.length === 1 ? `Delete the selected ${noun.one}?` : `Delete the ${picked.length} selected ${noun.many}?`}
            confirmLabel="Delete"
            trigger="Delete selected"
            triggerSize="small"
            triggerVariant="danger"
            onConfirm={async () => {
              if (await table.removeMany(picked)) setSelected({});
            }}
          />{' '}
          <button type="button" className="link-button" onClick={() => setSelected({})}>
            Clear selection
          </button>
        </div>
      ) : null}
      <PagedTable
        caption={caption}
        columns={all}
        list={table.list}
        getRowId={(row) => row.guid}
        {...(mayDelete ? { selection: { selected, onChange: setSelected, rowLabel: (row: T) => row.name } } : {})}
        empty={empty}
      />
      {historyOf ? (
        <HistoryDialog
          guid={historyOf.guid}
          name={historyOf.name}
          calls={history}
          restoreScopes={scopes.edit}
          onRestored={() => table.list.load()}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
        />
      ) : null}
    </section>
  );
}
