import { useMemo } from 'react';
import { atom, type ReadableAtom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { functionalUpdate, useTable, type ReactTable, type RowData, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import type { Page } from '../../lib/schemas/lists';
import { columnVisibilityStore, type ColumnVisibility } from '../../stores/column-visibility';
import { pagedTableFeatures, type PagedColumns, type PagedTableFeatures } from './features';
import { pageRequest, toPaginationState } from './pagination';
import { selectionColumn } from './selection-column';

/** What the table reads of a list made by createPagedList (src/stores/paged-list.ts). */
export interface PagedSource<T> {
  $list: ReadableAtom<{ loading: boolean; page: number; perPage: number; answer: Page<T> | null }>;
  load: (page?: number) => Promise<void>;
  setPageSize: (perPage: number) => void;
}

export interface TableSelection<T> {
  /** Selected row ids (from `getRowId`); ids of other pages stay selected while paging. */
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
  /** Names a row in its checkbox's label: 'Select {label}'. Keep it stable (module level). */
  rowLabel: (row: T) => string;
  /** Rows that may be selected (the domain list: ACTIVE ones only); all when absent. Keep it stable. */
  canSelect?: ((row: T) => boolean) | undefined;
}

export interface TableSorting {
  /** The order the caller asked the server for; columns opt in with `enableSorting: true`. */
  state: SortingState;
  /** The caller stores the new order and reloads the list in it. */
  onChange: (sorting: SortingState) => void;
}

export interface PagedTableOptions<T extends RowData> {
  /** Made with `pagedColumnHelper<T>().columns([...])`, at module level so they stay the same. */
  columns: PagedColumns<T>;
  list: PagedSource<T>;
  /** A row's stable id (its guid): keys, selection and virtualisation use it. */
  getRowId: (row: T) => string;
  selection?: TableSelection<T> | undefined;
  sorting?: TableSorting | undefined;
  /** Turns on column hiding; the choice is remembered in this browser under this list name. */
  columnsKey?: string | undefined;
}

/** The table instance of a paged list; it selects no state, as every slice is controlled. */
export type PagedTableInstance<T extends RowData> = ReactTable<PagedTableFeatures, T, null>;

const NO_ROWS: never[] = [];
const NO_SELECTION: RowSelectionState = {};
const NO_SORTING: SortingState = [];
const NO_VISIBILITY = atom<ColumnVisibility>({});

/**
 * The TanStack Table v9 instance of a server-paged list. Every state slice is controlled:
 * pagination by the list (a page change loads that page, a size change reloads from page 1),
 * sorting and selection by the caller, column visibility by a store kept in local storage.
 * Sorting is manual and opt-in per column (`enableSorting: true`): only the server can order
 * a list of many pages.
 */
export function usePagedTable<T extends RowData>({ columns, list, getRowId, selection, sorting, columnsKey }: PagedTableOptions<T>): PagedTableInstance<T> {
  const { page, perPage, answer } = useStore(list.$list);
  const visibility = useStore(columnsKey ? columnVisibilityStore(columnsKey) : NO_VISIBILITY);
  const rowLabel = selection?.rowLabel;
  const allColumns = useMemo(() => (rowLabel ? [selectionColumn(rowLabel), ...columns] : [...columns]), [columns, rowLabel]);
  const pagination = toPaginationState(page, perPage);

  return useTable(
    {
      features: pagedTableFeatures,
      columns: allColumns,
      data: answer?.data ?? NO_ROWS,
      getRowId,
      manualPagination: true,
      manualSorting: true,
      rowCount: answer?.total ?? 0,
      enableRowSelection: selection?.canSelect ? (row) => selection.canSelect!(row.original) : Boolean(selection),
      enableSorting: Boolean(sorting),
      enableMultiSort: false,
      enableHiding: Boolean(columnsKey),
      defaultColumn: { enableSorting: false },
      state: {
        pagination,
        sorting: sorting?.state ?? NO_SORTING,
        rowSelection: selection?.selected ?? NO_SELECTION,
        columnVisibility: visibility,
      },
      onPaginationChange: (updater) => {
        const request = pageRequest(pagination, updater);
        if (request?.kind === 'size') list.setPageSize(request.perPage);
        else if (request?.kind === 'page') void list.load(request.page);
      },
      onSortingChange: (updater) => sorting?.onChange(functionalUpdate(updater, sorting.state)),
      onRowSelectionChange: (updater) => selection?.onChange(functionalUpdate(updater, selection.selected)),
      onColumnVisibilityChange: (updater) => {
        if (columnsKey) columnVisibilityStore(columnsKey).set(functionalUpdate(updater, visibility));
      },
    },
    () => null,
  );
}
