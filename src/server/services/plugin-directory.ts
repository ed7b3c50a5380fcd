import type { DirectoryEntry } from '../../lib/api/presets';
import type { ItemType } from '../../lib/schemas/presets';
import { PLUGINS, THEMES } from './plugin-directory-data';

/**
 * The plugin and theme directory the Software Presets tab searches (spec part 2, 2.9). The
 * public directory is out of reach, so the reference API answers from a local catalogue
 * (./plugin-directory-data.ts); a client of the real directory can replace this module
 * behind the same two functions.
 */

const toEntries = (rows: typeof PLUGINS, item_type: ItemType): DirectoryEntry[] =>
  rows.map(([name, slug, version, active_installs, short_description]) => ({ name, slug, item_type, short_description, version, active_installs }));

const CATALOGUE: Record<ItemType, readonly DirectoryEntry[]> = {
  PLUGIN: toEntries(PLUGINS, 'PLUGIN'),
  THEME: toEntries(THEMES, 'THEME'),
};
const BY_SLUG: Record<ItemType, ReadonlyMap<string, DirectoryEntry>> = {
  PLUGIN: new Map(CATALOGUE.PLUGIN.map((e) => [e.slug, e])),
  THEME: new Map(CATALOGUE.THEME.map((e) => [e.slug, e])),
};

export interface DirectorySearch {
  query: string;
  type: ItemType;
  page: number;
  per_page: number;
}

/**
 * One page of the entries of `type` whose name or slug contains the query (case ignored), the
 * most installed first as the public directory ranks them, then by name.
 */
export function searchDirectory({ query, type, page, per_page }: DirectorySearch) {
  const needle = query.trim().toLowerCase();
  const found = CATALOGUE[type]
    .filter((e) => !needle || e.name.toLowerCase().includes(needle) || e.slug.includes(needle))
    .toSorted((a, b) => b.active_installs - a.active_installs || a.name.localeCompare(b.name));
  const start = (page - 1) * per_page;
  return { data: found.slice(start, start + per_page), page, per_page, total: found.length };
}

/** The entry of `type` with this slug, if the directory has one. */
export const directoryEntry = (type: ItemType, slug: string): DirectoryEntry | undefined => BY_SLUG[type].get(slug);
