import { functionalUpdate, type PaginationState, type Updater } from '@tanstack/react-table';

/** What a pager's change asks of a server-paged list. */
export type PageRequest = { kind: 'page'; page: number } | { kind: 'size'; perPage: number } | null;

/** TanStack's zero-based page of a list that counts pages from 1 (spec decisions, 3). */
export function toPaginationState(page: number, perPage: number): PaginationState {
  return { pageIndex: page - 1, pageSize: perPage };
}

/**
 * Turns a pagination change of the table into the list's own request: a new page size
 * reloads from page 1 (createPagedList does), a new page loads that page, anything else
 * asks for nothing.
 */
export function pageRequest(current: PaginationState, updater: Updater<PaginationState>): PageRequest {
  const next = functionalUpdate(updater, current);
  if (next.pageSize !== current.pageSize) return { kind: 'size', perPage: next.pageSize };
  if (next.pageIndex !== current.pageIndex) return { kind: 'page', page: next.pageIndex + 1 };
  return null;
}
