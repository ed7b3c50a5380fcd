import type { PGlite } from '@electric-sql/pglite';
import { pgliteNotices, poolNotices, type NoticeChannel, type NoticeFeed } from './notice-feed';

/** The channel drizzle/0008_dns_zone_notices.sql announces zone changes on. */
export const ZONE_CHANGES_CHANNEL = 'hostdeck_dns_zones';

/** A zone whose rows changed (it may be gone or no longer ACTIVE), or anything at all. */
export type ZoneChange = { kind: 'zone'; guid: string } | { kind: 'all' };

export type ZoneChangeListener = (change: ZoneChange) => void;

/**
 * The changes to what the DNS server answers, as the database announces them (a trigger on
 * dns_zones, dns_records and a domain's name); delivered as src/server/db/notice-feed.ts says.
 */
export type ZoneChangeFeed = NoticeFeed<ZoneChange>;

export function parseZoneChange(payload: string): ZoneChange {
  const [kind, guid] = payload.split(':', 2);
  if (kind === 'zone' && guid) return { kind, guid };
  // A TRUNCATE's 'all', or a payload a newer schema sends: everything is loaded again.
  return { kind: 'all' };
}

const ZONES: NoticeChannel<ZoneChange> = { channel: ZONE_CHANGES_CHANNEL, name: 'hostdeck-dns-zones', parse: parseZoneChange, everything: { kind: 'all' } };

/** PGlite: its one session listens from when the database opens. */
export const pgliteZoneChanges = (pglite: PGlite): Promise<ZoneChangeFeed> => pgliteNotices(pglite, ZONES);

/** PostgreSQL: see `poolNotices`. */
export const poolZoneChanges = (log: (line: string) => void = console.error) => poolNotices(ZONES, log);
