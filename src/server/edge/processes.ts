import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { Database } from '../db/connection';
import { startEdge, type EdgeHandle, type EdgeOptions } from './server';

/**
 * Several edge processes on one port (issue 30), on PostgreSQL: this process's edge and
 * EDGE_PROCESSES - 1 more, each a Node process of its own (./process.ts) with its own connections,
 * memory of the sites (kept in step through LISTEN/NOTIFY like any other process's) and request
 * log, all listening with SO_REUSEPORT, so the kernel spreads the connections and the sites are
 * served on as many cores. PGlite is one process's database: there the edge serves from this one.
 */

/**
 * The further processes' source, found from the working directory as the migrations are (after
 * the build the server's code lives in dist/server/chunks) and run through tsx, as the DNS worker.
 */
export const EDGE_PROCESS_FILE = resolve(process.cwd(), 'src/server/edge/process.ts');

/** How long a further edge process may take to load the sites and listen (seconds, as the API's own start). */
const START_MS = 60_000;

/** What a further edge process tells the one that started it. */
export type FromEdgeProcess = { type: 'listening'; port: number } | { type: 'failed'; message: string };

/** Starts one further edge process on `port` (not 0: the port this process's edge has) and waits until it listens. */
function startEdgeProcess(databaseUrl: string, options: EdgeOptions, port: number, tlsPort: number | null): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', EDGE_PROCESS_FILE], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      EDGE_PORT: String(port),
      EDGE_TLS_PORT: tlsPort === null ? '' : String(tlsPort),
      EDGE_HOST: options.host,
      EDGE_REUSE_PORT: '1',
      EDGE_PROCESSES: '1',
      TRUST_PROXY: options.trustProxy ? '1' : '0',
    },
    // The IPC channel says when it listens; its end tells the child this process is gone.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<ChildProcess>((done, fail) => {
    // One that hangs (a database that does not answer) must not hold the API's start up.
    const late = setTimeout(() => {
      fail(new Error(`an edge process did not listen within ${START_MS / 1000} s`));
      child.kill();
    }, START_MS);
    late.unref();
    child.on('message', (message: FromEdgeProcess) => {
      clearTimeout(late);
      if (message.type === 'listening') done(child);
      else fail(new Error(message.message));
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`an edge process ended (${code ?? signal}) before it listened`)));
  });
}

const ended = (child: ChildProcess) => new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));

/** Asks a further edge process to stop (it writes its request log first) and waits until it has. */
async function stopEdgeProcess(child: ChildProcess): Promise<void> {
  if (child.connected) child.disconnect();
  await ended(child);
}

/**
 * The edge beside the API: started (with the further processes EDGE_PROCESSES asks for), or,
 * when it cannot be (a port already taken), the reason logged and null, so the API serves on
 * without it. A further process that does not start is logged; the others serve.
 */
export async function startEdgeBeside(database: Database, options: EdgeOptions, now: () => Date, log: (line: string) => void = console.error): Promise<EdgeHandle | null> {
  const further = (options.processes ?? 1) - 1;
  if (further > 0 && (database.kind !== 'postgres' || !process.env.DATABASE_URL))
    log(`[hostdeck] EDGE_PROCESSES=${options.processes} needs PostgreSQL (DATABASE_URL): on PGlite the edge serves from this process alone.`);
  const shared = further > 0 && database.kind === 'postgres' && Boolean(process.env.DATABASE_URL);
  let edge: EdgeHandle;
  try {
    edge = await startEdge(database, { ...options, reusePort: options.reusePort || shared }, now);
  } catch (error) {
    log(`[hostdeck] HTTP edge did not start on ${options.host}:${options.port}: ${String(error)}`);
    return null;
  }
  if (!shared) return edge;
  const started = await Promise.allSettled(Array.from({ length: further }, () => startEdgeProcess(process.env.DATABASE_URL!, options, edge.port, edge.tlsPort)));
  const children = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  for (const s of started) if (s.status === 'rejected') log(`[hostdeck] an edge process did not start; the others serve: ${String(s.reason)}`);
  let closing = false;
  for (const child of children) {
    child.once('exit', (code, signal) => {
      if (!closing) log(`[hostdeck] an edge process ended (${code ?? signal}); the others serve.`);
    });
  }
  return {
    ...edge,
    close: async () => {
      closing = true;
      await Promise.all([edge.close(), ...children.map(stopEdgeProcess)]);
    },
  };
}
