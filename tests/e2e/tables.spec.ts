import { ACCOUNTS, expect, expectAccessible, signIn, test, waitForHydration } from './support';

// The shared paged table (src/components/table) on a real list: Logins has the Columns menu.

test('a hidden column stays hidden after a reload, and the Columns menu works by keyboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.owner);
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

test('Logins pages with the page size chosen, and the Logs list hides columns on its own', async ({ page }) => {
  await signIn(page, ACCOUNTS.owner);
  await page.goto('/account/logins');
  await waitForHydration(page);
  const region = page.getByRole('region', { name: 'Logins' });
  const table = page.getByRole('table', { name: 'Logins' });
  await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');
  // The seed gives 12 sign-ins and every test adds its own: more than one page of 10.
  const total = Number((await region.getByText(/^\d+ rows$/).textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(10);

  await region.getByLabel('Rows per page').selectOption('10');
  await expect(table.getByRole('row')).toHaveCount(11);
  const pages = region.getByRole('navigation', { name: 'Logins pages' });
  const firstOnPage1 = await table.getByRole('row').nth(1).textContent();
  await pages.getByRole('button', { name: /next/i }).click();
  await expect(table.getByRole('row')).toHaveCount(Math.min(total - 10, 10) + 1);
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
