import type { WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

/** Column id to shown (true) or hidden (false); a column not named is shown. */
export type ColumnVisibility = Record<string, boolean>;

/** Reads what was stored, keeping only column ids with a yes/no answer. */
export function decodeColumnVisibility(text: string): ColumnVisibility {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

const stores = new Map<string, WritableAtom<ColumnVisibility>>();

/**
 * The columns a person chose to see in one list, remembered in this browser per list (like
 * its page size, spec decisions 3), so a hidden column stays hidden after a reload.
 */
export function columnVisibilityStore(list: string): WritableAtom<ColumnVisibility> {
  let store = stores.get(list);
  if (!store) {
    store = persistentAtom<ColumnVisibility>(`hostdeck:columns:${list}`, {}, { encode: JSON.stringify, decode: decodeColumnVisibility });
    stores.set(list, store);
  }
  return store;
}
