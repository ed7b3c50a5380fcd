// The shared paged table of every list screen (issue 7): import from here.
export { PagedTable, type PagedTableProps } from './PagedTable';
export { usePagedTable, type PagedSource, type TableSelection, type TableSorting } from './usePagedTable';
export { pagedColumnHelper, type PagedColumnMeta, type PagedColumns } from './features';
export { actionsColumn } from './actions-column';
export { ReloadButton, SelectionNote } from './ListControls';
