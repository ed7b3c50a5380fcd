import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { TaskEvent } from '../../lib/api/tasks';
import { listeningConnection } from '../db/listener';

/** A task change and the company it belongs to (streams are per company). */
export interface CompanyTaskEvent {
  company: string;
  event: TaskEvent;
}

export type TaskEventListener = (event: TaskEvent) => void;

/**
 * Task changes for the event streams (DESIGN "Jobs"; spec part 2, 2.7). Publishing delivers to
 * this process's subscribers at once; on PostgreSQL it also goes out over NOTIFY, so streams
 * served by other processes on the same database see it too.
 */
export interface TaskEventBus {
  publish(change: CompanyTaskEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(company: string, listener: TaskEventListener): () => void;
  /** Starts receiving other processes' events (PostgreSQL only; a no-op on PGlite). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export const TASK_EVENTS_CHANNEL = 'hostdeck_task_events';
/** NOTIFY refuses payloads of 8000 bytes or more; errors are cut to keep far below. */
const MAX_ERROR_CHARS = 500;

function localBus() {
  const emitter = new EventEmitter();
  // One listener per open stream: many streams are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    emit: ({ company, event }: CompanyTaskEvent) => void emitter.emit(company, event),
    subscribe(company: string, listener: TaskEventListener) {
      emitter.on(company, listener);
      return () => void emitter.off(company, listener);
    },
  };
}

const trimmed = ({ company, event }: CompanyTaskEvent): CompanyTaskEvent => ({
  company,
  event: event.item?.error && event.item.error.length > MAX_ERROR_CHARS ? { ...event, item: { ...event.item, error: event.item.error.slice(0, MAX_ERROR_CHARS) } } : event,
});

/** One process (PGlite): an in-process emitter. */
export function memoryEventBus(): TaskEventBus {
  const local = localBus();
  return {
    publish: async (change) => local.emit(trimmed(change)),
    subscribe: local.subscribe,
    listen: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * Several processes on one PostgreSQL: LISTEN on a dedicated connection, NOTIFY through the
 * pool. Each process tags what it sends and skips its own notifications (it delivered them
 * locally already). A dropped listening connection is opened again after a second; events sent
 * while none listens do not reach this process's streams.
 */
export function postgresEventBus(pool: pg.Pool, log: (message: string) => void = console.error): TaskEventBus {
  const local = localBus();
  const origin = randomUUID();
  const connection = listeningConnection({
    pool,
    channel: TASK_EVENTS_CHANNEL,
    name: 'hostdeck-task-events',
    log,
    onNotification(message) {
      if (!message.payload) return;
      try {
        const parsed = JSON.parse(message.payload) as CompanyTaskEvent & { origin: string };
        if (parsed.origin !== origin) local.emit({ company: parsed.company, event: parsed.event });
      } catch (error) {
        log(`[hostdeck] a task event could not be read: ${String(error)}`);
      }
    },
  });

  return {
    async publish(change) {
      const sent = trimmed(change);
      local.emit(sent);
      await pool.query('SELECT pg_notify($1, $2)', [TASK_EVENTS_CHANNEL, JSON.stringify({ ...sent, origin })]);
    },
    subscribe: local.subscribe,
    listen: () => connection.listen(),
    close: () => connection.close(),
  };
}
