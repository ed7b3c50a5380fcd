import type { AuthChange, AuthChangeFeed } from '../db/auth-changes';

/** What an entry must name so a change can find it. */
export interface CacheableViewer {
  session_guid: string;
  user_guid: string;
  company_guid: string | null;
}

export interface ViewerCacheOptions {
  /** Beyond this many tokens the oldest entries go first. */
  maxEntries?: number;
  /** An entry is read again after this long even if no change names it: a guard, not the rule. */
  maxAgeMs?: number;
  /** Milliseconds of a monotonic clock (tests pass their own). */
  clock?: () => number;
}

export interface ViewerCache<Row extends CacheableViewer> {
  get(key: string): Row | undefined;
  /**
   * Taken before the database is read; `set` keeps the row only if no change arrived in
   * between, so a row read just before a revocation is never remembered after it.
   */
  snapshot(): number;
  set(key: string, row: Row, snapshot: number): void;
  delete(key: string): void;
  readonly size: number;
}

export const VIEWER_CACHE_MAX_ENTRIES = 10_000;
export const VIEWER_CACHE_MAX_AGE_MS = 5 * 60_000;

/**
 * The viewers behind recent tokens (issue 6, "the cost of a signed-in request"): a signed-in
 * request then costs no query for its session, user and membership. Revocation is not
 * weakened: the database announces every change to them (src/server/db/auth-changes.ts) and
 * the entries it names are dropped before the change's own statement returns in this process.
 * Nothing is remembered while the feed cannot promise that.
 */
export function createViewerCache<Row extends CacheableViewer>(feed: AuthChangeFeed, options: ViewerCacheOptions = {}): ViewerCache<Row> {
  const maxEntries = options.maxEntries ?? VIEWER_CACHE_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? VIEWER_CACHE_MAX_AGE_MS;
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, { row: Row; at: number }>();
  /** Counts the changes seen; a snapshot that no longer matches is too old to keep. */
  let changes = 0;

  const names = (change: AuthChange, row: Row) =>
    change.kind === 'all' ||
    (change.kind === 'session' && row.session_guid === change.guid) ||
    (change.kind === 'user' && row.user_guid === change.guid) ||
    (change.kind === 'company' && row.company_guid === change.guid);

  feed.subscribe((change) => {
    changes++;
    if (change.kind === 'all') entries.clear();
    // Changes are rare beside requests, and the map is bounded: a scan costs less than indexes kept on every request.
    else for (const [key, { row }] of entries) if (names(change, row)) entries.delete(key);
  });

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (clock() - entry.at > maxAgeMs || !feed.covered()) {
        entries.delete(key);
        return undefined;
      }
      return entry.row;
    },
    snapshot: () => (feed.covered() ? changes : -1),
    set(key, row, snapshot) {
      if (snapshot !== changes || !feed.covered()) return;
      entries.delete(key);
      entries.set(key, { row, at: clock() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete: (key) => void entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}
