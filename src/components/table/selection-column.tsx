import type { RowData } from '@tanstack/react-table';
import { pagedColumnHelper } from './features';
import { SelectCheckbox } from './SelectCheckbox';

/** Id of the checkbox column; no data column may use it. */
export const SELECT_COLUMN_ID = 'select';

/**
 * The checkbox column of a table with row selection: a select-all-on-this-page box in the
 * header and one labelled box per row. Rows are selected by id, so a selection survives
 * paging and the caller can act on rows of several pages.
 */
export function selectionColumn<Row extends RowData>(rowLabel: (row: Row) => string) {
  return pagedColumnHelper<Row>().display({
    id: SELECT_COLUMN_ID,
    enableHiding: false,
    enableSorting: false,
    meta: { className: 'cell-select', label: 'Selection' },
    header: ({ table }) => (
      <SelectCheckbox
        label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <SelectCheckbox label={`Select ${rowLabel(row.original)}`} checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
    ),
  });
}
