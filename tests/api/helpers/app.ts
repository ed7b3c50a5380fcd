import { createApiApp } from '../../../src/server/app';
import { createApi, type Api } from '../../../src/lib/api/client';
import { DEFAULT_CONFIG, type ServerConfig, type ServerDeps } from '../../../src/server/context';
import type { Database } from '../../../src/server/db/connection';
import { createMemoryMailer } from '../../../src/server/mail/mailer';
import { createJobEngine } from '../../../src/server/jobs/engine';
import { startDnsServer } from '../../../src/server/dns/server';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts';
import { createSeededTestDatabase } from './db';
import { createViewerCache } from '../../../src/server/auth/viewer-cache';

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
  /** Signs in and returns the session token and the default company guid. */
  signIn(email: string, password?: string): Promise<{ token: string; company: string }>;
  /**
   * Starts the DNS server on a free port as `deps.dns`, so steps and checks that resolve names
   * ask it as the running API does. The file closes it (`t.deps.dns?.close()`) before the database.
   */
  startDns(): Promise<void>;
}

export function createTestApp(database: Database, config: Partial<ServerConfig> = {}): TestApp {
  let offset = 0;
  const mailer = createMemoryMailer();
  const deps: ServerDeps = {
    db: database.db,
    config: { ...DEFAULT_CONFIG, checkAnswers: true, ...config },
    mailer,
    viewers: createViewerCache(database.authChanges),
    now: () => new Date(Date.now() + offset),
    clientIp: (req) => req.headers.get('x-test-ip') ?? '127.0.0.1',
    // Starts pg-boss only when a test starts a task; such a file stops it before closing the database.
    jobs: createJobEngine(database, () => deps),
  };
  const app = createApiApp(deps);
  const call: TestApp['call'] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.Authorization = `Token ${opts.token}`;
    if (opts.company) headers.Company = opts.company;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return Promise.resolve(
      app.request(path, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) }),
    );
  };
  return {
    app,
    deps,
    outbox: mailer.outbox,
    advance: (ms) => {
      offset += ms;
    },
    call,
    client: (session) =>
      createApi({
        baseURL: 'http://hostdeck.test',
        credentials: () => ({ token: session?.token ?? null, company: session?.company ?? null }),
        fetch: async (input, init) => app.request(input instanceof Request ? input : String(input), init),
      }),
    async startDns() {
      deps.dns = await startDnsServer(database.db, { port: 0, host: '127.0.0.1' });
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
 * A database of its own for one test file, holding the demo data, and the API over it. The
 * data is seeded once per run by the global setup (seedDemo, dated from that moment) and
 * copied here.
 */
export async function openSeededApp(config: Partial<ServerConfig> = {}): Promise<{ database: Database; t: TestApp }> {
  const database = await createSeededTestDatabase();
  return { database, t: createTestApp(database, config) };
}
