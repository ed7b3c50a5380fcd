import type { Page } from '@playwright/test';
import { expect, expectAccessible, openDashboard, signedInAs, test, waitForHydration } from './support';

test.use({ viewport: { width: 360, height: 740 } });

const PUBLIC_PAGES = ['/auth/login', '/auth/register', '/auth/recover', '/terms', '/privacy', '/no-such-page'];
const PANEL_PAGES = ['/', '/account', '/account/emails', '/account/notifications', '/account/logins', '/account/logs', '/account/companies', '/account/invitations', '/domains'];
/** The pages whose body is a paged list (src/components/table), drawn after the page itself. */
const LIST_PAGES = PANEL_PAGES.slice(2);

/** Nothing sticks out sideways: the page scrolls only down; wide tables scroll in their own box. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content, `width of ${where}`).toBeLessThanOrEqual(widths.screen);
}

test('at 360 px no public page is wider than the screen', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: signedInAs('owner') });

  test('at 360 px no panel page is wider than the screen', async ({ page }) => {
    for (const path of PANEL_PAGES) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      // Lists draw their rows after the page, with the styles their scripts bring: wait until
      // the islands run, the list is there and none still loads.
      await waitForHydration(page);
      if (LIST_PAGES.includes(path)) await expect(page.locator('.paged-table[aria-busy="false"] table')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
    }
  });

  test('at 360 px a domain group and its drawer fit the screen, the drawer taking the whole window', async ({ page }) => {
    await page.goto('/domains');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Agency Sites' }).click();
    const rows = page.getByRole('table', { name: 'Domains' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page, 'a domain group');
    await page.getByRole('table', { name: 'Domains' }).locator('.link-button').first().click();
    const drawer = page.locator('.drawer');
    await expect(drawer.getByRole('heading', { name: 'IP Address' })).toBeVisible();
    expect(await drawer.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(360);
    await expectAccessible(page, 'the domain drawer on a phone');
  });

  test('at 360 px the sidebar is a drawer over the page, closed by Escape, the backdrop or a page', async ({ page }) => {
    await openDashboard(page);
    const main = page.locator('main');
    const before = await main.boundingBox();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    // It slides in from the left edge.
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect((await sidebar.boundingBox())!.width).toBeGreaterThan(200);
    // The page keeps its width under the drawer instead of being squeezed beside it.
    expect(await main.boundingBox()).toEqual(before);
    await expectAccessible(page, 'open drawer at 360 px');

    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeFocused();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.mouse.click(350, 400);
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await sidebar.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(sidebar).toBeHidden();
    await expectNoSidewaysScroll(page, '/account after the drawer');
  });
});
