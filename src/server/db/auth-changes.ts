import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** The channel drizzle/0006_auth_change_notices.sql announces changes on. */
export const AUTH_CHANGES_CHANNEL = 'hostdeck_auth_changes';

/** What changed: a session, a user (their memberships and API key too), a company, or anything. */
export type AuthChange = { kind: 'session' | 'user' | 'company'; guid: string } | { kind: 'all' };

export type AuthChangeListener = (change: AuthChange) => void;

/**
 * The changes to sessions, users, memberships, companies and API keys that the database
 * announces (a trigger per table), for what keeps signed-in viewers in memory.
 *
 * The promise that matters: a change made through this process is delivered before the
 * statement that made it returns, so the next request already sees it. On PGlite the one
 * session listens. On PostgreSQL every pooled connection listens, because PostgreSQL delivers
 * a session's own notifications before it reports the statement done; changes from other
 * processes arrive as soon as PostgreSQL sends them (well under a millisecond on one host).
 */
export interface AuthChangeFeed {
  /**
   * True while every change committed from now on will be delivered. Whenever it turns false
   * an `all` change is delivered first, so nothing remembered across the gap survives it.
   */
  covered(): boolean;
  /** Returns the unsubscribe function. */
  subscribe(listener: AuthChangeListener): () => void;
}

export function parseAuthChange(payload: string): AuthChange {
  const [kind, guid] = payload.split(':', 2);
  if ((kind === 'session' || kind === 'user' || kind === 'company') && guid) return { kind, guid };
  // Anything else (a TRUNCATE's 'all', or a payload a newer schema sends) drops everything.
  return { kind: 'all' };
}

function listeners() {
  const set = new Set<AuthChangeListener>();
  return {
    emit: (change: AuthChange) => {
      for (const listener of set) listener(change);
    },
    subscribe(listener: AuthChangeListener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** PGlite: one session, listening from when the database opens. */
export async function pgliteAuthChanges(pglite: PGlite): Promise<AuthChangeFeed> {
  const feed = listeners();
  await pglite.listen(AUTH_CHANGES_CHANNEL, (payload) => feed.emit(parseAuthChange(payload)));
  return { covered: () => !pglite.closed, subscribe: feed.subscribe };
}

/**
 * PostgreSQL: `onConnect` goes into the pool's options, so every connection listens before the
 * pool hands it out; `watch` follows the pool's connections. With no connection listening (an
 * idle pool closes them) the feed is not covered; that moment delivers `all`.
 */
export function poolAuthChanges() {
  const feed = listeners();
  const listening = new Set<pg.ClientBase>();
  return {
    feed: { covered: () => listening.size > 0, subscribe: feed.subscribe } satisfies AuthChangeFeed,
    async onConnect(client: pg.ClientBase): Promise<void> {
      client.on('notification', (message) => {
        if (message.channel === AUTH_CHANGES_CHANNEL) feed.emit(parseAuthChange(message.payload ?? ''));
      });
      await client.query(`LISTEN ${AUTH_CHANGES_CHANNEL}`);
      listening.add(client);
    },
    watch(pool: pg.Pool): void {
      pool.on('remove', (client) => {
        if (listening.delete(client) && listening.size === 0) feed.emit({ kind: 'all' });
      });
    },
  };
}
