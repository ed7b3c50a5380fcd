import type { ReactNode } from 'react';
import { Pagination } from './Pagination';
import '../styles/controls.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  loading: boolean;
  /** Shown in place of rows when there are none. */
  empty?: string;
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  /** Extra class per row (e.g. the selected one). */
  rowClassName?: (row: T) => string | undefined;
}

/** A server-paged table: columns, rows, loading and empty states, and the pager under it. */
export function DataTable<T>({ caption, columns, rows, rowKey, loading, empty = 'No data.', page, perPage, total, onPageChange, onPerPageChange, rowClassName }: DataTableProps<T>) {
  return (
    <div className="data-table-wrap" aria-busy={loading}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table-empty">
                {loading ? 'Loading...' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pagination page={page} perPage={perPage} total={total} onPageChange={onPageChange} onPerPageChange={onPerPageChange} label={`${caption} pages`} />
    </div>
  );
}
