import { KNOWN_DEVICE_ID, expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// The shared paged table (src/components/table) on a real list: Logins has the Columns menu.
// Columns and page sizes are kept in the browser, so the owner's saved session serves.
test.use({ storageState: signedInAs('owner') });

test('a hidden column stays hidden after a reload, and the Columns menu works by keyboard', async ({ page }) => {
  await page.goto('/account/logins');
  await waitForHydration(page);
  const table = page.getByRole('table', { name: 'Logins' });
  await expect(table.getByRole('columnheader', { name: 'Useragent' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');

  await page.getByRole('button', { name: 'Columns of Logins' }).click();
  const useragent = page.getByRole('menuitemcheckbox', { name: 'Useragent' });
  await expect(useragent).toHaveAttribute('aria-checked', 'true');
  // The timestamp says which row is which, so it cannot be hidden.
  await expect(page.getByRole('menuitemcheckbox', { name: 'Timestamp' })).toHaveCount(0);
  await expectAccessible(page, 'Logins with the Columns menu open');
  await useragent.click();
  await expect(useragent).toHaveAttribute('aria-checked', 'false');
  await expect(table.getByRole('columnheader', { name: 'Useragent' })).toHaveCount(0);
  await expect(table.getByRole('columnheader')).toHaveText(['Timestamp', 'IP Address', 'Location', 'Status']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.reload();
  await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');
  await expect(table.getByRole('columnheader')).toHaveText(['Timestamp', 'IP Address', 'Location', 'Status']);

  // Back again with the keyboard alone: open the menu, move to IP Address, then Useragent, toggle it.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Columns of Logins' }).focus();
  await page.keyboard.press('Enter');
  const ipAddress = page.getByRole('menuitemcheckbox', { name: 'IP Address' });
  await expect(ipAddress).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('ArrowDown');
  const useragentAgain = page.getByRole('menuitemcheckbox', { name: 'Useragent' });
  await expect(useragentAgain).toHaveAttribute('data-highlighted', '');
  await expect(useragentAgain).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: 'Useragent' })).toBeVisible();
  await expect(useragentAgain).toHaveAttribute('aria-checked', 'true');
});

test.describe('on a user of its own', () => {
  // Its sign-ins are its own: no other test's sign-in lands in the list while it pages.
  test.use({ storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

  test('Logins pages with the page size chosen, and the Logs list hides columns on its own', async ({ page, request, ownAccount }) => {
    // The sign-in that made the session and eleven more: 12, two pages of 10. Made within a
    // second or two, the rows differ by their user agent only.
    for (let n = 0; n < 11; n++) {
      const login = await request.post('/api/auth/login/', {
        headers: { 'User-Agent': `hostdeck-e2e sign-in ${n + 1}` },
        data: { email: ownAccount.email, password: ownAccount.password, fingerprint: KNOWN_DEVICE_ID },
      });
      expect(login.ok(), await login.text()).toBeTruthy();
    }
    await page.goto('/account/logins');
    await waitForHydration(page);
    const region = page.getByRole('region', { name: 'Logins' });
    const table = page.getByRole('table', { name: 'Logins' });
    await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');
    await expect(region.getByText(/^\d+ rows$/)).toHaveText('12 rows');

    await region.getByLabel('Rows per page').selectOption('10');
    await expect(table.getByRole('row')).toHaveCount(11);
    const pages = region.getByRole('navigation', { name: 'Logins pages' });
    const firstOnPage1 = await table.getByRole('row').nth(1).textContent();
    await pages.getByRole('button', { name: /next/i }).click();
    await expect(table.getByRole('row')).toHaveCount(2 + 1);
    await expect(table.getByRole('row').nth(1)).not.toHaveText(firstOnPage1!);
    await expectAccessible(page, 'Logins page 2');

    await page.reload();
    await expect(region.getByLabel('Rows per page')).toHaveValue('10');
    await expect(table.getByRole('row')).toHaveCount(11);

    // Each list remembers its own columns: hiding one in Logs leaves Logins as it is.
    await page.goto('/account/logs');
    await waitForHydration(page);
    const logs = page.getByRole('table', { name: 'Logs' });
    await expect(logs.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Columns of Logs' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'IP Address' }).click();
    await expect(logs.getByRole('columnheader')).toHaveText(['Timestamp', 'Useragent', 'Action']);
    await page.goto('/account/logins');
    await expect(page.getByRole('table', { name: 'Logins' }).getByRole('columnheader', { name: 'IP Address' })).toBeVisible();
  });
});
