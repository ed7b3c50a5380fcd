#!/usr/bin/env node
// Serves the built panel for the browser tests: a fresh temporary database each run, and a
// build only when src/ changed since the last one (or when E2E_BUILD=1 asks for it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outDir } from './out-dir.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const port = process.env.PORT;
if (!port) {
  console.error('serve-test: set PORT (playwright.config.ts passes the port it chose).');
  process.exit(2);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const entry = join(outDir(root), 'server/entry.mjs');
const stale = !existsSync(entry) || statSync(entry).mtimeMs < Math.max(newest('src'), newest('astro.config.mjs'), newest('public'));
if (stale || process.env.E2E_BUILD === '1') {
  console.log('[serve-test] building the panel...');
  const built = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-e2e-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

// With E2E_MAILBOX set, outgoing mail goes to an SMTP sink that files each message there.
const sink = process.env.E2E_MAILBOX ? await startSmtpSink(process.env.E2E_MAILBOX) : null;

const server = spawn(process.execPath, [join(root, 'scripts/server.mjs')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: port,
    DATA_DIR: dataDir,
    // Tests type wrong passwords on purpose; they must not lock the demo accounts.
    LOGIN_MAX_FAILURES: process.env.LOGIN_MAX_FAILURES ?? '1000',
    ...(sink ? { SMTP_URL: sink.url } : {}),
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  cleanup();
  sink?.close();
  process.exit(code ?? (signal ? 0 : 1));
});
