import type { Db } from '../db/connection';
import type { ZoneChangeFeed } from '../db/zone-changes';
import type { ZoneUpdate } from './zone-store';
import { loadActiveZones } from './zones';

/** What the zones are read from: a Database (src/server/db/connection.ts) is one. */
export interface ZoneDatabase {
  db: Db;
  zoneChanges: ZoneChangeFeed;
}

export interface ZoneFollower {
  /**
   * Resolves once every change announced so far has been loaded and handed on. A change made
   * through this process is announced before the write returns, so after a write, awaiting this
   * is enough for the DNS server to answer what was written.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Zones loaded again in one go at most: a bulk change of thousands of zones reads in batches. */
const BATCH = 500;
/** After a failed load, the changes it held are tried again this much later. */
const RETRY_MS = 1000;

/**
 * Loads every ACTIVE zone and hands it to `apply` (as a reset), then follows the zone changes the
 * database announces: each changed zone is loaded again, off the question path, in batches, and
 * handed on as it now stands (or dropped, when it is gone or no longer ACTIVE). Rejects when
 * the first load fails.
 */
export async function followZones(database: ZoneDatabase, apply: (update: ZoneUpdate) => void, log: (line: string) => void = console.error): Promise<ZoneFollower> {
  const pending = new Set<string>();
  let everything = false;
  let started = false;
  let closed = false;
  let running: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const unsubscribe = database.zoneChanges.subscribe((change) => {
    if (change.kind === 'all') everything = true;
    else pending.add(change.guid);
    kick();
  });

  async function drain() {
    while (!closed && (everything || pending.size)) {
      if (everything) {
        everything = false;
        pending.clear();
        try {
          apply({ reset: true, zones: await loadActiveZones(database.db), dropped: [] });
        } catch (error) {
          everything = true;
          throw error;
        }
        continue;
      }
      const batch = [...pending].slice(0, BATCH);
      for (const guid of batch) pending.delete(guid);
      try {
        const zones = await loadActiveZones(database.db, batch);
        const found = new Set(zones.map((z) => z.guid));
        apply({ reset: false, zones, dropped: batch.filter((guid) => !found.has(guid)) });
      } catch (error) {
        for (const guid of batch) pending.add(guid);
        throw error;
      }
    }
  }

  function kick() {
    if (!started || closed || running || retry) return;
    running = drain()
      .catch((error: unknown) => {
        // The database is away: what changed is loaded when it answers again; meanwhile the zones stand as last loaded.
        log(`[hostdeck] DNS zones could not be loaded again, trying again in ${RETRY_MS / 1000} s: ${String(error)}`);
        retry = setTimeout(() => {
          retry = undefined;
          kick();
        }, RETRY_MS);
        retry.unref();
      })
      .finally(() => {
        running = undefined;
        if (everything || pending.size) kick();
      });
  }

  try {
    await database.zoneChanges.listen();
    apply({ reset: true, zones: await loadActiveZones(database.db), dropped: [] });
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
    async close() {
      closed = true;
      unsubscribe();
      clearTimeout(retry);
      while (running) await running;
    },
  };
}
