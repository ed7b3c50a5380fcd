import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import type { Database } from '../../src/server/db/connection';
import { seedBulk } from '../../src/server/seed/index';
import type { TestApp } from './helpers/app';
import { API_UNDER_PANEL, demoConfigDir, fetchUnderApi, serveOverHttp } from './helpers/cli-api';
import { openDemoApp, type Session } from './helpers/demo-app';

/**
 * The CLI in pipelines (issue 32): every command that prints data, run as its own process
 * against the reference API over HTTP, with its stdout read by a pipe whose reading end is
 * closed after the first line, as `| head -1` does. Each must end quietly with exit code 0, as
 * git, gh and doctl do, whatever it was writing.
 */
let database: Database;
let t: TestApp;
let closeServer: () => Promise<void>;
let configDir: string;
let removeConfig: () => Promise<void>;
let demo: Session;

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
/** More rows than a pipe holds (64 KiB), so the CLI is still writing when the reader goes. */
const BULK = 2000;
/** Lines for `domains import --dry-run`, written into the config folder. */
const IMPORT_FILE = 'pipes-import.txt';

beforeAll(async () => {
  ({ database, t, demo } = await openDemoApp());
  // The "Bulk" IP group and domain group of the demo company, 2,000 rows each (issue 32's group).
  await seedBulk(database.db, demo.company, { ipAddresses: BULK, domains: BULK });
  const served = await serveOverHttp(t);
  closeServer = served.close;
  ({ dir: configDir, cleanup: removeConfig } = await demoConfigDir(served.apiUrl, demo));
  await writeFile(join(configDir, IMPORT_FILE), 'one.pipes.example\ntwo.pipes.example\n');
});
afterAll(async () => {
  await removeConfig();
  await closeServer();
  await database.close();
});

/**
 * Runs `hostdeck <args>` with stdout into a pipe that is closed once its first line has come, and
 * answers how the process ended, that line and everything it wrote on stderr.
 */
function firstLineThenClose(args: readonly string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; first: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: configDir,
      env: { ...process.env, HOSTDECK_CONFIG_DIR: configDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      // The reader leaves: the pipe's reading end is closed, as when `head -1` exits.
      if (out.includes('\n')) child.stdout.destroy();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, first: out.split('\n')[0]!, stderr }));
  });
}

describe('every command that prints data, piped into a reader that leaves after the first line', () => {
  const commands: { args: string[]; first: RegExp }[] = [
    { args: ['groups', 'list'], first: /^NAME\s+DOMAINS\s+HOSTING ACCOUNT\s+CREATED\s+GUID$/ },
    { args: ['--json', 'groups', 'list'], first: /^\[$/ },
    { args: ['domains', 'list', '--group', 'Bulk'], first: /^DOMAIN\s+STATUS\s+IP ADDRESS/ },
    { args: ['--json', 'domains', 'list', '--group', 'Bulk'], first: /^\[$/ },
    { args: ['domains', 'export', '--group', 'Bulk'], first: /^"?[Dd]omain/ },
    { args: ['domains', 'export', '--group', 'Bulk', '--format', 'json'], first: /^\[/ },
    { args: ['ip', 'list', '--group', 'Bulk'], first: /^IP ADDRESS\s+TYPE\s+STATUS/ },
    { args: ['--json', 'ip', 'list', '--group', 'Bulk'], first: /^\[$/ },
    { args: ['ip', 'export', '--group', 'Bulk'], first: /^"?IP [Aa]ddress/ },
    { args: ['ip', 'export', '--group', 'Bulk', '--format', 'json'], first: /^\[/ },
    { args: ['whoami'], first: /^Name\s+/ },
    { args: ['--json', 'whoami'], first: /^\{$/ },
    { args: ['invoices', 'list'], first: /^INVOICE\s+STATUS\s+TOTAL/ },
    { args: ['--json', 'invoices', 'list'], first: /^\[$/ },
    { args: ['tasks', 'list', '--limit', '100'], first: /^TASK\s+KIND\s+STATUS/ },
    { args: ['--json', 'tasks', 'list', '--limit', '100'], first: /^\[$/ },
    // The one the import prints on stdout: its check of the file.
    { args: ['--json', 'domains', 'import', IMPORT_FILE, '--group', 'Bulk', '--dry-run'], first: /^\{$/ },
  ];

  for (const { args, first } of commands) {
    it(`hostdeck ${args.join(' ')} | head -1 exits 0 with nothing on stderr`, async () => {
      const ended = await firstLineThenClose(args);
      expect(ended.stderr).toBe('');
      expect(ended.signal).toBeNull();
      expect(ended.code).toBe(0);
      expect(ended.first).toMatch(first);
    });
  }
});

/** stdout read by a reader that leaves after the first line: later writes fail with EPIPE, as a closed pipe's do. */
class ReaderLeavesAfterFirstLine extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    if (this.text.includes('\n')) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' }));
    this.text += chunk.toString();
    done();
  }
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/**
 * The API in-process, except that the export's answer is `body`: the first rows of the real
 * export, then whatever the test makes of the rest (an endless stream, a failure).
 */
function withExportBody(body: (head: Uint8Array) => ReadableStream<Uint8Array>): typeof globalThis.fetch {
  const api = fetchUnderApi(() => t);
  return async (input, init) => {
    const res = await api(input, init);
    if (!new URL(new Request(input, init).url).pathname.endsWith('/export/')) return res;
    const real = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(body(real.slice(0, Math.min(real.length, 4096))), { status: res.status, headers });
  };
}

describe('exports that cannot finish (issue 32)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir, cleanup } = await demoConfigDir(API_UNDER_PANEL, demo));
  });
  afterAll(() => cleanup());

  const runWith = (argv: string[], io: { stdout?: Writable; fetch: typeof globalThis.fetch; signal?: AbortSignal }) => {
    const stderr = new Capture();
    const stdout = io.stdout ?? new Capture();
    const code = runCli(['--api-url', API_UNDER_PANEL, ...argv], {
      stdin: Readable.from([]),
      stdout,
      stderr,
      env: { HOSTDECK_CONFIG_DIR: dir },
      fetch: io.fetch,
      ...(io.signal ? { signal: io.signal } : {}),
    });
    return { code, stderr };
  };

  it('cancels the download when the reader of stdout leaves, and exits 0 saying nothing', async () => {
    const cancelled = Promise.withResolvers<void>();
    let sent = 0;
    // An export that never ends on its own: only a cancelled download ends the run.
    const endless = withExportBody(
      (head) =>
        new ReadableStream({
          pull(controller) {
            controller.enqueue(sent++ === 0 ? head : new TextEncoder().encode('more.example,203.0.113.9\n'));
          },
          cancel() {
            cancelled.resolve();
          },
        }),
    );
    const stdout = new ReaderLeavesAfterFirstLine();
    const { code, stderr } = runWith(['domains', 'export', '--group', 'Bulk'], { stdout, fetch: endless });
    expect(await code).toBe(0);
    await cancelled.promise;
    expect(stderr.text).toBe('');
    expect(stdout.text.split('\n')[0]).toMatch(/^"?[Dd]omain/);
  });

  it('leaves no half-written file when the download fails midway, and keeps the file that was there', async () => {
    const file = join(dir, 'sites.csv');
    await writeFile(file, 'the export of last week\n');
    const broken = withExportBody(
      (head) =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(head);
            controller.error(new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }));
          },
        }),
    );
    const { code, stderr } = runWith(['domains', 'export', '--group', 'Bulk', '--output', file], { fetch: broken });
    expect(await code).toBe(1);
    expect(stderr.text).not.toContain('Exported to');
    expect(await readFile(file, 'utf8')).toBe('the export of last week\n');
    expect((await readdir(dir)).filter((f) => f.includes('sites.csv'))).toEqual(['sites.csv']);
  });

  it('stops the download on Ctrl+C and leaves neither the file nor a part of it', async () => {
    const file = join(dir, 'addresses.csv');
    const stop = new AbortController();
    const endless = withExportBody(
      (head) =>
        new ReadableStream({
          pull(controller) {
            controller.enqueue(head);
            // Ctrl+C once the file has begun.
            stop.abort();
          },
        }),
    );
    const { code, stderr } = runWith(['ip', 'export', '--group', 'Bulk', '--output', file], { fetch: endless, signal: stop.signal });
    expect(await code).toBe(130);
    expect(stderr.text).toContain(`The export was stopped; ${file} was not written.`);
    expect((await readdir(dir)).filter((f) => f.includes('addresses.csv'))).toEqual([]);
  });

  it('writes a whole export to --output and leaves nothing else beside it', async () => {
    const file = join(dir, 'whole.csv');
    const { code, stderr } = runWith(['domains', 'export', '--group', 'Bulk', '--field', 'domain', '--output', file], { fetch: fetchUnderApi(() => t) });
    expect(await code, stderr.text).toBe(0);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(BULK + 1);
    expect((await readdir(dir)).filter((f) => f.includes('whole.csv'))).toEqual(['whole.csv']);
  });
});
