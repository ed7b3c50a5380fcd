import type { NoticeFeed } from './notice-feed';

/**
 * Keeps something in memory in step with the database (the edge's sites and firewalls,
 * src/server/edge/site-source.ts): everything loaded at start, then, as the database announces
 * changes (src/server/db/notice-feed.ts), only what they name loaded again, off the path of
 * whoever reads the memory, in batches, one load at a time.
 */
export interface ChangeFollower {
  /**
   * Resolves once every change announced so far has been loaded and handed on. A change made
   * through this process is announced before the write returns, so after a write, awaiting this
   * is enough for the memory to hold what was written.
   */
  settled(): Promise<void>;
  /** True while changes are being loaded (false while waiting to try a failed load again). */
  readonly loading: boolean;
  close(): Promise<void>;
}

export interface FollowOptions<Change, Kind extends string> {
  feed: NoticeFeed<Change>;
  /** What a change names: a key of one kind, or null for everything. */
  keyOf(change: Change): { kind: Kind; key: string } | null;
  /** Loads everything and hands it on, replacing what was there. */
  loadAll(): Promise<void>;
  /** Loads what these keys of one kind name now and hands it on. */
  load(kind: Kind, keys: string[]): Promise<void>;
  /** What is followed, for the log ("the edge's sites"). */
  what: string;
  log?: (line: string) => void;
}

/** Keys loaded again in one go at most: a bulk change of thousands of rows reads in batches. */
const BATCH = 500;
/** After a failed load, the changes it held are tried again this much later. */
const RETRY_MS = 1000;

/** Loads everything, then follows the changes; rejects when the first load fails. */
export async function followChanges<Change, Kind extends string>(options: FollowOptions<Change, Kind>): Promise<ChangeFollower> {
  const log = options.log ?? console.error;
  const pending = new Map<Kind, Set<string>>();
  let everything = false;
  let started = false;
  let closed = false;
  let running: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const unsubscribe = options.feed.subscribe((change) => {
    const named = options.keyOf(change);
    if (!named) everything = true;
    else {
      const keys = pending.get(named.kind) ?? new Set<string>();
      pending.set(named.kind, keys.add(named.key));
    }
    kick();
  });

  const waiting = () => everything || [...pending.values()].some((keys) => keys.size > 0);

  async function drain() {
    while (!closed && waiting()) {
      if (everything) {
        everything = false;
        pending.clear();
        try {
          await options.loadAll();
        } catch (error) {
          everything = true;
          throw error;
        }
        continue;
      }
      for (const [kind, keys] of pending) {
        if (!keys.size) continue;
        const batch = [...keys].slice(0, BATCH);
        for (const key of batch) keys.delete(key);
        try {
          await options.load(kind, batch);
        } catch (error) {
          for (const key of batch) keys.add(key);
          throw error;
        }
      }
    }
  }

  function kick() {
    if (!started || closed || running || retry) return;
    running = drain()
      .catch((error: unknown) => {
        // The database is away: what changed is loaded when it answers again; meanwhile the memory stands as last loaded.
        log(`[hostdeck] ${options.what} could not be loaded again, trying again in ${RETRY_MS / 1000} s: ${String(error)}`);
        retry = setTimeout(() => {
          retry = undefined;
          kick();
        }, RETRY_MS);
        retry.unref();
      })
      .finally(() => {
        running = undefined;
        if (waiting()) kick();
      });
  }

  try {
    await options.feed.listen();
    await options.loadAll();
  } catch (error) {
    unsubscribe();
    throw error;
  }
  // Changes announced while the first load ran are loaded again now: the load may have read them or not.
  started = true;
  kick();

  return {
    async settled() {
      while (running) await running;
    },
    get loading() {
      return running !== undefined;
    },
    async close() {
      closed = true;
      unsubscribe();
      clearTimeout(retry);
      while (running) await running;
    },
  };
}
