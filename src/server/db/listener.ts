import pg from 'pg';

export interface ListeningConnectionOptions {
  /** The pool whose connection settings the listening connection copies. */
  pool: pg.Pool;
  channel: string;
  /** Shown in pg_stat_activity, and in the log lines as what was lost. */
  name: string;
  onNotification(message: pg.Notification): void;
  /**
   * Called once a connection listens again after one was lost: whatever was announced in
   * between was not heard, so what depends on every notice must catch up.
   */
  onResumed?(): void;
  log(line: string): void;
}

export interface ListeningConnection {
  /** Connects and listens; the same promise until it fails or the connection is lost. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL connection of its own that LISTENs on one channel: pooled connections are
 * closed when idle, and a notification only reaches a session listening when it is sent. A
 * dropped connection is opened again after a second, and again every second until it listens.
 */
export function listeningConnection(options: ListeningConnectionOptions): ListeningConnection {
  const { pool, channel, name, log } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let listening: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** Set once a connection was lost, so the next one to listen reports the gap. */
  let lost = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...pool.options, application_name: name });
    next.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message);
    });
    next.on('error', (error) => {
      log(`[hostdeck] ${name}: connection lost: ${error.message}`);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (lost) {
      lost = false;
      options.onResumed?.();
    }
  }

  function dropped(gone: pg.Client) {
    if (client !== gone) return;
    client = undefined;
    listening = undefined;
    lost = true;
    void gone.end().catch(() => undefined);
    reconnectSoon();
  }

  function reconnectSoon() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connection.listen().catch((error: unknown) => {
        log(`[hostdeck] ${name}: LISTEN failed, trying again: ${String(error)}`);
        reconnectSoon();
      });
    }, 1000);
  }

  const connection: ListeningConnection = {
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
  return connection;
}
