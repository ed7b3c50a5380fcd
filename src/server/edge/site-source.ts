import type { Db } from '../db/connection';
import { followChanges, type ChangeFollower } from '../db/change-follower';
import type { EdgeChangeFeed } from '../db/edge-changes';
import { loadFirewalls } from './firewall-rules';
import { loadSites } from './site';
import type { SiteIndex } from './site-index';

/** What the sites are read from: a Database (src/server/db/connection.ts) is one. */
export interface EdgeDatabase {
  db: Db;
  edgeChanges: EdgeChangeFeed;
  /** PGlite runs in this thread, PostgreSQL beside it: the request log writes its batches to suit (./recorder.ts). */
  kind?: 'pglite' | 'postgres';
}

/**
 * Loads every ACTIVE site and every company's firewall into `index`, then follows the changes the
 * database announces (drizzle/0011_edge_site_notices.sql): a changed site is loaded again with
 * its subdomains (they read its group), a changed firewall with all of its company's policies,
 * off the request path. Rejects when the first load fails.
 */
export function followSites(database: EdgeDatabase, index: SiteIndex, log: (line: string) => void = console.error): Promise<ChangeFollower> {
  const { db } = database;
  return followChanges({
    feed: database.edgeChanges,
    keyOf: (change) => (change.kind === 'site' ? { kind: 'site', key: change.guid } : change.kind === 'firewall' ? { kind: 'firewall', key: change.company } : null),
    async loadAll() {
      const [sites, firewalls] = await Promise.all([loadSites(db), loadFirewalls(db)]);
      index.applySites({ reset: true, sites, dropped: [] });
      index.applyFirewalls({ reset: true, firewalls });
    },
    async load(kind, keys) {
      if (kind === 'firewall') return index.applyFirewalls({ reset: false, firewalls: await loadFirewalls(db, keys) });
      const sites = await loadSites(db, keys);
      const found = new Set(sites.map((s) => s.guid));
      index.applySites({ reset: false, sites, dropped: keys.filter((guid) => !found.has(guid)) });
    },
    what: "The edge's sites",
    log,
  });
}
