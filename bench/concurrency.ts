import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts';
import { startPostgres } from './postgres';

/**
 * Requests per second and p99 latency of the API under 50 concurrent clients, for an
 * unauthenticated call, whoami, the dashboard and a 25-row list, on PGlite and on PostgreSQL.
 * The server runs in its own process (bench/serve-api.ts), as it would in production.
 */
const CLIENTS = 50;

interface Scenario {
  name: string;
  path: string;
  signedIn: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'unauthenticated (GET /system/whitelabel/)', path: '/system/whitelabel/', signedIn: false },
  { name: 'whoami (GET /account/whoami/)', path: '/account/whoami/', signedIn: true },
  { name: 'dashboard (GET /dashboard/)', path: '/dashboard/', signedIn: true },
  { name: '25-row list (GET /ip_addresses/?per_page=25)', path: '/ip_addresses/?page=1&per_page=25', signedIn: true },
];

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-api.ts'], {
    env: { ...process.env, EDGE_PORT: '0', DNS_PORT: '0', ...env, LOGIN_MAX_FAILURES: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the API server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

interface Sample {
  latencies: number[];
  seconds: number;
  failures: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number, into: Sample) {
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) into.failures++;
        into.latencies.push(performance.now() - t);
      }
    }),
  );
  // Requests still open at the end are waited for, and counted with the time they took.
  into.seconds += (performance.now() - start) / 1000;
}

async function measure(label: string, env: Record<string, string>, seconds: number) {
  console.log(`\n## ${label}: ${CLIENTS} concurrent clients, ${seconds} s each (in turns of 1 s)`);
  const { base, child } = await startServer(env);
  try {
    const login = await fetch(`${base}/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@hostdeck.test', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headersOf = (s: Scenario): Record<string, string> => (s.signedIn ? { Authorization: `Token ${token}` } : {});
    const samples = SCENARIOS.map(() => ({ latencies: [] as number[], seconds: 0, failures: 0 }));
    for (const s of SCENARIOS) await load(base + s.path, headersOf(s), 1, { latencies: [], seconds: 0, failures: 0 });
    // Scenarios take turns a second at a time, so a slow spell of a shared machine (or the
    // database's own background work) falls on all of them alike rather than on one.
    for (let round = 0; round < seconds; round++) {
      for (const [i, s] of SCENARIOS.entries()) await load(base + s.path, headersOf(s), 1, samples[i]!);
    }
    const rates: Record<string, number> = {};
    for (const [i, s] of SCENARIOS.entries()) {
      const { latencies, seconds: spent, failures } = samples[i]!;
      latencies.sort((a, b) => a - b);
      const rps = latencies.length / spent;
      const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
      rates[s.name] = rps;
      console.log(`${s.name.padEnd(48)} ${rps.toFixed(0).padStart(6)} req/s   p99 ${p99.toFixed(1).padStart(7)} ms${failures ? `   ${failures} non-200 answers` : ''}`);
    }
    const base0 = rates[SCENARIOS[0]!.name]!;
    for (const s of SCENARIOS.slice(1)) console.log(`${s.name.padEnd(48)} ${(rates[s.name]! / base0).toFixed(2)}x the unauthenticated rate`);
  } finally {
    child.kill('SIGTERM');
  }
}

export async function measureConcurrency(seconds = 5) {
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-conc-'));
  try {
    await measure('PGlite', { DATA_DIR: dir }, seconds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pg = startPostgres();
  if (!pg) {
    console.log("\n## PostgreSQL: skipped (no server found; set BENCH_DATABASE_URL or install Debian's postgresql)");
    return;
  }
  try {
    await measure('PostgreSQL', { DATABASE_URL: pg.url }, seconds);
  } finally {
    pg.stop();
  }
}
