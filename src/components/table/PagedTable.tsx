import { Fragment, useRef, type ReactNode, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { Header, Row, RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Pagination } from '../Pagination';
import { ColumnsMenu } from './ColumnsMenu';
import type { PagedTableFeatures } from './features';
import { ariaSort, sortArrow } from './sorting';
import { usePagedTable, type PagedTableInstance, type PagedTableOptions } from './usePagedTable';
import { ScrollBox } from '../ScrollBox';
import '../../styles/controls.css';

export interface PagedTableProps<T extends RowData> extends PagedTableOptions<T> {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  /** Shown in place of rows when there are none. */
  empty?: string;
  /** Extra class per row (e.g. the highlighted one). */
  rowClassName?: (row: T) => string | undefined;
  /** From this many rows on a page, only the rows in view are in the document. */
  virtualiseFrom?: number;
  /** An expanded row's detail, shown in a full-width row under it (null: not expanded). Not for virtualised pages. */
  rowDetail?: (row: T) => ReactNode;
  /** The page sizes the pager offers, when the list has its own (see createPagedList's `pageSizes`). */
  pageSizes?: readonly number[] | undefined;
}

/** Height of a row when rows are virtualised; the stylesheet gives virtual rows this height. */
export const VIRTUAL_ROW_HEIGHT = 41;
/** The scroll box of a virtual table is at most this tall (see .data-table-wrap.is-virtual). */
export const VIRTUAL_VIEWPORT_HEIGHT = 600;
/** Account lists show at most 100 rows a page, so only the long lists (IP addresses) virtualise. */
export const DEFAULT_VIRTUALISE_FROM = 200;

/**
 * A server-paged table on TanStack Table v9: the page createPagedList loaded, its pager, and
 * optionally row selection, server sorting and a remembered Columns menu. Long pages are
 * virtualised with TanStack Virtual (fixed row height) inside their own scroll box.
 */
export function PagedTable<T extends RowData>({
  caption,
  columns,
  list,
  getRowId,
  empty = 'No data.',
  rowClassName,
  selection,
  sorting,
  columnsKey,
  virtualiseFrom = DEFAULT_VIRTUALISE_FROM,
  rowDetail,
  pageSizes,
}: PagedTableProps<T>) {
  const { loading, page, perPage, answer } = useStore(list.$list);
  const table = usePagedTable({ columns, list, getRowId, selection, sorting, columnsKey });
  const scrollBox = useRef<HTMLDivElement>(null);

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const virtual = rows.length >= virtualiseFrom;
  const renderCells = (row: Row<PagedTableFeatures, T>, index: number) => (
    <tr key={row.id} className={rowClasses(row, rowClassName)} aria-rowindex={virtual ? index + 2 : undefined}>
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={cell.column.columnDef.meta?.className}>
          <table.FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
  const renderRow = (row: Row<PagedTableFeatures, T>, index: number) => {
    const detail = virtual ? null : (rowDetail?.(row.original) ?? null);
    if (detail === null) return renderCells(row, index);
    return (
      <Fragment key={row.id}>
        {renderCells(row, index)}
        <tr className="data-table-detail">
          <td colSpan={visibleColumns.length}>{detail}</td>
        </tr>
      </Fragment>
    );
  };

  return (
    <div className="paged-table" aria-busy={loading}>
      {columnsKey ? (
        <div className="paged-table-tools">
          <ColumnsMenu columns={table.getAllLeafColumns()} tableName={caption} />
        </div>
      ) : null}
      {/* The box scrolls on narrow screens and long pages, so the keyboard can reach it. */}
      <ScrollBox ref={scrollBox} className={virtual ? 'data-table-wrap is-virtual' : 'data-table-wrap'} label={caption}>
        <table className="data-table" aria-rowcount={virtual ? rows.length + 1 : undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} table={table} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={visibleColumns.length} className="data-table-empty">
                  {loading ? 'Loading...' : empty}
                </td>
              </tr>
            ) : virtual ? (
              <VirtualRows rows={rows} scrollBox={scrollBox} colSpan={visibleColumns.length} renderRow={renderRow} />
            ) : (
              rows.map(renderRow)
            )}
          </tbody>
        </table>
      </ScrollBox>
      <Pagination
        page={page}
        perPage={perPage}
        total={answer?.total ?? null}
        onPageChange={(p) => table.setPageIndex(p - 1)}
        onPerPageChange={(n) => table.setPageSize(n)}
        label={`${caption} pages`}
        sizes={pageSizes}
      />
    </div>
  );
}

function rowClasses<T extends RowData>(row: Row<PagedTableFeatures, T>, rowClassName: ((row: T) => string | undefined) | undefined): string | undefined {
  const classes = [rowClassName?.(row.original), row.getIsSelected() ? 'is-checked' : undefined].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}

/** A column header: a sort button with aria-sort when the column can sort, plain text otherwise. */
function HeaderCell<T extends RowData>({ header, table }: { header: Header<PagedTableFeatures, T, unknown>; table: PagedTableInstance<T> }) {
  const { column } = header;
  const content: ReactNode = header.isPlaceholder ? null : <table.FlexRender header={header} />;
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={column.columnDef.meta?.className}>
        {content}
      </th>
    );
  }
  const direction = column.getIsSorted();
  return (
    <th scope="col" className={column.columnDef.meta?.className} aria-sort={ariaSort(direction)}>
      <button type="button" className="sort-button" onClick={column.getToggleSortingHandler()}>
        {content}
        <span className="sort-arrow" aria-hidden="true">
          {sortArrow(direction)}
        </span>
      </button>
    </th>
  );
}

interface VirtualRowsProps<T extends RowData> {
  rows: Row<PagedTableFeatures, T>[];
  scrollBox: RefObject<HTMLDivElement | null>;
  colSpan: number;
  renderRow: (row: Row<PagedTableFeatures, T>, index: number) => ReactNode;
}

/**
 * Only the rows in view (and a few either side) of a long page; two hidden spacer rows keep
 * the scroll height, so the table keeps its native semantics and column widths.
 */
function VirtualRows<T extends RowData>({ rows, scrollBox, colSpan, renderRow }: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => VIRTUAL_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    // Before the box is measured (first paint, server rendering) assume it is full height.
    initialRect: { width: 0, height: VIRTUAL_VIEWPORT_HEIGHT },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 ? <Spacer height={before} colSpan={colSpan} /> : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, item.index) : null;
      })}
      {after > 0 ? <Spacer height={after} colSpan={colSpan} /> : null}
    </>
  );
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row that holds the height of the rows not drawn; nothing in it takes the focus.
    <tr className="data-table-spacer" aria-hidden="true">
      <td colSpan={colSpan} style={{ height }} />
    </tr>
  );
}
