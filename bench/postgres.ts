import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server for one benchmark run: `BENCH_DATABASE_URL` when given, else a
 * throwaway cluster from Debian's packages (as the postgres user when run as root), else none.
 */
export function startPostgres(): { url: string; stop: () => void } | null {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => undefined };
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((b) => existsSync(join(b, 'pg_ctl')));
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (cmd: string, args: string[]) => {
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : spawnSync(join(bin, cmd), args);
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr?.toString()}`);
  };
  const port = 55000 + Math.floor(Math.random() * 2000);
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', ['-D', dir, '-o', `-h 127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
