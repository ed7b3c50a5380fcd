import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { listeningConnection, type ListeningConnection } from './listener';

/** The channel drizzle/0008_dns_zone_notices.sql announces zone changes on. */
export const ZONE_CHANGES_CHANNEL = 'hostdeck_dns_zones';

/** A zone whose rows changed (it may be gone or no longer ACTIVE), or anything at all. */
export type ZoneChange = { kind: 'zone'; guid: string } | { kind: 'all' };

export type ZoneChangeListener = (change: ZoneChange) => void;

/**
 * The changes to what the DNS server answers, as the database announces them (a trigger on
 * dns_zones, dns_records and a domain's name), whichever code path wrote them, tests' own
 * writes included.
 *
 * A change made through this process is delivered before the statement that committed it
 * returns (as with the auth changes, src/server/db/auth-changes.ts), so whatever it does next
 * can wait for the DNS server to have caught up. Other processes' changes are delivered once
 * `listen` has been called: on PostgreSQL through a connection of its own; after that
 * connection was lost and listens again, `all` is delivered, for what was missed in between.
 */
export interface ZoneChangeFeed {
  /** Returns the unsubscribe function. */
  subscribe(listener: ZoneChangeListener): () => void;
  /** Starts hearing other processes' changes (PostgreSQL; PGlite has no other process). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export function parseZoneChange(payload: string): ZoneChange {
  const [kind, guid] = payload.split(':', 2);
  if (kind === 'zone' && guid) return { kind, guid };
  // A TRUNCATE's 'all', or a payload a newer schema sends: everything is loaded again.
  return { kind: 'all' };
}

function listeners() {
  const set = new Set<ZoneChangeListener>();
  return {
    emit: (change: ZoneChange) => set.forEach((listener) => listener(change)),
    subscribe(listener: ZoneChangeListener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** PGlite: its one session listens from when the database opens. */
export async function pgliteZoneChanges(pglite: PGlite): Promise<ZoneChangeFeed> {
  const feed = listeners();
  await pglite.listen(ZONE_CHANGES_CHANNEL, (payload) => feed.emit(parseZoneChange(payload)));
  return { subscribe: feed.subscribe, listen: async () => undefined, close: async () => undefined };
}

/** node-postgres knows a connection's backend process id, its types do not say so. */
const backendOf = (client: pg.ClientBase) => (client as pg.ClientBase & { processID?: number }).processID;

/**
 * PostgreSQL: `onConnect` goes into the pool's options, so every pooled connection listens and
 * delivers the notices its own commits send (PostgreSQL sends them before it reports the
 * commit done); `attach` names the pool, whose settings the listening connection of `listen`
 * copies. That connection delivers every other backend's notices, so each change is delivered
 * once: by the connection that made it, or by the listening one.
 */
export function poolZoneChanges(log: (line: string) => void = console.error) {
  const feed = listeners();
  /** The backends of this process's pooled connections: their notices are theirs to deliver. */
  const own = new Set<number>();
  let connection: ListeningConnection | undefined;
  let pool: pg.Pool | undefined;
  return {
    async onConnect(client: pg.ClientBase): Promise<void> {
      client.on('notification', (message) => {
        if (message.channel === ZONE_CHANGES_CHANNEL && message.processId === backendOf(client)) feed.emit(parseZoneChange(message.payload ?? ''));
      });
      client.on('end', () => own.delete(backendOf(client) ?? -1));
      await client.query(`LISTEN ${ZONE_CHANGES_CHANNEL}`);
      const backend = backendOf(client);
      if (backend !== undefined) own.add(backend);
    },
    attach(to: pg.Pool) {
      pool = to;
      to.on('remove', (client) => own.delete(backendOf(client) ?? -1));
    },
    feed: {
      subscribe: feed.subscribe,
      listen() {
        if (!pool) return Promise.reject(new Error('The zone changes are not attached to a pool.'));
        connection ??= listeningConnection({
          pool,
          channel: ZONE_CHANGES_CHANNEL,
          name: 'hostdeck-dns-zones',
          log,
          onNotification(message) {
            if (!own.has(message.processId)) feed.emit(parseZoneChange(message.payload ?? ''));
          },
          onResumed: () => feed.emit({ kind: 'all' }),
        });
        return connection.listen();
      },
      close: async () => {
        await connection?.close();
      },
    } satisfies ZoneChangeFeed,
  };
}
