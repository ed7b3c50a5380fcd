import type { Page, Request } from '@playwright/test';
import { expect, expectAccessible, openDashboard, signedInAs, test } from './support';

/** The bell's list (GET) and mark-all-read (POST) calls. */
const isNotifications = (method: string) => (request: Request) => request.method() === method && /\/api\/account\/notifications\/(\?|$)/.test(request.url());
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const banners = (page: Page) => page.getByRole('region', { name: 'Announcements and notices' });

// Signed in as the demo owner; the staff and customer tests say so, and the to-do list test,
// which changes its user's list for good, uses a user of its own.
test.use({ storageState: signedInAs('owner') });

// The only test that reads or changes whether the owner's notifications were seen.
test('the bell counts unseen notifications, reloads on opening, and Mark all read empties the count', async ({ page }) => {
  await openDashboard(page);
  // The demo seed gives the owner three unseen notifications in this company.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await expect(page.getByTestId('bell-count')).toHaveText('3');

  const reload = page.waitForRequest(isNotifications('GET'));
  await bell(page).click();
  await reload;
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover).toBeVisible();
  const items = popover.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText('Some domains in Client Blogs expire within 7 days.');
  await expect(items.first()).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
  for (const type of ['Success', 'Information', 'Warning', 'Error']) await expect(popover.getByRole('img', { name: type }).first()).toBeVisible();
  await expectAccessible(page, 'bell popover open');

  const marked = page.waitForRequest(isNotifications('POST'));
  const reloaded = page.waitForRequest(isNotifications('GET'));
  await popover.getByRole('button', { name: 'Mark all read' }).click();
  await marked;
  await reloaded;
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(popover.getByText('New', { exact: true })).toHaveCount(0);
  await expect(popover.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell(page)).toBeFocused();
});

test.describe('as staff', () => {
  test.use({ storageState: signedInAs('staff') });

  test('the account Notifications tab pages every notification and marks them all read', async ({ page }) => {
    // Staff has notifications of its own (three unseen), so the owner's bell test stays independent.
    await page.goto('/account/notifications');
    const tab = page.getByRole('region', { name: 'All notifications' });
    await expect(tab).toContainText('3 unread');
    const rows = tab.getByRole('row');
    await expect(rows).toHaveCount(7);
    await expect(rows.nth(1)).toContainText('Warning');
    await expect(rows.nth(1)).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(tab.getByText('New', { exact: true })).toHaveCount(3);
    await expect(tab.getByText('6 rows')).toBeVisible();
    await expectAccessible(page, 'account Notifications tab');

    await tab.getByLabel('Rows per page').selectOption('10');
    await page.reload();
    await expect(page.getByRole('region', { name: 'All notifications' }).getByLabel('Rows per page')).toHaveValue('10');

    await page.getByRole('region', { name: 'All notifications' }).getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByRole('region', { name: 'All notifications' })).toContainText('0 unread');
    await expect(page.getByRole('region', { name: 'All notifications' }).getByText('New', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('bell-count')).toHaveCount(0);
  });
});

test('the owner sees the announcement, issue, overdue and suspended banners with their links', async ({ page }) => {
  await openDashboard(page);
  const region = banners(page);
  const announcement = region.locator('[data-banner="announcement"]');
  await expect(announcement).toContainText('Scheduled maintenance');
  await expect(announcement).toContainText('Sunday between 02:00 and 04:00 UTC');
  await expect(announcement.getByRole('img', { name: 'Information' })).toBeVisible();
  await expect(region.locator('[data-banner="issue"]')).toContainText('slow DNS propagation');

  const overdue = region.locator('[data-banner="overdue"]').getByRole('link', { name: /^Invoice #\d+$/ });
  await expect(overdue.first()).toBeVisible();
  const label = (await overdue.first().textContent())!;
  await expect(overdue.first()).toHaveAttribute('href', `/billing/invoices/${label.replace('Invoice #', '')}`);

  const suspended = region.locator('[data-banner="suspended"]').getByRole('link', { name: 'Old Reseller' });
  await expect(suspended).toHaveAttribute('href', /^\/hosting\/[0-9a-f-]{36}$/);
  await expectAccessible(page, 'dashboard with banners (owner)');
});

test('announcements and incidents can be dismissed for good; overdue and suspension notices stay', async ({ page }) => {
  await openDashboard(page);
  const region = banners(page);
  await expect(region.locator('[data-banner="announcement"]')).toContainText('Scheduled maintenance');
  await expect(region.locator('[data-banner="overdue"], [data-banner="suspended"]').getByRole('button')).toHaveCount(0);
  await region
    .getByRole('button', { name: /^Dismiss announcement/ })
    .first()
    .click();
  await region.getByRole('button', { name: 'Dismiss service issue notice' }).click();
  await expect(region.locator('[data-banner="issue"]')).toHaveCount(0);
  await page.reload();
  await expect(region.locator('[data-banner="overdue"]')).toBeVisible();
  await expect(region.locator('[data-banner="issue"]')).toHaveCount(0);
  await expect(region.locator('[data-banner="announcement"]').filter({ hasText: 'Scheduled maintenance' })).toHaveCount(0);
  await expectAccessible(page, 'banners after dismissing');
});

test('on a phone the banners fold behind a count', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openDashboard(page);
  const toggle = banners(page).getByRole('button', { name: /^\d+ notices$/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(banners(page).locator('[data-banner="overdue"]')).toBeHidden();
  await toggle.click();
  await expect(banners(page).locator('[data-banner="overdue"]')).toBeVisible();
  await expectAccessible(page, 'banners unfolded on a phone');
});

test.describe('as a customer', () => {
  test.use({ storageState: signedInAs('customer') });

  test('a customer sees only the issue notice: no bell, no other banner, no to-do list, no Quick FAQ', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await openDashboard(page);
    await expect(banners(page).locator('[data-banner="issue"]')).toContainText('slow DNS propagation');
    await expect(banners(page).locator('[data-banner="announcement"], [data-banner="overdue"], [data-banner="suspended"]')).toHaveCount(0);
    await expect(bell(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Quick FAQ' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Account Setup' })).toHaveCount(0);
    for (const path of ['/api/account/notifications/', '/api/system/announcements/', '/api/billing/overdue-notice/', '/api/hosting/suspended-notice/']) {
      expect(calls, `the panel should not ask for ${path} for a customer`).not.toContain(path);
    }
    await expectAccessible(page, 'dashboard with banners (customer)');
  });
});

test.describe('on a user of its own', () => {
  test.use({ storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

  test('a new owner ticks a to-do item and closes the list after the confirmation; the Quick FAQ opens', async ({ page }) => {
    await openDashboard(page);
    const todo = page.getByRole('region', { name: 'Account Setup' });
    await expect(todo.getByRole('link', { name: 'Add your domains' })).toHaveAttribute('href', '/domains');
    await expect(todo).toContainText('0 of 5 done');
    await expectAccessible(page, 'dashboard with to-do list');

    await todo.getByRole('button', { name: 'Mark "Add your domains" as done' }).click();
    await expect(todo).toContainText('1 of 5 done');
    await expect(todo.getByRole('link', { name: 'Add your domains' })).toHaveCount(0);

    await todo.getByRole('button', { name: 'Close the account setup to-do list' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close the to-do list' });
    await expect(confirm).toContainText('Are you sure you wish to close the account setup to-do list?');
    await expectAccessible(page, 'to-do list close confirmation');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(todo).toBeVisible();

    await todo.getByRole('button', { name: 'Close the account setup to-do list' }).click();
    await page.getByRole('dialog', { name: 'Close the to-do list' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Account Setup' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account Setup' })).toHaveCount(0);

    const faq = page.getByRole('region', { name: 'Quick FAQ' });
    await faq.getByText('How many websites can one IP address hold?').click();
    await expect(faq).toContainText('10 website slots');
    await expectAccessible(page, 'dashboard with Quick FAQ open');
  });
});

test.describe('hostile announcement HTML', () => {
  /*
   * Without the suite's CSP guard: Chromium reports every event-handler attribute the sanitiser
   * parses (in an inert document, before removing it) as a refused inline handler, although
   * nothing runs. The test checks those reports itself and fails on any other kind.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's first parameter as a destructuring pattern and refuses anything else.
  test.use({ cspGuard: async ({}, use) => use() });

  test('an announcement carrying scripts and event handlers shows its text and runs nothing', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // A hostile provider API (or a compromised announcement row): the panel must not trust its HTML.
    await page.route(/\/api\/system\/announcements\/$/, (route) =>
      route.fulfill({
        json: {
          data: [
            {
              guid: '00000000-0000-4000-8000-0000000000aa',
              type: 'WARNING',
              title: 'Hostile <b>title</b>',
              message:
                '<p>Read this carefully<img src="/favicon.svg" alt="" onerror="window.__xss=1;alert(1)" onload="window.__xss=2">' +
                '<script>window.__xss=3;alert(3)</script>' +
                '<a href="#" onclick="window.__xss=4;alert(4)">details</a> <a href="javascript:window.__xss=5">more</a></p>' +
                '<svg><animate onbegin="window.__xss=6" attributeName="x" dur="1s"/></svg>',
              show_icon: true,
            },
          ],
        },
      }),
    );
    await openDashboard(page);
    const banner = banners(page).locator('[data-banner="announcement"]');
    await expect(banner).toContainText('Read this carefully');
    // The title is text, never markup.
    await expect(banner).toContainText('Hostile <b>title</b>');
    await banner.getByRole('link', { name: 'details' }).click();
    const more = banner.getByText('more');
    if (await more.count()) await more.click();
    // A click's handlers run while it is dispatched; what could run later is an image's load or
    // error handler. Each image has loaded or failed once these listeners hear it, and a handler
    // left on the element would have run before them (an attribute's handler is its first listener).
    await banner.locator('img').evaluateAll((images) =>
      Promise.all(
        images.map((image) => {
          const img = image as HTMLImageElement;
          if (img.complete) return undefined;
          return new Promise((settled) => {
            img.addEventListener('load', settled, { once: true });
            img.addEventListener('error', settled, { once: true });
          });
        }),
      ),
    );

    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await banner.locator('script').count()).toBe(0);
    expect(await banner.locator('[onerror], [onload], [onclick], [onbegin]').count()).toBe(0);
    expect(await banner.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(refused.filter((text) => !/^Executing inline event handler/.test(text))).toEqual([]);
    await expectAccessible(page, 'hostile announcement');
  });
});

test('shell data reloads every 60 seconds, and a failed poll shows the server error and clears the bell', async ({ page }) => {
  // The bell's answers come from here, so the test does not depend on what earlier tests marked read.
  let failing = false;
  await page.route(/\/api\/account\/notifications\//, (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    if (failing) return route.fulfill({ status: 503, json: { errors: ['Notifications are being maintained. Please try again later.'] } });
    const item = { guid: '00000000-0000-4000-8000-0000000000cc', seen: false, notification_type: 'INFO', message: 'Polled notification.', date_created: new Date().toISOString() };
    return route.fulfill({ json: { data: [item], page: 1, per_page: 10, total: 1, unseen: 2 } });
  });
  await page.clock.install();
  await openDashboard(page);
  await expect(banners(page).locator('[data-banner="issue"]')).toHaveCount(1);
  await expect(page.getByTestId('bell-count')).toHaveText('2');

  await page.route(/\/api\/system\/issue-notifications\/$/, (route) =>
    route.fulfill({ json: { data: [{ guid: '00000000-0000-4000-8000-0000000000bb', message: '<p>A second incident: <em>email delivery is slow</em>.</p>' }] } }),
  );
  failing = true;
  const polled = page.waitForRequest((request) => request.url().includes('/api/system/announcements/'));
  await page.clock.fastForward('01:00');
  await polled;

  await expect(banners(page).locator('[data-banner="issue"]')).toContainText('email delivery is slow');
  await expect(page.getByText('Notifications are being maintained. Please try again later.')).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expectAccessible(page, 'after a failed poll');
});
