import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { PAGE_SIZES } from '../lib/schemas/lists';
import '../styles/controls.css';

export interface PaginationProps {
  page: number;
  perPage: number;
  /** Null while the first page is loading: no count is shown rather than '0 rows'. */
  total: number | null;
  onPageChange: (page: number) => void;
  onPerPageChange?: ((perPage: number) => void) | undefined;
  /** Distinguishes several pagers on one page for assistive technology. */
  label?: string;
  /** The page sizes offered, when the list has its own (the IP address list's long pages). */
  sizes?: readonly number[] | undefined;
}

/** Page buttons, previous and next, and the page-size choice (10, 25, 50, 100). */
export function Pagination({ page, perPage, total, onPageChange, onPerPageChange, label = 'Pages', sizes = PAGE_SIZES }: PaginationProps) {
  return (
    <div className="pager">
      <span className="muted pager-total">{total === null ? '' : total === 1 ? '1 row' : `${total.toLocaleString('en-US')} rows`}</span>
      {total !== null && total > perPage ? (
        <ArkPagination.Root className="pager-pages" count={total} pageSize={perPage} page={page} siblingCount={1} onPageChange={(d) => onPageChange(d.page)} aria-label={label}>
          <ArkPagination.PrevTrigger className="button button-small">Previous</ArkPagination.PrevTrigger>
          <ArkPagination.Context>
            {(p) =>
              p.pages.map((item, i) =>
                item.type === 'page' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the pager's slots are places (first, ..., current, ..., last), not things that move.
                  <ArkPagination.Item key={i} {...item} className="button button-small pager-item">
                    {item.value}
                  </ArkPagination.Item>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place in the pager.
                  <ArkPagination.Ellipsis key={i} index={i} className="pager-ellipsis">
                    …
                  </ArkPagination.Ellipsis>
                ),
              )
            }
          </ArkPagination.Context>
          <ArkPagination.NextTrigger className="button button-small">Next</ArkPagination.NextTrigger>
        </ArkPagination.Root>
      ) : null}
      {onPerPageChange ? (
        <label className="pager-size">
          <span>Rows per page</span>
          <select className="input input-small" value={perPage} onChange={(e) => onPerPageChange(Number(e.target.value))}>
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
