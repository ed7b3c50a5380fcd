import type { Db } from '../db/connection';
import { followChanges, type ChangeFollower } from '../db/change-follower';
import type { ZoneChangeFeed } from '../db/zone-changes';
import type { ZoneUpdate } from './zone-store';
import { loadActiveZones } from './zones';

/** What the zones are read from: a Database (src/server/db/connection.ts) is one. */
export interface ZoneDatabase {
  db: Db;
  zoneChanges: ZoneChangeFeed;
}

/** `settled()` resolves once every zone change announced so far has been loaded and handed on (see ChangeFollower). */
export type ZoneFollower = Pick<ChangeFollower, 'settled' | 'close'>;

/**
 * Loads every ACTIVE zone and hands it to `apply` (as a reset), then follows the zone changes the
 * database announces: each changed zone is loaded again, off the question path, in batches, and
 * handed on as it now stands (or dropped, when it is gone or no longer ACTIVE). Rejects when
 * the first load fails.
 */
export function followZones(database: ZoneDatabase, apply: (update: ZoneUpdate) => void, log: (line: string) => void = console.error): Promise<ZoneFollower> {
  return followChanges({
    feed: database.zoneChanges,
    keyOf: (change) => (change.kind === 'zone' ? { kind: 'zone', key: change.guid } : null),
    loadAll: async () => apply({ reset: true, zones: await loadActiveZones(database.db), dropped: [] }),
    async load(_kind, batch) {
      const zones = await loadActiveZones(database.db, batch);
      const found = new Set(zones.map((z) => z.guid));
      apply({ reset: false, zones, dropped: batch.filter((guid) => !found.has(guid)) });
    },
    what: 'DNS zones',
    log,
  });
}
