import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { outDir } from '../scripts/build.mjs';
import { ACCOUNT_TABS, accountTabPath } from '../src/lib/rules/account-tabs';
import { withPanelInChromium } from './panel-in-chromium';

const KiB = 1024;
/**
 * The script budgets (issue 7), gzipped: the login page at most 80 KiB, the signed-in
 * shell with the dashboard at most 150 KiB. The other signed-out pages are held to the login
 * page's budget and the other signed-in pages to the shell's: each is a shell and one screen.
 */
const BUDGET = { signedOut: 80 * KiB, signedIn: 150 * KiB } as const;

interface PageToWeigh {
  path: string;
  signedIn: boolean;
}

/** Every page of the panel, loaded as a browser loads it on a full load, signed out or in. */
const PAGES: PageToWeigh[] = [
  ...[
    '/auth/login',
    '/auth/register',
    '/auth/recover',
    '/auth/reset',
    '/auth/verify',
    '/auth/verify/contact',
    '/auth/logout',
    '/privacy',
    '/terms',
    '/unsubscribe',
    '/no-such-page',
  ].map((path) => ({ path, signedIn: false })),
  ...['/', ...ACCOUNT_TABS.map((tab) => accountTabPath(tab.value)), '/account/select-company/00000000-0000-4000-8000-000000000000', '/domains'].map((path) => ({
    path,
    signedIn: true,
  })),
];

const TOKEN_KEY = 'hostdeck:token';

/**
 * The scripts a page loads in the browser until it settles: its entry scripts, islands and
 * their imports, and the chunks the shell imports for the screen it shows (the dashboard's
 * included), which a reading of the HTML alone would miss.
 */
async function scriptsOf(browser: Browser, base: string, page: PageToWeigh, token: string): Promise<Set<string>> {
  const context = await browser.newContext({ baseURL: base });
  try {
    if (page.signedIn) await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    const tab = await context.newPage();
    const scripts = new Set<string>();
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/_astro/') && pathname.endsWith('.js')) scripts.add(pathname);
    });
    await tab.goto(page.path, { waitUntil: 'load' });
    await tab.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    // An open event stream keeps the network busy for good: settle for what has loaded by then.
    await tab.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    return scripts;
  } finally {
    await context.close();
  }
}

export async function measurePageJs() {
  console.log('\n## Script each page loads in the browser (full load until it settles), against the budgets');
  console.log(
    `budgets (gzip -9): signed-out pages ${BUDGET.signedOut / KiB} KiB (the login page's), signed-in pages ${BUDGET.signedIn / KiB} KiB (the shell with the dashboard's)`,
  );
  const root = process.cwd();
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-js-'));
  await withPanelInChromium(
    dataDir,
    async ({ browser, base, token }) => {
      const clientDir = join(outDir(root), 'client');
      const kib = (bytes: number, width: number) => `${(bytes / KiB).toFixed(1).padStart(width)} KiB`;
      for (const page of PAGES) {
        const scripts = await scriptsOf(browser, base, page, token);
        let raw = 0;
        let gz = 0;
        let br = 0;
        for (const url of scripts) {
          const buf = readFileSync(join(clientDir, url));
          raw += buf.length;
          gz += gzipSync(buf, { level: 9 }).length;
          br += brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        }
        const budget = page.signedIn ? BUDGET.signedIn : BUDGET.signedOut;
        const verdict = gz > budget ? `over budget (${kib(budget, 0)})` : `within budget (${kib(budget, 0)})`;
        const label = `${page.path}${page.signedIn ? ' (signed in)' : ''}`;
        console.log(`${label.padEnd(74)} ${String(scripts.size).padStart(3)} files ${kib(raw, 7)} ${kib(gz, 6)} gzipped ${kib(br, 6)} br  ${verdict}`);
      }
    },
    {},
  ).finally(() => rmSync(dataDir, { recursive: true, force: true }));
}
