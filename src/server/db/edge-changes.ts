import type { PGlite } from '@electric-sql/pglite';
import { pgliteNotices, poolNotices, type NoticeChannel, type NoticeFeed } from './notice-feed';

/** The channel drizzle/0011_edge_site_notices.sql announces changes to what the edge serves on. */
export const EDGE_CHANGES_CHANNEL = 'hostdeck_edge_sites';

/**
 * What changed: a domain as the edge serves it (its row's flags and names, its URL redirects, its
 * software), the firewall of a company (its rules, rulesets, policies and what they are attached
 * to), or anything at all.
 */
export type EdgeChange = { kind: 'site'; guid: string } | { kind: 'firewall'; company: string } | { kind: 'all' };

/** The edge's changes as the database announces them; delivered as src/server/db/notice-feed.ts says. */
export type EdgeChangeFeed = NoticeFeed<EdgeChange>;

export function parseEdgeChange(payload: string): EdgeChange {
  const [kind, guid] = payload.split(':', 2);
  if (kind === 'site' && guid) return { kind, guid };
  if (kind === 'firewall' && guid) return { kind, company: guid };
  // A TRUNCATE's 'all', or a payload a newer schema sends: everything is loaded again.
  return { kind: 'all' };
}

const EDGE: NoticeChannel<EdgeChange> = { channel: EDGE_CHANGES_CHANNEL, name: 'hostdeck-edge-sites', parse: parseEdgeChange, everything: { kind: 'all' } };

/** PGlite: its one session listens from when the database opens. */
export const pgliteEdgeChanges = (pglite: PGlite): Promise<EdgeChangeFeed> => pgliteNotices(pglite, EDGE);

/** PostgreSQL: see `poolNotices`. */
export const poolEdgeChanges = (log: (line: string) => void = console.error) => poolNotices(EDGE, log);
