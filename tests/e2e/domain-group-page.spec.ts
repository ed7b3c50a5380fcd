import type { Page } from '@playwright/test';
import { expect, signedInAs, test, waitForHydration } from './support';

// A domain group's page as the demo owner, read only: how the Domains table reads, and an
// unknown group. (The tour, tour.spec.ts, visits the group, its tabs and the drawer's tabs for
// error toasts and refused calls.) It changes nothing, so it runs beside the other domain tests.
test.use({ storageState: signedInAs('owner') });

/** How many lines each link of the Domains table's Domain column (a row's first link) takes, and whether its name overflows it. */
const domainLinks = (page: Page) =>
  page
    .getByRole('table', { name: 'Domains' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows
        .flatMap((row) => [...row.querySelectorAll('td .link-button')].slice(0, 1))
        .map((link) => {
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
