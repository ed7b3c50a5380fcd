import type { FirewallVersionAnswer } from '../lib/api/firewall';
import type { Page } from '../lib/schemas/lists';
import { createPagedList, type PagedList } from './paged-list';
import { toastError, toastSuccess } from './toasts';

/** The history and restore calls of one kind of firewall object (docs/decisions.md "Firewall calls", History). */
export interface FirewallHistoryCalls {
  history: (guid: string, query: { page: number; per_page: number }) => Promise<Page<FirewallVersionAnswer>>;
  /** Writes `version` back; answers the server's sentence ('Firewall rule successfully restored!'). */
  restore: (guid: string, version: number) => Promise<{ message: string }>;
}

/** One object's history as its dialog shows it (issue 9 "History"). */
export interface FirewallHistory {
  /** The versions, newest first, paged by the server. */
  list: PagedList<FirewallVersionAnswer, Record<string, never>>;
  /**
   * Restores `version` in one step: the server's sentence toasted, the history (back on its
   * first page, where the new version is) and whatever `onRestored` reloads; a refusal toasts
   * the server's sentence. True when it was restored.
   */
  restore(version: number): Promise<boolean>;
}

/** The page size of every history is remembered under this one name (src/stores/paged-list.ts). */
const LIST_NAME = 'firewall-history';

/**
 * The history of the rule, ruleset or policy `guid`; it loads when the dialog first shows it.
 * `onRestored` reloads what shows the object elsewhere (the tab's table, the rule form).
 */
export function createFirewallHistory(guid: string, calls: FirewallHistoryCalls, onRestored?: () => Promise<void> | void): FirewallHistory {
  const list = createPagedList<FirewallVersionAnswer>(LIST_NAME, (query) => calls.history(guid, query));
  return {
    list,
    async restore(version) {
      let message: string;
      try {
        ({ message } = await calls.restore(guid, version));
      } catch (error) {
        toastError(error);
        return false;
      }
      toastSuccess(message);
      await Promise.all([list.load(1), onRestored?.()]);
      return true;
    },
  };
}

/** Whether a row of the history is the object's current version: the first row of the first page. */
export const isNewestVersion = (state: { page: number; answer: Page<FirewallVersionAnswer> | null }, version: FirewallVersionAnswer): boolean =>
  state.page === 1 && state.answer?.data[0]?.version === version.version;
