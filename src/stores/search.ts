import { map } from 'nanostores';
import type { SearchAnswer } from '../lib/api/system';
import { search } from '../lib/requests/system';
import { errorMessages } from '../lib/errors';
import { SEARCH_EMPTY_MESSAGE, SEARCH_NO_RESULTS_MESSAGE, searchTypeOf } from '../lib/rules/search';
import { api } from './api';

export interface SearchState {
  loading: boolean;
  /** The query the answer belongs to. */
  query: string;
  type: 'DOMAIN' | 'IP_ADDRESS' | null;
  answer: SearchAnswer | null;
  /** A sentence about the query itself (empty, refused). */
  error: string | null;
  /** 'No results!' and the like. */
  info: string | null;
}

const idle: SearchState = { loading: false, query: '', type: null, answer: null, error: null, info: null };

/** The global search of the header drawer (spec part 3, 2.14). */
export const $search = map<SearchState>(idle);

export function resetSearch(): void {
  $search.set(idle);
}

export async function runSearch(input: string): Promise<void> {
  const query = input.trim();
  if (!query) {
    $search.set({ ...idle, error: SEARCH_EMPTY_MESSAGE });
    return;
  }
  const type = searchTypeOf(query);
  $search.set({ ...idle, loading: true, query, type });
  try {
    const answer = await search(api, query);
    if ($search.get().query !== query) return;
    const empty = answer.data.length === 0;
    $search.set({ ...idle, query, type: answer.search_type, answer, info: empty ? SEARCH_NO_RESULTS_MESSAGE : null });
  } catch (error) {
    if ($search.get().query !== query) return;
    $search.set({ ...idle, query, type, error: errorMessages(error).join(' ') });
  }
}
