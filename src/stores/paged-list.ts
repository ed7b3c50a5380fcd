import { map, onMount, type MapStore } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Page } from '../lib/schemas/lists';
import { toastError } from './toasts';

export interface PagedListState<T, F extends Record<string, string>> {
  loading: boolean;
  page: number;
  perPage: number;
  filters: F;
  answer: Page<T> | null;
}

export interface PagedList<T, F extends Record<string, string>> {
  $list: MapStore<PagedListState<T, F>>;
  load: (page?: number) => Promise<void>;
  setPageSize: (perPage: number) => void;
  setFilters: (filters: F) => void;
}

/**
 * A server-paged list that loads when first shown, with its page size remembered per list
 * in local storage (spec decisions, 3). A failed load clears the loading state and toasts.
 */
export function createPagedList<T, F extends Record<string, string> = Record<string, never>>(
  name: string,
  fetchPage: (query: { page: number; per_page: number } & Partial<F>) => Promise<Page<T>>,
  initialFilters: F = {} as F,
  /** The list's own default page size, where it has one (the domain group list: 10). */
  defaultPerPage: number = DEFAULT_PAGE_SIZE,
  /** The page sizes the list may use, when not the shared ones (the IP address list's long pages). */
  pageSizes: readonly number[] = PAGE_SIZES,
): PagedList<T, F> {
  const $size = persistentAtom<string>(`hostdeck:page-size:${name}`, String(defaultPerPage));
  const storedSize = () => {
    const n = Number($size.get());
    return pageSizes.includes(n) ? n : defaultPerPage;
  };
  const $list = map<PagedListState<T, F>>({ loading: true, page: 1, perPage: defaultPerPage, filters: initialFilters, answer: null });
  let latest = 0;
  /** Loads under way: a first read of an unmounted list mounts it, and its mount must not start a second load that makes this one stale. */
  let inFlight = 0;

  async function load(page?: number): Promise<void> {
    inFlight += 1;
    const ticket = ++latest;
    const { perPage, filters } = $list.get();
    page ??= $list.get().page;
    $list.set({ ...$list.get(), loading: true, page });
    try {
      const answer = await fetchPage({ ...filters, page, per_page: perPage });
      // A slower earlier answer must not overwrite the one asked for last.
      if (ticket === latest) $list.set({ ...$list.get(), loading: false, answer });
    } catch (error) {
      if (ticket === latest) $list.setKey('loading', false);
      toastError(error);
    } finally {
      inFlight -= 1;
    }
  }

  function setPageSize(perPage: number): void {
    $size.set(String(perPage));
    $list.setKey('perPage', perPage);
    void load(1);
  }

  function setFilters(filters: F): void {
    $list.setKey('filters', filters);
    void load(1);
  }

  onMount($list, () => {
    $list.setKey('perPage', storedSize());
    if (!inFlight) void load(1);
  });

  return { $list, load, setPageSize, setFilters };
}
