import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built panel with a fresh database. This file is evaluated again
 * in every worker, so the port is chosen once and handed on through the environment.
 */
function freePort(): string {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

process.env.E2E_PORT ??= freePort();
/** The test server's HTTP edge and DNS server, so tests can ask them what the panel set up. */
process.env.E2E_EDGE_PORT ??= freePort();
process.env.E2E_DNS_PORT ??= freePort();
/** The folder the test server's SMTP sink files emails into (tests/e2e/mailbox.ts reads it). */
process.env.E2E_MAILBOX ??= mkdtempSync(join(tmpdir(), 'hostdeck-e2e-mail-'));
/** The folder the setup project saves each role's signed-in browser state into (tests/e2e/support.ts signedInAs). */
process.env.E2E_STATE ??= mkdtempSync(join(tmpdir(), 'hostdeck-e2e-state-'));
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Every name resolves to this machine, so the sites the HTTP edge serves open by their own names.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP * 127.0.0.1',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Runs side by side (HOSTDECK_OUT_DIR) keep their results apart too.
  outputDir: process.env.HOSTDECK_OUT_DIR ? `.builds/${basename(process.env.HOSTDECK_OUT_DIR)}-results` : 'test-results',
  // Tests that change a user's state use a user of their own (tests/e2e/own-account.ts), so
  // every test can run beside any other.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Safety nets, never what decides a test: assertions wait until what they expect is there, so
  // a longer limit costs a passing test nothing. Two workers share the machine's cores (with
  // other runs, on a shared machine, or one core under taskset): a tour test that takes 50 s alone
  // can take three times that, which is slowness, not a failure.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  // The last records each file's time for the run's summary (scripts/timings).
  reporter: [['list'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]), ['./scripts/timings/playwright-reporter.mjs']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Signs each demo role in once and saves its browser state (tests/e2e/sign-in.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/, use: chromium },
    { name: 'chromium', dependencies: ['setup'], use: chromium },
  ],
  webServer: {
    // The runner's own Node (24), not whatever `node` the shell finds first.
    command: `"${process.execPath}" scripts/serve-test.mjs`,
    url: `${baseURL}/api/system/whitelabel/`,
    env: { PORT: port, E2E_MAILBOX: process.env.E2E_MAILBOX, EDGE_PORT: process.env.E2E_EDGE_PORT, DNS_PORT: process.env.E2E_DNS_PORT },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
