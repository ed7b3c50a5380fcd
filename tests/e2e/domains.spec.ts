import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// The domain groups page and a group's Domains and Tasks tabs, as the demo owner.
test.use({ storageState: signedInAs('owner') });

test('a domain group is added, opened, searched, its domain shown in the drawer, and deleted', async ({ page }) => {
  const name = `E2E group ${Date.now()}`;
  await page.goto('/domains');
  await waitForHydration(page);
  const groups = page.getByRole('table', { name: 'Domain groups' });
  await expect(groups.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'Domain groups');

  await page.getByRole('button', { name: 'Add Domain Group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Domain Group' });
  // Nothing filled: the spec's sentences beside the fields, nothing sent.
  await dialog.getByRole('button', { name: 'Add Domain Group' }).click();
  await expect(dialog.getByText('Please enter group name!')).toBeVisible();
  await expect(dialog.getByText('Please select the default hosting account!')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  const account = dialog.getByLabel('Default hosting account');
  await account.selectOption({ index: 1 });
  await expectAccessible(page, 'Add Domain Group');
  // A double click sends once.
  await dialog.getByRole('button', { name: 'Add Domain Group' }).dblclick();
  await expect(page.getByText('Domain group successfully added!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The new group is empty: it can be deleted, and the delete asks first.
  const pageSize = page.getByLabel('Rows per page');
  if (await pageSize.count()) await pageSize.first().selectOption('100');
  const row = groups.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain group successfully deleted!')).toBeVisible();
  await expect(groups.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // A group with domains: its table, a tag search, and the drawer.
  await groups.getByRole('link', { name: 'Agency Sites' }).click();
  await expect(page).toHaveURL(/\/domains\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Agency Sites' })).toBeVisible();
  const domains = page.getByRole('table', { name: 'Domains' });
  await expect(domains.getByRole('row').nth(1)).toBeVisible();
  const first = (await domains.getByRole('row').nth(1).getByRole('button').first().textContent())!.trim();
  await page.getByLabel('Search domains').fill(`${first} `);
  await expect(page.getByRole('list', { name: 'Search domains: tags' }).getByText(first)).toBeVisible();
  await expect(domains.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'Domains tab with a search');

  await domains.getByRole('button', { name: first }).click();
  const drawer = page.getByRole('dialog', { name: first });
  await expect(drawer.getByRole('heading', { name: 'IP Address' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'SSL Certificate' })).toBeVisible();
  await expectAccessible(page, 'Domain drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/domains\/[0-9a-f-]{36}\/tasks$/);
  await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
  await expect(page.getByText('Updating live.')).toBeVisible();
});
