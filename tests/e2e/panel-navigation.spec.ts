import type { Page } from '@playwright/test';
import { expect, expectAccessible, mainMenu, openDashboard, signedInAs, test } from './support';

/** What the shell loads once per visit: the user, the bell and the banners. */
const SHELL_CALLS = ['/api/account/whoami/', '/api/account/notifications/', '/api/system/announcements/', '/api/system/issue-notifications/', '/api/billing/overdue-notice/'];

function recordApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  return reads;
}

test.use({ storageState: signedInAs('owner') });

const isShellCall = (read: string) => SHELL_CALLS.includes(read.split('?')[0]!);

/** The page shows `title` as its heading, the heading has focus, and the document is titled after it. */
async function expectOnPage(page: Page, path: string, title: string | RegExp) {
  await expect(page).toHaveURL(path);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  if (typeof title === 'string') await expect(page).toHaveTitle(title);
}

test('moving between signed-in pages keeps the shell: its calls are not repeated, focus lands on the heading, back and forward work', async ({ page }) => {
  const reads = recordApiReads(page);
  await openDashboard(page);
  await expect.poll(() => SHELL_CALLS.every((call) => reads.some((read) => read.split('?')[0] === call))).toBe(true);
  // The bell and banners refresh every minute; hold the page's clock so only navigation counts.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const shell = reads.filter(isShellCall);
  const before = reads.length;
  // A document load would drop this; the shell staying put keeps it.
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

  await mainMenu(page).filter({ hasText: 'Account' }).click();
  await expectOnPage(page, '/account', 'Profile');
  for (const [tab, path] of [
    ['Emails', '/account/emails'],
    ['Notifications', '/account/notifications'],
    ['Logins', '/account/logins'],
    ['Logs', '/account/logs'],
    ['Companies', '/account/companies'],
    ['Invitations', '/account/invitations'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expectOnPage(page, path, tab);
  }
  await mainMenu(page).filter({ hasText: 'Dashboard' }).click();
  await expectOnPage(page, '/', /^Welcome, /);
  await expect(page).toHaveTitle('Dashboard');

  await page.goBack();
  await expectOnPage(page, '/account/invitations', 'Invitations');
  await page.goBack();
  await expectOnPage(page, '/account/companies', 'Companies');
  await page.goForward();
  await expectOnPage(page, '/account/invitations', 'Invitations');

  expect(await page.evaluate(() => (window as { stillTheSameDocument?: boolean }).stillTheSameDocument)).toBe(true);
  // The Notifications tab lists notifications as the bell does, but as its own paged call.
  expect(reads.slice(before).filter((read) => shell.includes(read))).toEqual([]);
  await page.clock.resume();
  await expectAccessible(page, 'invitations after moving through the panel');
});

test('a full load of any panel address shows that page', async ({ page }) => {
  for (const [path, title] of [
    ['/account/logins', 'Logins'],
    ['/account', 'Profile'],
    ['/', /^Welcome, /],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test("the menu's pages open within the panel; links outside its pages still load as documents", async ({ page }) => {
  await openDashboard(page);
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  const sameDocument = () => page.evaluate(() => (window as { stillTheSameDocument?: boolean }).stillTheSameDocument);
  for (const [item, path] of [
    ['Hosting', '/hosting'],
    ['Company', '/company'],
    ['Affiliate', '/affiliate'],
    ['Services', '/services'],
    ['Support', '/support'],
  ] as const) {
    await mainMenu(page).filter({ hasText: item }).first().click();
    await expect(page).toHaveURL(path);
    expect(await sameDocument(), path).toBe(true);
  }
  // A public page is not one of the panel's: the shell gives way to a document load.
  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), { href: '/terms', textContent: 'Terms of Service' });
    document.querySelector('main')!.append(link);
  });
  await page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/terms');
  expect(await sameDocument()).toBeUndefined();
});

test('the domain pages open within the panel, without a document load', async ({ page }) => {
  await openDashboard(page);
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  await mainMenu(page).filter({ hasText: 'Domains' }).click();
  await expect(page).toHaveURL('/domains');
  await expect(page.getByRole('table', { name: 'Domain groups' })).toBeVisible();
  await page.getByRole('link', { name: 'Agency Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Agency Sites' })).toBeVisible();
  expect(await page.evaluate(() => (window as { stillTheSameDocument?: boolean }).stillTheSameDocument)).toBe(true);
});

test('dark mode: the first painted frame of a signed-in page is dark, before any module script runs', async ({ page }) => {
  await openDashboard(page);
  await page.evaluate(() => localStorage.setItem('hostdeck:pref:dark', 'true'));
  // No script but the inline one in <head> may run: hold every bundled script.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/account/logins', { waitUntil: 'load' });
  const paint = await page.evaluate(() => ({ dark: document.documentElement.classList.contains('dark'), background: getComputedStyle(document.body).backgroundColor }));
  expect(paint.dark).toBe(true);
  const [r, g, b] = paint.background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!, `background ${paint.background}`).toBeLessThan(3 * 80);
});
