import type { Page, Request } from '@playwright/test';
import { expect } from '../support';
import { brokenWords, codesShown } from '../whole-words';

/** What went wrong on a screen, one sentence each, so a failure lists everything at once. */
export type Problems = string[];

/** Requests that stay open for as long as the page does (the task event stream): never waited for. */
const LONG_LIVED = /\/api\/tasks\/events\//;
/** Query parameters no call may send empty: a screen that does asked before it knew what for. */
const REQUIRED_PARAMS = ['group', 'domain', 'guid', 'id', 'company', 'order', 'invoice'];

/**
 * Resolves once no request but the long-lived ones has been running for a moment: long enough,
 * on a screen just opened, for an answer to start the request that follows from it; shorter
 * after a resize, which starts no chain of loads.
 */
export type Settled = (after?: 'after a resize') => Promise<void>;

interface Watch {
  /** Problems seen since the last `take`. */
  take(): Problems;
  settled: Settled;
}

/** How long nothing must have run, in ms, for a screen to count as settled. */
const QUIET = { opened: 250, resized: 100 } as const;

/** A request path with an empty segment or an empty required parameter, described; else null. */
export function emptyPartOf(url: string): string | null {
  const { pathname, searchParams } = new URL(url);
  if (pathname.includes('//')) return `an empty path segment in ${pathname}`;
  for (const name of REQUIRED_PARAMS) {
    if (searchParams.has(name) && searchParams.get(name) === '') return `an empty '${name}' parameter in ${pathname}?${searchParams}`;
  }
  return null;
}

/**
 * Watches a page for what the tour fails on: console errors, answers of 400 and above the
 * screen did not ask for on purpose (`expected` says which it did), requests with an empty path
 * segment or parameter, and error toasts (recorded as they appear, since each leaves after 5 s).
 */
export async function watchPage(page: Page, expected: (url: URL, status: number) => boolean = () => false): Promise<Watch> {
  let problems: Problems = [];
  const running = new Set<Request>();
  let lastChange = Date.now();
  const done = (request: Request) => {
    running.delete(request);
    lastChange = Date.now();
  };
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { tourToasts: seen });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLElement && node.matches('.toast-error')) seen.push(node.textContent?.trim() ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  page.on('console', (message) => {
    // A failed load is also an answer below, where the expected ones are told apart.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const empty = emptyPartOf(request.url());
    if (empty) problems.push(`${request.method()} with ${empty}`);
    if (!LONG_LIVED.test(request.url())) {
      running.add(request);
      lastChange = Date.now();
    }
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && !expected(url, response.status())) problems.push(`${response.request().method()} ${url.pathname}${url.search} answered ${response.status()}`);
  });
  return {
    take() {
      const taken = problems;
      problems = [];
      return taken;
    },
    async settled(after) {
      const quiet = after ? QUIET.resized : QUIET.opened;
      await expect.poll(() => running.size === 0 && Date.now() - lastChange > quiet, { timeout: 20_000, intervals: [50] }).toBe(true);
    },
  };
}

/** Error toasts shown since the page loaded. */
export async function errorToasts(page: Page): Promise<Problems> {
  const shown = await page.evaluate(() => (window as unknown as { tourToasts?: string[] }).tourToasts ?? []);
  return shown.map((text) => `error toast: '${text}'`);
}

/** Where a word broken across lines means a column, dialog, tab or button narrower than the word. */
const WORD_PLACES = 'td, th, [role="dialog"], [role="tab"], button, label, .card';

/**
 * What a person sees broken in the page's layout: the page wider than the window, and words
 * broken inside themselves (tests/e2e/whole-words.ts) in table cells, dialogs, tabs and buttons.
 */
export async function layoutProblems(page: Page): Promise<Problems> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const found = overflow > 1 ? [`the page is ${overflow} px wider than the window`] : [];
  return [...found, ...(await brokenWords(page.locator(WORD_PLACES))).map((word) => `'${word}' is broken across lines`)];
}

/** Words of `codes` shown as visible text, where a person expects words. */
export async function codesOnScreen(page: Page, codes: readonly string[]): Promise<Problems> {
  return (await codesShown(page, codes)).map((code) => `the code '${code}' is shown`);
}
