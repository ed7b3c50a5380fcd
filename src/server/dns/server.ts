import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { serveZones } from './sockets';
import type { FromWorker, ToWorker } from './worker';
import { followZones, type ZoneDatabase } from './zone-source';
import { ZoneStore } from './zone-store';

/**
 * The authoritative DNS server of the reference API (issue 8, "Real parts"; issue 30, "DNS from
 * memory"): UDP and TCP on DNS_PORT, answering A, CNAME, MX, TXT, NS and SOA from the ACTIVE
 * zones, kept in memory (./zone-store) and loaded again zone by zone when the database announces
 * a change (./zone-source), so a question never waits on SQL. The sockets (./sockets) encode an
 * answer once per question and zone version and send it again with each asker's message id; the
 * answers are worked out in ./answer and written in ./wire. With DNS_WORKER=1 the server runs in a worker thread of its own (./worker), fed the zones by
 * this thread, so questions never queue behind the API's requests and jobs.
 */
export interface DnsHandle {
  /** The address it listens on; a resolver asks it here (0.0.0.0 is asked on 127.0.0.1). */
  host: string;
  port: number;
  /**
   * Resolves once every zone change announced so far is answered. The database announces a
   * change made through this process before the write returns, so a write followed by this is
   * answered by the server (the resolver of checks and steps waits so; tests do too).
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface DnsOptions {
  port: number;
  host: string;
  /** In a worker thread of its own rather than on the API's event loop. */
  worker?: boolean;
}

export const DEFAULT_DNS_PORT = 5300;

export function dnsOptionsFromEnv(env = process.env): DnsOptions {
  const port = env.DNS_PORT !== undefined && env.DNS_PORT !== '' ? Number(env.DNS_PORT) : DEFAULT_DNS_PORT;
  return { port: Number.isInteger(port) && port >= 0 ? port : DEFAULT_DNS_PORT, host: env.DNS_HOST || '127.0.0.1', worker: env.DNS_WORKER === '1' };
}

/**
 * Starts the DNS server on `options.port` (0: one free for both TCP and UDP), with every ACTIVE
 * zone loaded first, so no question is refused for want of them. Rejects, with both sockets
 * closed, when the port cannot be had: a port taken is an error the caller reports.
 */
export async function startDnsServer(database: ZoneDatabase, options: DnsOptions): Promise<DnsHandle> {
  if (options.worker) return startDnsWorker(database, options);
  const store = new ZoneStore();
  const follower = await followZones(database, (update) => store.apply(update));
  try {
    const sockets = await serveZones(store, options);
    return {
      host: sockets.host,
      port: sockets.port,
      settled: () => follower.settled(),
      close: async () => {
        await sockets.close();
        await follower.close();
      },
    };
  } catch (error) {
    await follower.close();
    throw error;
  }
}

/**
 * The worker's source, found from the working directory as the migrations are (after the build
 * the server's code lives in dist/server/chunks) and run through tsx, a dependency of the project.
 */
export const DNS_WORKER_FILE = resolve(process.cwd(), 'src/server/dns/worker.ts');

/** The DNS server in a worker thread: this thread follows the zones and posts each update to it. */
async function startDnsWorker(database: ZoneDatabase, options: DnsOptions): Promise<DnsHandle> {
  const worker = new Worker(DNS_WORKER_FILE, { execArgv: ['--import', 'tsx'], workerData: { port: options.port, host: options.host } });
  const post = (message: ToWorker) => worker.postMessage(message);
  let posted = 0;
  let applied = 0;
  let gone = false;
  /** Listening, so an end not asked for is worth a line in the log. */
  let started = false;
  let closing = false;
  const waiting = new Set<{ seq: number; done: () => void }>();
  const listening = Promise.withResolvers<{ host: string; port: number }>();
  // Failing before anyone awaits it (while the zones load) is no unhandled rejection: it is awaited below.
  listening.promise.catch(() => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'applied') {
      applied = message.seq;
      for (const w of waiting) {
        if (w.seq > applied) continue;
        waiting.delete(w);
        w.done();
      }
    } else if (message.type === 'listening') listening.resolve(message);
    else if (message.type === 'failed') listening.reject(Object.assign(new Error(message.message), { code: message.code }));
  });
  worker.on('error', (error) => {
    console.error('[hostdeck] DNS worker failed:', error);
    listening.reject(error);
  });
  void exited.then(() => {
    gone = true;
    listening.reject(new Error('The DNS worker ended before it listened.'));
    if (!closing && started) console.error('[hostdeck] The DNS worker ended: the API serves on without its DNS server.');
    // Nothing more will be applied: whoever waits for it waits no longer.
    for (const w of waiting) w.done();
    waiting.clear();
  });
  const stop = async () => {
    closing = true;
    if (!gone) post({ type: 'close' });
    await exited;
  };

  let follower: Awaited<ReturnType<typeof followZones>> | undefined;
  try {
    follower = await followZones(database, (update) => post({ type: 'update', seq: ++posted, update }));
    const at = await listening.promise;
    const following = follower;
    started = true;
    return {
      host: at.host,
      port: at.port,
      async settled() {
        await following.settled();
        const seq = posted;
        if (gone || applied >= seq) return;
        await new Promise<void>((done) => waiting.add({ seq, done }));
      },
      async close() {
        await following.close();
        await stop();
      },
    };
  } catch (error) {
    await follower?.close();
    await stop();
    throw error;
  }
}

/**
 * The DNS server beside the API: started, or, when it cannot be (a port already taken), the
 * reason logged and null, so the API serves on without it (docs/decisions.md, the DNS server).
 */
export async function startDnsServerBeside(database: ZoneDatabase, options: DnsOptions, log: (line: string) => void = console.error): Promise<DnsHandle | null> {
  try {
    return await startDnsServer(database, options);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'EADDRINUSE' ? 'the port is already taken' : error instanceof Error ? error.message : String(error);
    log(`[hostdeck] DNS server did not start on ${options.host}:${options.port} (${why}); the API serves on without it.`);
    return null;
  }
}
