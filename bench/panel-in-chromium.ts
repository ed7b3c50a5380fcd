import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ensureBuilt } from '../scripts/build.mjs';
import { existingChromium } from '../scripts/chromium.mjs';
import { DEMO_PASSWORD } from '../src/server/seed/demo-accounts';

/** A port nobody listens on yet. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface PanelInChromium {
  browser: Browser;
  /** The panel's origin. */
  base: string;
  /** The demo owner's session token. */
  token: string;
}

/**
 * Runs `measure` against the built panel's own server on `dataDir` (the database a bench has
 * filled, closed by it first) with Chromium open and the demo owner signed in; stops both after.
 * Without a Chromium on the machine it says so and measures nothing.
 */
export async function withPanelInChromium(
  dataDir: string,
  measure: (panel: PanelInChromium) => Promise<void>,
  env: Record<string, string> = { EDGE_PORT: '0', DNS_PORT: '0' },
): Promise<void> {
  const executablePath = existingChromium();
  if (!executablePath) {
    console.log("in Chromium: skipped (no Chromium found; set CHROMIUM_PATH, or install Debian's chromium)");
    return;
  }
  const root = process.cwd();
  ensureBuilt(root);
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'scripts/server.mjs')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600; i++) {
      if (
        await fetch(`${base}/api/system/whitelabel/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@hostdeck.test', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    await measure({ browser, base, token });
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}
