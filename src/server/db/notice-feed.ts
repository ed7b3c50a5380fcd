import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { listeningConnection, type ListeningConnection } from './listener';

/**
 * What a trigger-fed channel delivers (the DNS zones' and the edge's, src/server/db/zone-changes.ts
 * and edge-changes.ts): the changes the database announces on one channel, whichever code path
 * wrote them, tests' own writes included.
 *
 * A change made through this process is delivered before the statement that committed it
 * returns (as with the auth changes, src/server/db/auth-changes.ts), so whatever it does next
 * can wait for what follows the feed to have caught up. Other processes' changes are delivered
 * once `listen` has been called: on PostgreSQL through a connection of its own; after that
 * connection was lost and listens again, the channel's `everything` is delivered, for what was
 * missed in between.
 */
export interface NoticeFeed<Change> {
  /** Returns the unsubscribe function. */
  subscribe(listener: (change: Change) => void): () => void;
  /** Starts hearing other processes' changes (PostgreSQL; PGlite has no other process). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export interface NoticeChannel<Change> {
  channel: string;
  /** The listening connection's name in pg_stat_activity and the log. */
  name: string;
  parse(payload: string): Change;
  /** What a gap in listening means: everything may have changed. */
  everything: Change;
}

function listeners<Change>() {
  const set = new Set<(change: Change) => void>();
  return {
    emit(change: Change) {
      for (const listener of set) listener(change);
    },
    subscribe(listener: (change: Change) => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** PGlite: its one session listens from when the database opens. */
export async function pgliteNotices<Change>(pglite: PGlite, spec: NoticeChannel<Change>): Promise<NoticeFeed<Change>> {
  const feed = listeners<Change>();
  await pglite.listen(spec.channel, (payload) => feed.emit(spec.parse(payload)));
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
export function poolNotices<Change>(spec: NoticeChannel<Change>, log: (line: string) => void = console.error) {
  const feed = listeners<Change>();
  /** The backends of this process's pooled connections: their notices are theirs to deliver. */
  const own = new Set<number>();
  let connection: ListeningConnection | undefined;
  let pool: pg.Pool | undefined;
  return {
    async onConnect(client: pg.ClientBase): Promise<void> {
      client.on('notification', (message) => {
        if (message.channel === spec.channel && message.processId === backendOf(client)) feed.emit(spec.parse(message.payload ?? ''));
      });
      client.on('end', () => own.delete(backendOf(client) ?? -1));
      await client.query(`LISTEN ${spec.channel}`);
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
        if (!pool) return Promise.reject(new Error(`The ${spec.name} notices are not attached to a pool.`));
        connection ??= listeningConnection({
          pool,
          channel: spec.channel,
          name: spec.name,
          log,
          onNotification(message) {
            if (!own.has(message.processId)) feed.emit(spec.parse(message.payload ?? ''));
          },
          onResumed: () => feed.emit(spec.everything),
        });
        return connection.listen();
      },
      close: async () => {
        await connection?.close();
      },
    } satisfies NoticeFeed<Change>,
  };
}
