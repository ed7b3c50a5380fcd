import { createApiApp } from '../../../src/server/app';
import { createApi, type Api, type ApiOptions } from '../../../src/lib/api/client';
import { DEFAULT_CONFIG, type ServerConfig, type ServerDeps } from '../../../src/server/context';
import type { Database } from '../../../src/server/db/connection';
import { createMemoryMailer } from '../../../src/server/mail/mailer';
import { createJobEngine } from '../../../src/server/jobs/engine';
import { startDnsServer } from '../../../src/server/dns/server';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts';
import { createSeededTestDatabase } from './db';
import { createViewerCache } from '../../../src/server/auth/viewer-cache';
import type { TaskEventBus } from '../../../src/server/jobs/events';

export interface TestApp {
  app: ReturnType<typeof createApiApp>;
  deps: ServerDeps;
  outbox: ReturnType<typeof createMemoryMailer>['outbox'];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** Calls the API like a client: JSON body, token and company headers. */
  call(method: string, path: string, opts?: { token?: string; company?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /**
   * The shared client (the one the panel and the CLI use) over this app in-process, as the
   * given session (or anonymous). Operations are called with `send(api, op, input)`.
   */
  client(session?: { token: string; company?: string }): Api;
  /** The shared client's options over this app in-process (for the task stream, which reads with fetch). */
  options(session?: { token: string; company?: string }): ApiOptions;
  /** Aborted when the file closes the app: waits of its tests stop then (tests/helpers/waiting.ts). */
  readonly signal: AbortSignal;
  /**
   * Ends everything the file started on the app, in the order that lets each finish: waits stop,
   * the job engine stops, open answers (event streams, bodies never read) are cancelled and
   * every request still running is awaited, then the DNS server closes. The database's
   * `close()` does this first, so a file's `afterAll` closing its database is enough.
   */
  close(): Promise<void>;
  /** Signs in and returns the session token and the default company guid. */
  signIn(email: string, password?: string): Promise<{ token: string; company: string }>;
  /**
   * Starts the DNS server on a free port as `deps.dns`, so steps and checks that resolve names
   * ask it as the running API does. It is closed with the app (before the database).
   */
  startDns(): Promise<void>;
}

export function createTestApp(database: Database, config: Partial<ServerConfig> = {}): TestApp {
  let offset = 0;
  const mailer = createMemoryMailer();
  const closing = new AbortController();
  const work = inFlight();
  const engine = createJobEngine(database, () => deps);
  const deps: ServerDeps = {
    db: database.db,
    config: { ...DEFAULT_CONFIG, checkAnswers: true, ...config },
    mailer,
    viewers: createViewerCache(database.authChanges),
    now: () => new Date(Date.now() + offset),
    clientIp: (req) => req.headers.get('x-test-ip') ?? '127.0.0.1',
    // Starts pg-boss only when a test starts a task. Each event stream holds a subscription while
    // its handler runs, so closing waits for the handlers as well as for the answers.
    jobs: { ...engine, events: trackedSubscriptions(engine.events, work) },
  };
  const app = createApiApp(deps);
  const answer = app.fetch;
  // app.request goes through app.fetch too, so every in-process request is counted here.
  app.fetch = (request, env, executionContext) => {
    if (closing.signal.aborted) return Promise.reject(new Error(`A request reached the test app after it closed: ${request.method} ${request.url}`));
    return work.answered(Promise.resolve(answer(request, env, executionContext)));
  };
  const call: TestApp['call'] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.Authorization = `Token ${opts.token}`;
    if (opts.company) headers.Company = opts.company;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return Promise.resolve(app.request(path, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) }));
  };
  const options = (session?: { token: string; company?: string }): ApiOptions => ({
    baseURL: 'http://hostdeck.test',
    credentials: () => ({ token: session?.token ?? null, company: session?.company ?? null }),
    fetch: async (input, init) => app.request(input instanceof Request ? input : String(input), init),
  });
  let closed: Promise<void> | undefined;
  const shutDown = async () => {
    closing.abort();
    await engine.stop();
    await work.end();
    await deps.dns?.close();
    deps.dns = undefined;
  };
  const close = () => (closed ??= shutDown());
  const closeDatabase = database.close.bind(database);
  database.close = async () => {
    await close();
    await closeDatabase();
  };
  return {
    app,
    deps,
    outbox: mailer.outbox,
    advance: (ms) => {
      offset += ms;
    },
    call,
    client: (session) => createApi(options(session)),
    options,
    signal: closing.signal,
    close,
    async startDns() {
      const server = await startDnsServer(database, { port: 0, host: '127.0.0.1' });
      let stopped: Promise<void> | undefined;
      // Files close it themselves too; the second close answers the first.
      deps.dns = { ...server, close: () => (stopped ??= server.close()) };
    },
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/auth/login/', { body: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { token: string; user: { company: { guid: string } } };
      return { token: body.token, company: body.user.company.guid };
    },
  };
}

/**
 * The requests still being answered: a request counts until its handler has answered and the
 * answer's body has been read to its end or cancelled. `end` cancels the bodies nobody read to
 * their end (an event stream ends so) and waits for all of them.
 */
function inFlight() {
  const running = new Set<Promise<unknown>>();
  /** The bodies not read to their end yet, and how each one says it is over. */
  const unread = new Map<ReadableStreamDefaultReader<Uint8Array>, () => void>();
  const hold = (promise: Promise<unknown>) => {
    const held = promise.catch(() => undefined);
    running.add(held);
    void held.finally(() => running.delete(held));
  };
  /** The same answer with a body that says when it has been read or cancelled. */
  const followed = (res: Response): Response => {
    // These answers can carry no body, and a Response made with one would be refused.
    if (!res.body || res.status === 204 || res.status === 205 || res.status === 304) return res;
    const reader = res.body.getReader();
    const over = Promise.withResolvers<void>();
    const finish = () => {
      unread.delete(reader);
      over.resolve();
    };
    unread.set(reader, finish);
    hold(over.promise);
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              controller.close();
              finish();
            } else controller.enqueue(value);
          } catch (error) {
            controller.error(error);
            finish();
          }
        },
        async cancel(reason) {
          await reader.cancel(reason).catch(() => undefined);
          finish();
        },
      },
      // Nothing is read ahead: the handler writes only as the reader reads, as over a socket.
      { highWaterMark: 0 },
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return {
    answered(answer: Promise<Response>): Promise<Response> {
      const res = answer.then(followed);
      hold(res);
      return res;
    },
    hold,
    async end() {
      for (const [reader, finish] of [...unread]) {
        await reader.cancel().catch(() => undefined);
        finish();
      }
      while (running.size) await Promise.all([...running]);
    },
  };
}

/** The engine's event bus, with each subscription (an event stream's handler) counted until it unsubscribes. */
function trackedSubscriptions(bus: TaskEventBus, work: ReturnType<typeof inFlight>): TaskEventBus {
  return {
    ...bus,
    subscribe(company, listener) {
      const unsubscribed = Promise.withResolvers<void>();
      work.hold(unsubscribed.promise);
      const unsubscribe = bus.subscribe(company, listener);
      return () => {
        unsubscribe();
        unsubscribed.resolve();
      };
    },
  };
}

/**
 * A database of its own for one test file, holding the demo data, and the API over it. The
 * data is seeded once per run by the global setup (seedDemo, dated from that moment) and
 * copied here.
 */
export async function openSeededApp(config: Partial<ServerConfig> = {}): Promise<{ database: Database; t: TestApp }> {
  const database = await createSeededTestDatabase();
  return { database, t: createTestApp(database, config) };
}
