import { z } from 'zod/mini';
import { text } from './text';

/** List envelope of every paged answer (spec decisions, 3). */
export interface Page<T> {
  data: T[];
  page: number;
  per_page: number;
  total: number;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Pickers may ask for this many rows at once. */
export const PICKER_PAGE_SIZE = 9999;
/** IP address lists may ask for this many (spec part 3, 9). */
export const IP_LIST_MAX = 99999;

const oneValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** page and per_page from a query string, with the cap of the list that reads them. */
export const pagingSchema = (maxPerPage = PICKER_PAGE_SIZE, defaultPerPage = DEFAULT_PAGE_SIZE) =>
  z.object({
    // The default outside the pipe, so a missing value takes it and the key stays optional.
    page: z._default(z.pipe(z.transform(oneValue), z.coerce.number().check(z.int('Page must be a whole number.'), z.gte(1, 'Page must be 1 or more.'))), 1),
    per_page: z._default(
      z.pipe(
        z.transform(oneValue),
        z.coerce.number().check(z.int('Page size must be a whole number.'), z.gte(1, 'Page size must be 1 or more.'), z.lte(maxPerPage, `Page size can be at most ${maxPerPage}.`)),
      ),
      defaultPerPage,
    ),
  });

/** Repeated `search` tags: trimmed, blanks dropped, split on comma or space (spec part 3, 2.2). */
export const searchTagsSchema = z.pipe(
  z.transform((v: unknown) => {
    const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
    return splitTags(list.map(String).join(','));
  }),
  z.array(text({ label: 'A search value', max: 253 })).check(z.maxLength(500, 'Search at most 500 values at once.')),
);

export function splitTags(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}
