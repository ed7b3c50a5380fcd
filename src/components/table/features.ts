import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** What a column tells the paged table beyond TanStack's own options. */
export interface PagedColumnMeta {
  /** Class of the column's header and cells (e.g. `cell-wrap`, `cell-actions`). */
  className?: string;
  /** The column's name in the Columns menu when its header is not plain text. */
  label?: string;
}

/**
 * The TanStack Table v9 features every paged list has. Sorting, pagination and selection are
 * the server's or the caller's (manual modes), so no client row model is registered: the rows
 * shown are the page the API answered, in its order.
 */
export const pagedTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<PagedColumnMeta>(),
});

export type PagedTableFeatures = typeof pagedTableFeatures;

// biome-ignore lint/suspicious/noExplicitAny: columns differ in value type, and TanStack's own `helper.columns()` returns this element type.
export type PagedColumns<Row extends RowData> = ReadonlyArray<ColumnDef<PagedTableFeatures, Row, any>>;

/** The column helper of a paged list's rows: `pagedColumnHelper<LoginRecord>().accessor(...)`. */
export function pagedColumnHelper<Row extends RowData>() {
  return createColumnHelper<PagedTableFeatures, Row>();
}
