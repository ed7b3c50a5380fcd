import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { createApi, type Api, type ApiOptions } from '../../../src/lib/api/client';
import { openDatabase, type Database } from '../../../src/server/db/connection';
import { users } from '../../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts';
import { copyToWorkerDatabase } from './postgres';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./serve-api.ts', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  baseURL: string;
  /** Everything it printed, for a failure's message. */
  output: string[];
  /** Sends the signal and resolves once the process is gone (a PGlite folder is free again then). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** The shared client's options for a signed-in session, as the CLI would build them. */
  options(session: Session): ApiOptions;
  client(session: Session): Api;
  signIn(email: string): Promise<Session>;
}

export interface Session {
  token: string;
  company: string;
}

/** Starts the API in a process of its own (tests/api/helpers/serve-api.ts) and waits for its port. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    // Processes run side by side: their edge and DNS server take free ports.
    env: { ...process.env, CHECK_ANSWERS: '1', LOGIN_MAX_FAILURES: '1000', EDGE_PORT: '0', DNS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API process did not start:\n${output.join('')}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /^PORT (\d+)$/m.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the API process ended (${code ?? signal}) before listening:\n${output.join('')}`));
    });
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const options = (session: Session): ApiOptions => ({ baseURL, credentials: () => ({ token: session.token, company: session.company }) });
  return {
    child,
    baseURL,
    output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    options,
    client: (session) => createApi(options(session)),
    async signIn(email) {
      const api = createApi({ baseURL });
      const body = await api.post<{ token: string; user: { company: { guid: string } } }>('/auth/login/', { email, password: DEMO_PASSWORD });
      return { token: body.token, company: body.user.company.guid };
    },
  };
}

export interface TwoApiProcesses<T> {
  one: ApiProcess;
  other: ApiProcess;
  databaseUrl: string;
  /** The demo account, signed in through the first. */
  session: Session;
  /** What `pick` found before they started. */
  picked: T;
  /** Ends both. */
  kill(): Promise<void>;
}

/**
 * Two API processes on one copy of the seeded PostgreSQL template (the *-postgres tests that
 * cross processes): `pick` reads what the test needs from the copy, given the demo company,
 * before they start; `otherEnv` is what the second runs with besides.
 */
export async function twoApiProcesses<T>(
  url: string,
  pick: (database: Database, demoCompany: string) => Promise<T>,
  otherEnv: Record<string, string>,
): Promise<TwoApiProcesses<T>> {
  const databaseUrl = await copyToWorkerDatabase(url, inject('postgresSeededTemplate'));
  const database = await openDatabase({ databaseUrl, migrate: false });
  let picked: T;
  try {
    const [demo] = await database.db.select({ company: users.defaultCompanyGuid }).from(users).where(eq(users.email, 'demo@hostdeck.test'));
    picked = await pick(database, demo!.company!);
  } finally {
    await database.close();
  }
  const [one, other] = await Promise.all([startApiProcess({ DATABASE_URL: databaseUrl }), startApiProcess({ DATABASE_URL: databaseUrl, ...otherEnv })]);
  const kill = async () => {
    await Promise.all([one.kill(), other.kill()]);
  };
  return { one, other, databaseUrl, session: await one.signIn('demo@hostdeck.test'), picked, kill };
}
