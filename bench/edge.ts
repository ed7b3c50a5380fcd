import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import pg from 'pg';
import { NGINX, startNginx } from './edge-nginx';
import { REDIRECT, RULES, SITES } from './edge-sites';
import { startPostgres } from './postgres';

/**
 * Issue 30, "Edge from memory", done-when 1: the HTTP edge beside nginx doing the same work
 * (bench/edge-nginx.ts), in the same run: wrk with 50 connections against a 301 redirect, a page
 * and the page through 100 firewall rules; requests per second and wrk's p99 of each, and the
 * ratio to nginx (target: at least 0.25x, p99 under 20 ms). Hostdeck runs in child processes of
 * its own (bench/edge-sites.ts), recording every request as in production: on PGlite (one
 * process, the embedded default) and on PostgreSQL with EDGE_PROCESSES edge processes sharing
 * the port (BENCH_DATABASE_URL, else a throwaway cluster when Debian's PostgreSQL is installed).
 * Turns of a few seconds go round the servers, so a slow spell of a shared machine falls on all
 * alike. Without wrk the part says so and is skipped; without nginx Hostdeck's figures are
 * printed alone.
 */
const WRK = '/usr/bin/wrk';
const CONNECTIONS = 50;
/** wrk's threads: one per core of this machine's two, as nginx has a worker per core. */
const THREADS = 2;
const TURN_SECONDS = 2;
/** Edge processes on PostgreSQL: one per core. */
const PG_PROCESSES = 2;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const CASES = [
  { name: 'a 301 redirect', host: SITES.redirect, path: REDIRECT.path, status: 301 },
  { name: 'a page /', host: SITES.page, path: '/', status: 200 },
  { name: `the page / with ${RULES} firewall rules`, host: SITES.rules, path: '/', status: 200 },
] as const;

interface Server {
  name: string;
  port: number;
  /** Stops it; Hostdeck's answers the rows its request log wrote. */
  stop(): Promise<number | null>;
}

interface Tally {
  requests: number;
  seconds: number;
  /** wrk's p99 of each turn, in ms. */
  p99s: number[];
  /** Answers that were not the case's status, and socket errors. */
  wrong: number;
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Hostdeck's edge in a child of its own (bench/edge-sites.ts), on the database `env` names. */
async function startHostdeck(name: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/edge-sites.ts'], {
    env: { ...process.env, HOSTDECK_BENCH_EDGE_SERVE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // Its request log falling behind is summed up at the end (records written for requests made); anything else is shown.
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (!line.includes('the request log')) console.error(line);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await stopped(child);
    const written = /^RECORDED (\d+)$/m.exec(out);
    return written ? Number(written[1]) : null;
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', () => {
        const m = /^EDGE (\d+)$/m.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`the edge exited with ${code} before listening`)));
    });
    return { name, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** wrk's durations (`812.00us`, `3.50ms`, `1.20s`) in ms. */
function durationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 'ms' ? value : m[2] === 's' ? value * 1000 : value * 60_000;
}

/** One wrk turn of `seconds` against `server`, its figures added to `into`. */
async function wrk(server: Server, c: (typeof CASES)[number], seconds: number, into: Tally): Promise<void> {
  const url = `http://127.0.0.1:${server.port}${c.path}`;
  const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '--latency', '-H', `Host: ${c.host}`, '-H', `User-Agent: ${CHROME}`, url];
  const { stdout } = await promisify(execFile)(WRK, args);
  const requests = Number(/(\d+) requests in ([\d.]+)(\w+)/.exec(stdout)?.[1] ?? 0);
  const took = /\d+ requests in ([\d.]+\w+)/.exec(stdout)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(stdout)?.[1];
  const wrongStatus = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socketErrors = (/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)?.slice(1) ?? []).reduce((a, n) => a + Number(n), 0);
  into.requests += requests;
  into.seconds += took ? durationMs(took) / 1000 : seconds;
  if (p99) into.p99s.push(durationMs(p99));
  into.wrong += wrongStatus + socketErrors;
}

/** A page as a server answers it, checked against the case's status (node:http: fetch does not send a Host of one's choosing). */
async function answer(server: Server, c: (typeof CASES)[number]): Promise<Buffer> {
  const { status, body } = await new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: c.path, headers: { Host: c.host, 'User-Agent': CHROME } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
  if (status !== c.status) throw new Error(`${server.name} answered ${c.host}${c.path} with ${status}, not ${c.status}`);
  return body;
}

const BENCH_DATABASE = 'hostdeck_bench_edge';

/** Runs `statements` on the bench's PostgreSQL server. */
async function onServer(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A database of its own on the bench's PostgreSQL server (one an earlier run left is dropped first). */
async function benchDatabase(serverUrl: string): Promise<string> {
  await onServer(serverUrl, `drop database if exists ${BENCH_DATABASE} with (force)`, `create database ${BENCH_DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

export async function measureEdge(seconds = 6) {
  const turns = Math.max(1, Math.round(seconds / TURN_SECONDS));
  console.log(
    `\n## HTTP edge beside nginx: ${CASES.map((c) => c.name).join(', ')}; wrk with ${CONNECTIONS} connections and ${THREADS} threads, ${turns * TURN_SECONDS} s each (in turns of ${TURN_SECONDS} s); p99 is the worst turn's, the best in brackets`,
  );
  if (!existsSync(WRK)) {
    console.log(`wrk is not installed (${WRK}): the edge benchmark beside nginx is skipped. On Debian: apt-get install -y nginx-light wrk.`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-edge-'));
  const servers: Server[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  const written = new Map<Server, number | null>();
  /** Requests each server answered under wrk, warm-ups included: what a complete request log would hold. */
  const answered = new Map<Server, number>();
  try {
    servers.push(await startHostdeck('Hostdeck, PGlite, 1 process', { DATA_DIR: join(dir, 'pglite'), DATABASE_URL: '' }));
    const postgres = startPostgres();
    if (postgres) {
      // Run last to first: the bench's database goes before the server.
      cleanups.unshift(postgres.stop);
      const url = await benchDatabase(postgres.url);
      cleanups.unshift(() => onServer(postgres.url, `drop database if exists ${BENCH_DATABASE} with (force)`));
      servers.push(await startHostdeck(`Hostdeck, PostgreSQL, ${PG_PROCESSES} processes`, { DATABASE_URL: url, EDGE_PROCESSES: String(PG_PROCESSES) }));
    } else console.log('PostgreSQL is not installed and BENCH_DATABASE_URL is not set: Hostdeck on PostgreSQL is skipped.');
    if (existsSync(NGINX)) {
      const port = await freePort();
      const [page, ruled] = [await answer(servers[0]!, CASES[1]), await answer(servers[0]!, CASES[2])];
      const nginx = await startNginx(join(dir, 'nginx'), port, { page, rules: ruled });
      const version = await promisify(execFile)(NGINX, ['-v']).then(({ stderr }) => /nginx\/(\S+)/.exec(stderr)?.[1] ?? '');
      const stop = async () => {
        await nginx.stop();
        return null;
      };
      servers.push({ name: `nginx ${version}`.trim(), port, stop });
    } else console.log(`nginx is not installed (${NGINX}): Hostdeck's figures are printed without the comparison. On Debian: apt-get install -y nginx-light.`);
    for (const c of CASES) for (const server of servers) await answer(server, c);

    const nginx = servers.find((s) => s.name.startsWith('nginx'));
    const rates = new Map<string, number>();
    const add = (server: Server, t: Tally) => answered.set(server, (answered.get(server) ?? 0) + t.requests);
    for (const c of CASES) {
      console.log(`### ${c.name}`);
      // A warm-up turn each (the JIT, the pages built, the agents read), then the turns measured.
      for (const server of servers) {
        const warmUp: Tally = { requests: 0, seconds: 0, p99s: [], wrong: 0 };
        await wrk(server, c, 1, warmUp);
        add(server, warmUp);
      }
      const tallies = servers.map((): Tally => ({ requests: 0, seconds: 0, p99s: [], wrong: 0 }));
      for (let turn = 0; turn < turns; turn++) for (const [i, server] of servers.entries()) await wrk(server, c, TURN_SECONDS, tallies[i]!);
      for (const [i, server] of servers.entries()) add(server, tallies[i]!);
      const figures = servers.map((server, i) => {
        const t = tallies[i]!;
        const rps = t.requests / t.seconds;
        rates.set(`${server.name} ${c.name}`, rps);
        return { server, rps, p99: Math.max(...t.p99s), best: Math.min(...t.p99s), wrong: t.wrong };
      });
      const nginxRate = figures.find((f) => f.server === nginx)?.rps;
      for (const f of figures) {
        const ratio =
          nginxRate && f.server !== nginx ? `   ${(f.rps / nginxRate).toFixed(2)}x nginx${f.rps / nginxRate >= 0.25 && f.p99 < 20 ? '' : ' (target: >= 0.25x, p99 < 20 ms)'}` : '';
        const p99 = `p99 ${f.p99.toFixed(1).padStart(6)} ms (${f.best.toFixed(1)})`;
        console.log(
          `${f.server.name.padEnd(36)} ${f.rps.toFixed(0).padStart(7)} req/s   ${p99.padEnd(24)}${f.wrong ? `   ${f.wrong} wrong answers or socket errors` : ''}${ratio}`,
        );
      }
    }
    for (const server of servers.filter((s) => s !== nginx)) {
      const page = rates.get(`${server.name} ${CASES[1].name}`)!;
      const ruled = rates.get(`${server.name} ${CASES[2].name}`)!;
      console.log(`${`${server.name}: with ${RULES} rules / without`.padEnd(56)} ${(ruled / page).toFixed(2)}x`);
    }
  } finally {
    for (const server of servers) written.set(server, await server.stop());
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [server, rows] of written) {
    // The few requests that checked the answers come on top of wrk's.
    if (rows !== null)
      console.log(
        `${server.name}: ${rows} request records written for ${answered.get(server) ?? 0} requests wrk made (past a backlog of 10,000 the log answers without recording)`,
      );
  }
}
