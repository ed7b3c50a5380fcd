import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { TaskEvent } from '../../lib/api/tasks';

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
 * locally already). A dropped listening connection is opened again after a second.
 */
export function postgresEventBus(pool: pg.Pool, log: (message: string) => void = console.error): TaskEventBus {
  const local = localBus();
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let listening: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== TASK_EVENTS_CHANNEL || !message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as CompanyTaskEvent & { origin: string };
      if (parsed.origin !== origin) local.emit({ company: parsed.company, event: parsed.event });
    } catch (error) {
      log(`[hostdeck] a task event could not be read: ${String(error)}`);
    }
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...pool.options, application_name: 'hostdeck-task-events' });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      log(`[hostdeck] task events connection lost: ${error.message}`);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${TASK_EVENTS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end().catch(() => undefined);
    else client = next;
  }

  /** Events sent while no connection listens do not reach this process's streams. */
  function dropped(lost: pg.Client) {
    if (client !== lost) return;
    client = undefined;
    listening = undefined;
    void lost.end().catch(() => undefined);
    reconnectSoon();
  }

  function reconnectSoon() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      bus.listen().catch((error: unknown) => {
        log(`[hostdeck] task events: LISTEN failed, trying again: ${String(error)}`);
        reconnectSoon();
      });
    }, 1000);
  }

  const bus: TaskEventBus = {
    async publish(change) {
      const sent = trimmed(change);
      local.emit(sent);
      await pool.query('SELECT pg_notify($1, $2)', [TASK_EVENTS_CHANNEL, JSON.stringify({ ...sent, origin })]);
    },
    subscribe: local.subscribe,
    listen() {
      if (closed) return Promise.resolve();
      listening ??= connect().catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
  return bus;
}
