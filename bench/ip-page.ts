import { performance } from 'node:perf_hooks';
import { withPanelInChromium } from './panel-in-chromium';
import { readStreamed } from './streamed-answer';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/connection';
import { ipAddresses, ipGroups } from '../src/server/db/schema/index';
import { IP_EXPORT_FIELDS } from '../src/lib/schemas/ip-addresses';
import { mb, median, ms } from './figures';

/** Spec part 3, 9: IP address lists up to 99,999; the group page's group holds that many. */
const GROUP_SIZE = 99_999;

async function bare(database: Database, text: string, params: unknown[]) {
  if (database.pglite) await database.pglite.query(text, params);
  else await database.pool!.query(text, params);
}

/**
 * The IP group page with 99,999 addresses in its group (issue 10, "Done when" 4): a page and
 * the whole list beside a bare SQL select of the same rows (ratio), a page in the middle with a
 * tag search, and the export of all of them as CSV and JSON (time, bytes, peak RSS).
 */
export async function measureIpPage(opts: {
  database: Database;
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
  headers: Record<string, string>;
  company: string;
  runs: number;
}): Promise<string> {
  const { database, app, headers, company } = opts;
  const { db } = database;
  const [bulk] = await db
    .select({ guid: ipGroups.guid })
    .from(ipGroups)
    .where(and(eq(ipGroups.companyGuid, company), eq(ipGroups.name, 'Bulk')));
  if (!bulk) throw new Error('The bench needs the seed\'s "Bulk" IP group (seedBulk).');
  // Exactly 99,999 in the group: the company's other addresses join it, or the surplus leaves it.
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(ipAddresses).where(eq(ipAddresses.groupGuid, bulk.guid));
  if (n < GROUP_SIZE) {
    await db.execute(
      sql`update ip_addresses set group_guid = ${bulk.guid} where guid in (select guid from ip_addresses where company_guid = ${company} and group_guid <> ${bulk.guid} limit ${GROUP_SIZE - n})`,
    );
  } else if (n > GROUP_SIZE) {
    const [other] = await db
      .select({ guid: ipGroups.guid })
      .from(ipGroups)
      .where(and(eq(ipGroups.companyGuid, company), ne(ipGroups.guid, bulk.guid)))
      .limit(1);
    await db.execute(
      sql`update ip_addresses set group_guid = ${other!.guid} where guid in (select guid from ip_addresses where group_guid = ${bulk.guid} limit ${n - GROUP_SIZE})`,
    );
  }
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(ipAddresses).where(eq(ipAddresses.groupGuid, bulk.guid));
  console.log(`\n## IP group page: ${Number(total).toLocaleString('en-US')} IP addresses in one group`);

  const cases: { label: string; path: string; sql: string; params: unknown[] }[] = [
    {
      label: 'page 1 of 25 rows',
      path: `/ip_addresses/?group=${bulk.guid}&page=1&per_page=25`,
      sql: 'select * from ip_addresses where group_guid = $1 order by ip_numeric, guid limit 25',
      params: [bulk.guid],
    },
    {
      label: 'page 2000 of 25 rows',
      path: `/ip_addresses/?group=${bulk.guid}&page=2000&per_page=25`,
      sql: 'select * from ip_addresses where group_guid = $1 order by ip_numeric, guid limit 25 offset 49975',
      params: [bulk.guid],
    },
    {
      label: 'page 1 of 1,000, searched "10."',
      path: `/ip_addresses/?group=${bulk.guid}&page=1&per_page=1000&search=10.`,
      sql: "select * from ip_addresses where group_guid = $1 and (ip_address ilike '%10.%' or city ilike '%10.%' or country ilike '%10.%') order by ip_numeric, guid limit 1000",
      params: [bulk.guid],
    },
    {
      label: 'the whole group (99,999 a page)',
      path: `/ip_addresses/?group=${bulk.guid}&page=1&per_page=99999`,
      sql: 'select * from ip_addresses where group_guid = $1 order by ip_numeric, guid limit 99999',
      params: [bulk.guid],
    },
  ];
  for (const c of cases) {
    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    for (let i = 0; i < opts.runs + 1; i++) {
      let t = performance.now();
      const res = await app.request(c.path, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${c.path} answered ${res.status}`);
      const apiTime = performance.now() - t;
      t = performance.now();
      await bare(database, c.sql, c.params);
      if (i > 0) {
        apiTimes.push(apiTime);
        sqlTimes.push(performance.now() - t);
      }
    }
    const api = median(apiTimes);
    const raw = median(sqlTimes);
    console.log(`GET ${c.label.padEnd(34)} ${ms(api).padStart(10)}   bare SQL ${ms(raw).padStart(9)}   ratio ${(api / raw).toFixed(1)}x`);
  }

  // The export of the whole group with every field, read as a browser would, a chunk at a time.
  for (const format of ['CSV', 'JSON'] as const) {
    const query = new URLSearchParams([['group', bulk.guid], ['output_type', format], ...IP_EXPORT_FIELDS.map((f) => ['fields', f])]);
    const read = await readStreamed(() => app.request(`/ip_addresses/export/?${query}`, { headers }));
    console.log(
      `export of all ${Number(total).toLocaleString('en-US')} as ${format.padEnd(4)}          ${ms(read.ms).padStart(10)}   ${mb(read.bytes)}   peak RSS +${mb(read.peakRss - read.rssBefore)} (process ${mb(read.peakRss)})`,
    );
  }

  // A bulk action over the whole group by filter: the selection never lists the guids.
  const t = performance.now();
  const res = await app.request('/ip_addresses/bulk/', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'ENABLE_HTTP2', filter: { group: bulk.guid } }),
  });
  const answer = (await res.json()) as { updated?: number };
  console.log(`POST /ip_addresses/bulk/ ENABLE_HTTP2, all by filter  ${ms(performance.now() - t).padStart(10)}   ${answer.updated ?? res.status} updated`);
  return bulk.guid;
}

/**
 * The group page in Chromium, on the built panel's server over the same database (closed by the
 * caller first): the time to the first rows, and the slowest interaction (Event Timing) while
 * showing 10,000-row pages and scrolling them, selecting the page and all of the list, and
 * searching by tag. As bench/domains.ts measures the domain table.
 */
export async function measureIpPageInBrowser(dataDir: string, group: string) {
  await withPanelInChromium(dataDir, async ({ browser, base, token }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1400, height: 900 } });
    await context.addInitScript((value) => {
      localStorage.setItem('hostdeck:token', value);
      const w = window as unknown as { __slowest: Record<string, number>; __phase: string };
      w.__slowest = {};
      w.__phase = 'load';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__slowest[w.__phase] = Math.max(w.__slowest[w.__phase] ?? 0, entry.duration);
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    }, token);
    const page = await context.newPage();
    const phase = (name: string) => page.evaluate((n) => ((window as unknown as { __phase: string }).__phase = n), name);
    const rows = page.getByRole('table', { name: 'IP addresses' }).getByRole('row');
    // The first visit warms the server's and the browser's caches; it is not counted.
    await page.goto(`/ip-addresses/${group}`);
    await rows.nth(1).waitFor();
    let t0 = performance.now();
    await page.goto(`/ip-addresses/${group}`);
    await rows.nth(1).waitFor();
    console.log(`in Chromium: navigation to the first rows        ${ms(performance.now() - t0)}`);

    await phase('10,000-row page and scrolling');
    t0 = performance.now();
    await page.getByLabel('Rows per page').selectOption('10000');
    await page.locator('tr[aria-rowindex]').nth(20).waitFor();
    console.log(`in Chromium: a page of 10,000 rows drawn         ${ms(performance.now() - t0)}`);
    const box = page.getByRole('group', { name: 'IP addresses' });
    for (let i = 1; i <= 20; i++) await box.evaluate((el, y) => el.scrollTo(0, y), i * 20_000);
    await phase('select all on the page');
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByText(/^\d+ selected\./).waitFor();
    await phase('select all of the list');
    await page.getByRole('button', { name: /^Select all \d+ of the list$/ }).click();
    await page.getByText(/All selectable IP addresses of the list are selected/).waitFor();
    await phase('search by tag');
    await page.getByRole('searchbox', { name: 'Search IP addresses' }).fill('10.');
    await page.getByRole('searchbox', { name: 'Search IP addresses' }).press('Enter');
    await page.getByRole('list', { name: 'Search IP addresses: tags' }).waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const slowest = await page.evaluate(() => (window as unknown as { __slowest: Record<string, number> }).__slowest);
    for (const [name, duration] of Object.entries(slowest)) console.log(`in Chromium: slowest interaction, ${name.padEnd(30)} ${ms(duration)}`);
    if (!Object.keys(slowest).length) console.log('in Chromium: no interaction took 16 ms or more');
    await context.close();
  });
}
