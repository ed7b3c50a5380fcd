#!/usr/bin/env node
// Serves the built panel for the browser tests: a fresh temporary database each run, and a
// build only when src/ changed since the last one (or when E2E_BUILD=1 asks for it).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const port = process.env.PORT;
if (!port) {
  console.error('serve-test: set PORT (playwright.config.ts passes the port it chose).');
  process.exit(2);
}

ensureBuilt(root, { force: process.env.E2E_BUILD === '1', log: (line) => console.log(line.replace('[hostdeck]', '[serve-test]')) });

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
    // Every answer the browser tests receive is checked against its operation's schema.
    CHECK_ANSWERS: '1',
    // Tasks move on quickly enough to be watched live without making the tests wait.
    PROVISION_STEP_MS: process.env.PROVISION_STEP_MS ?? '50',
    // Several test servers may run side by side: their edge and DNS server take free ports.
    EDGE_PORT: process.env.EDGE_PORT ?? '0',
    DNS_PORT: process.env.DNS_PORT ?? '0',
    ...(sink ? { SMTP_URL: sink.url } : {}),
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  cleanup();
  sink?.close();
  process.exit(code ?? (signal ? 0 : 1));
});
