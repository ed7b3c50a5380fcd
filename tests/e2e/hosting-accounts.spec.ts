import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { SCREEN_CODES } from '../../src/lib/format/words';
import { brokenWords, codesShown } from './whole-words';

// Hosting accounts (spec part 3, 2.8) as the demo owner: the list, an account's page, the
// custom host's whole life, the cPanel password and the sandbox control panel.
test.use({ storageState: signedInAs('owner') });

async function openList(page: Page) {
  await page.goto('/hosting');
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name: 'Main Shared Hosting', exact: true })).toBeVisible();
}

test('add a custom host, open it from the list, rename it, switch domain deletion and delete it', async ({ page }) => {
  await openList(page);
  await expectAccessible(page, 'the hosting accounts list');

  await page.getByRole('button', { name: 'Add Hosting Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Hosting Account' });
  await dialog.getByRole('tab', { name: 'Own Server' }).click();
  await dialog.getByRole('button', { name: 'Add Custom Host' }).click();
  await expect(dialog.getByText("Please enter your hosting account's name!")).toBeVisible();
  await expect(dialog.getByText("Please enter your server's IP address or hostname!")).toBeVisible();
  // Spec part 3, 9: 500 px wide on this tab.
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
  const name = `E2E Host ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'IP address' }).fill('300.1.2.3');
  await dialog.getByRole('button', { name: 'Add Custom Host' }).click();
  await expect(dialog.getByText('Please enter a valid IPv4 or IPv6 address!')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'IP address' }).fill('192.0.2.77');
  await expectAccessible(page, 'the Own Server tab');
  await dialog.getByRole('button', { name: 'Add Custom Host' }).click();
  await expect(page.getByText('Custom host successfully added!').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // From the list to its page, without a document load.
  await page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/hosting\/[0-9a-f-]{36}$/);
  const server = page.getByRole('region', { name: 'Server Details' });
  await expect(server.getByText('192.0.2.77')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Service Information' }).getByText('Custom Host', { exact: true })).toBeVisible();
  await expectAccessible(page, 'a custom host page');

  // Rename, confirmed in its dialog; an empty name is refused with the spec's sentence.
  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename hosting account' });
  await rename.getByLabel('Account name').fill('');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByText('Please enter your account name!')).toBeVisible();
  const renamed = `${name} renamed`;
  await rename.getByLabel('Account name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText("Hosting account's name successfully updated!").first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Service Information' }).getByText(renamed, { exact: true })).toBeVisible();

  // Domain deletion, after a confirmation.
  await page.getByRole('button', { name: 'Domain deletion: On' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable domain deletion' });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Domain deletion successfully disabled!').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Domain deletion: Off' })).toBeVisible();

  // Delete, from its page, back to the list.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Delete hosting account' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Hosting account successfully deleted!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/hosting$/);
  await expect(page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name: 'Main Shared Hosting', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);
});

test('a shared hosting account: its cards and banner, the cPanel password revealed and changed, and cPanel Login', async ({ page }) => {
  await openList(page);
  await page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name: 'Client Sites', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Hosting Plan' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Service Details' }).getByText('ns1.hostdeck.test')).toBeVisible();
  await expect(page.getByText(/A downgrade to the Business plan is scheduled/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Domains on Client Sites' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'a shared hosting account page');

  // View cPanel password: the account password first.
  await page.getByRole('button', { name: 'View cPanel Password' }).click();
  const view = page.getByRole('dialog', { name: 'cPanel password' });
  await view.getByLabel('Your account password').fill('not my password');
  await view.getByRole('button', { name: 'Show password' }).click();
  await expect(view.getByText('Your account password is not correct.')).toBeVisible();
  await view.getByLabel('Your account password').fill(DEMO_PASSWORD);
  await view.getByRole('button', { name: 'Show password' }).click();
  const shown = view.locator('.cpanel-password');
  await expect(shown).toBeVisible();
  const current = (await shown.textContent())!;
  // The footer's Close (the header's close icon is named Close too).
  await view.getByText('Close', { exact: true }).click();

  // Change it: the repeat must match, then the current one is checked.
  await page.getByRole('button', { name: 'Change cPanel Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change cPanel password' });
  await change.getByLabel('Current cPanel password').fill(current);
  await change.getByLabel('New password', { exact: true }).fill('e2e new cpanel pass');
  await change.getByLabel('Repeat the new password').fill('e2e other pass');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change.getByText('Your new passwords do not match!')).toBeVisible();
  await change.getByLabel('Repeat the new password').fill('e2e new cpanel pass');
  await expectAccessible(page, 'the Change cPanel password dialog');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('cPanel password successfully updated!').first()).toBeVisible();
  await expect(change).toHaveCount(0);

  // cPanel Login opens the reference API's sandbox control panel in a new tab, once.
  const [cpanel] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'cPanel Login' }).click()]);
  await expect(cpanel.getByRole('heading', { level: 1, name: 'Control panel of Client Sites' })).toBeVisible();
  await expect(cpanel.getByText("This is the reference API's stand-in for cPanel")).toBeVisible();
  await cpanel.reload();
  await expect(cpanel.getByText('This cPanel login link has expired or was used already.')).toBeVisible();
  await cpanel.close();
});

test('the list and a legacy account fit a 360 px screen: cost Free, no toggle', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/hosting');
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name: 'Legacy Hosting', exact: true })).toBeVisible();
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  await page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name: 'Legacy Hosting', exact: true }).click();
  const info = page.getByRole('region', { name: 'Service Information' });
  await expect(info.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Domain deletion/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modify Plan' })).toHaveCount(0);
  await expectAccessible(page, 'a legacy account at 360 px');
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px host names, nameservers and statuses keep their words whole, in words`, async ({ page }) => {
    await page.setViewportSize(size);
    await openList(page);
    await expect(page.getByRole('table', { name: 'Hosting accounts' }).getByRole('row').nth(1)).toBeVisible();
    expect(await brokenWords(page.getByRole('table', { name: 'Hosting accounts' }))).toEqual([]);
    await page.getByRole('table', { name: 'Hosting accounts' }).getByRole('link', { name: 'Main Shared Hosting', exact: true }).click();
    const details = page.getByRole('region', { name: 'Service Details' });
    await expect(details.getByText('ns1.hostdeck.test')).toBeVisible();
    expect(await brokenWords(details)).toEqual([]);
    const domains = page.getByRole('table', { name: 'Domains on Main Shared Hosting' });
    await expect(domains.getByRole('row').nth(1)).toBeVisible();
    expect(await codesShown(page, SCREEN_CODES)).toEqual([]);
  });
}
