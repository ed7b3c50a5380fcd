import type { ReactNode } from 'react';
import type { ColumnHelper, DisplayColumnDef, RowData } from '@tanstack/react-table';
import type { PagedTableFeatures } from './features';

/**
 * The column of a row's own buttons (View, Edit, Delete…): its header is read to screen readers
 * only and its cells are laid out by `cell-actions`. `column` is the list's column helper, which
 * gives the row its type.
 */
export function actionsColumn<Row extends RowData>(
  column: ColumnHelper<PagedTableFeatures, Row>,
  id: string,
  cell: (row: Row) => ReactNode,
): DisplayColumnDef<PagedTableFeatures, Row, unknown> {
  return column.display({
    id,
    header: () => <span className="visually-hidden">Actions</span>,
    meta: { className: 'cell-actions' },
    cell: ({ row }) => cell(row.original),
  });
}
