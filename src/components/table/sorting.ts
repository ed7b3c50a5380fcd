import type { SortDirection } from '@tanstack/react-table';

/** The `aria-sort` of a sortable column's header: how the rows are ordered by it now. */
export function ariaSort(direction: SortDirection | false): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

/** The arrow beside a sortable header; decoration, as aria-sort says the same. */
export function sortArrow(direction: SortDirection | false): string {
  if (direction === 'asc') return '▲';
  if (direction === 'desc') return '▼';
  return '↕';
}
