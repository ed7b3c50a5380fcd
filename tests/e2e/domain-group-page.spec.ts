import type { Page, Request } from '@playwright/test';
import { expect, signedInAs, test, waitForHydration } from './support';

// A domain group's page as the demo owner, read only: what a visit asks the API and how the
// Domains table reads. It changes nothing, so it runs beside the other domain tests.
test.use({ storageState: signedInAs('owner') });

/** Follows the page's API calls: the 4xx and 5xx answers, and the calls not answered yet (the task event stream aside). */
function watchApi(page: Page) {
  const failed: string[] = [];
  const pending = new Set<Request>();
  const isCall = (r: Request) => new URL(r.url()).pathname.startsWith('/api/') && !r.url().includes('/api/tasks/events/');
  page.on('request', (r) => {
    if (isCall(r)) pending.add(r);
  });
  page.on('requestfinished', async (r) => {
    const response = await r.response();
    if (isCall(r) && response && response.status() >= 400) failed.push(`${response.status()} ${r.method()} ${r.url()}`);
    pending.delete(r);
  });
  page.on('requestfailed', (r) => pending.delete(r));
  return { failed, settled: () => expect.poll(() => pending.size).toBe(0) };
}

/** How many lines each link of the Domains table's Domain column (a row's first link) takes, and whether its name overflows it. */
const domainLinks = (page: Page) =>
  page.getByRole('table', { name: 'Domains' }).locator('tbody tr').evaluateAll((rows) =>
    rows.flatMap((row) => [...row.querySelectorAll('td .link-button')].slice(0, 1)).map((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return { name: link.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size, overflows: link.scrollWidth > link.clientWidth };
    }),
  );

async function openAgencySites(page: Page) {
  await page.goto('/domains');
  await waitForHydration(page);
  await page.getByRole('table', { name: 'Domain groups' }).getByRole('link', { name: 'Agency Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Agency Sites' })).toBeVisible();
  // The domains themselves, not the row that says the page is loading.
  await expect(page.getByRole('table', { name: 'Domains' }).locator('tbody td .link-button').first()).toBeVisible();
}

test('a visit to a group, its Tasks tab and the drawer tabs shows no error toast and makes no 4xx request', async ({ page }) => {
  const api = watchApi(page);
  await openAgencySites(page);

  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('tab', { name: 'Domains', exact: true }).click();
  const table = page.getByRole('table', { name: 'Domains' });
  await expect(table.locator('tbody td .link-button').first()).toBeVisible();
  // A domain of its own (one dot), which has the Subdomains and Email Addresses tabs.
  const name = (await domainLinks(page)).map((l) => l.name ?? '').find((n) => /^[^.]+\.[a-z]+$/.test(n))!;
  await table.getByRole('button', { name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name });
  // Each tab's table bears the tab's name.
  for (const tab of ['Subdomains', 'Email Addresses', 'URL Redirects']) {
    await drawer.getByRole('tab', { name: tab }).click();
    await expect(drawer.getByRole('table', { name: tab })).toBeVisible();
    await expect(drawer.locator('.paged-table[aria-busy="true"]')).toHaveCount(0);
  }

  await api.settled();
  expect(api.failed).toEqual([]);
  await expect(page.locator('.toast-error')).toHaveCount(0);
});

test('an unknown group is one sentence on the page, not a toast per call', async ({ page }) => {
  await page.goto('/domains/00000000-0000-4000-8000-000000000000');
  await waitForHydration(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Domain group not found.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the domain groups' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Domains' })).toHaveCount(0);
  await expect(page.locator('.toast-error')).toHaveCount(0);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the Domains table shows each domain name on one line at ${viewport.width}x${viewport.height}, the page not wider than the window`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAgencySites(page);
    const links = await domainLinks(page);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => l.lines !== 1 || l.overflows)).toEqual([]);
    // A long table scrolls inside its own box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}
