import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import type { Page } from '@playwright/test';

// Signed in as the demo owner (the setup project's session); tests that change what other
// tests read (the profile, the list of companies) use a user of their own.
test.use({ storageState: signedInAs('owner') });

/** Opens an account tab by its address and waits for its island. */
async function openTab(page: Page, path: string, title: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
}

test.describe('on a user of its own', () => {
  test.use({ storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

  test('profile: names, read-only email, password dialog and email preferences', async ({ page, ownAccount }) => {
    await openTab(page, '/account', 'Profile');
    const first = page.getByLabel('First name');
    await expect(first).toHaveValue(ownAccount.firstName);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    await expect(page.getByText('Contact support to change the email address.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Google Authenticator' })).toBeVisible();
    await expectAccessible(page, 'account profile');

    await first.fill('');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Please enter your first name!')).toBeVisible();
    await first.fill('Oliver');
    await page.getByLabel('Last name').fill('Renamed');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile successfully updated!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Oliver');
    await expect(page.getByLabel('Last name')).toHaveValue('Renamed');

    const marketing = page.getByRole('switch', { name: 'Marketing emails' });
    await expect(marketing).toBeChecked();
    await page.getByText('Marketing emails', { exact: true }).click();
    await expect(page.getByText('Preferences successfully updated!').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Marketing emails' })).not.toBeChecked();
    await page.getByText('Marketing emails', { exact: true }).click();
    await expect(page.getByRole('switch', { name: 'Marketing emails' })).toBeChecked();

    await page.getByRole('button', { name: 'Reset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    // The first field takes focus, not the close button before it.
    await expect(dialog.getByLabel('Old password')).toBeFocused();
    await dialog.getByLabel('Old password').fill(ownAccount.password);
    await dialog.getByLabel('New password', { exact: true }).fill('another-pass-1');
    await dialog.getByLabel('Repeat new password').fill('another-pass-2');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('New passwords do not match!')).toBeVisible();
    await expectAccessible(page, 'change password dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('companies: add a company', async ({ page, ownAccount }) => {
    await openTab(page, '/account/companies', 'Companies');
    const table = page.getByRole('table', { name: 'Companies' });
    await expect(table.getByRole('row').filter({ hasText: ownAccount.companyName })).toContainText('Owner');
    await page.getByRole('button', { name: 'Add Company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Company' });
    await dialog.getByRole('button', { name: 'Add Company' }).click();
    await expect(dialog.getByText('Please enter name!')).toBeVisible();
    await expect(dialog.getByText('Please enter phone!')).toBeVisible();
    await expectAccessible(page, 'add company dialog');
    await dialog.getByLabel('Name').fill('Lighthouse Studio');
    await dialog.getByLabel('Address', { exact: true }).fill('Sadama 5');
    await dialog.getByLabel('City').fill('Tallinn');
    await dialog.getByLabel('Region').fill('Harju');
    await dialog.getByLabel('Postal code').fill('10111');
    await dialog.getByLabel('Country').selectOption('EE');
    await dialog.getByLabel('Phone').fill('+372 600 0001');
    await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
    // A double click on submit creates one company (the panel sends one Idempotency-Key per submission).
    await dialog.getByRole('button', { name: 'Add Company' }).dblclick();
    await expect(page.getByText('Company successfully created!')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Lighthouse Studio' })).toContainText('Owner');
    await expect(table.getByRole('row').filter({ hasText: 'Lighthouse Studio' })).toHaveCount(1);
  });
});

test('logs show the sentence of a profile update; logins show a place or Unknown', async ({ page }) => {
  await openTab(page, '/account', 'Profile');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile successfully updated!')).toBeVisible();

  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page).toHaveURL('/account/logs');
  await expect(page).toHaveTitle('Logs');
  await expect(page.getByRole('cell', { name: 'Dana Demo updated the profile of Dana Demo' }).first()).toBeVisible();
  await expectAccessible(page, 'account logs');

  await openTab(page, '/account/logins', 'Logins');
  const table = page.getByRole('table', { name: 'Logins' });
  await expect(table.getByRole('row').nth(1)).toContainText('127.0.0.1');
  await expect(table.getByRole('row').nth(1)).toContainText('Unknown');
  await expect(table.getByRole('row').nth(1)).toContainText('Success');
  await expect(table.getByText(/Estonia|Finland|Germany/).first()).toBeVisible();
  await expect(table.getByText('Failure').first()).toBeVisible();
  await expectAccessible(page, 'account logins');
});

test('emails: filter by subject, clear filters, open the detail', async ({ page }) => {
  await openTab(page, '/account/emails', 'Emails');
  const table = page.getByRole('table', { name: 'Emails' });
  await expect(table.getByRole('link', { name: 'Welcome to Hostdeck' })).toBeVisible();
  await expectAccessible(page, 'account emails');

  await page.getByRole('button', { name: 'Add Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Filter' });
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog.getByText('Please enter filter value!')).toBeVisible();
  await expectAccessible(page, 'email filter dialog');
  await dialog.getByLabel('Value').fill('sign-in');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await dialog.getByLabel('Value').fill('failed');
  await dialog.getByRole('button', { name: 'Apply & Close' }).click();
  await expect(dialog).toHaveCount(0);
  // One filter per key: the second subject filter replaced the first.
  await expect(page.getByRole('list', { name: 'Filters' }).getByText(/^Subject:/)).toHaveText('Subject: failed');
  await expect(table.getByRole('link')).toHaveText(['Failed sign-in attempt']);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(table.getByRole('link', { name: 'Welcome to Hostdeck' })).toBeVisible();

  await table.getByRole('link', { name: 'Welcome to Hostdeck' }).click();
  const detail = page.getByRole('dialog', { name: 'Welcome to Hostdeck' });
  await expect(detail).toContainText('Dana Demo <demo@hostdeck.test>');
  await expect(detail).toContainText('Is sent');
  await expect(detail.getByText('Welcome aboard! Your account is ready.')).toBeVisible();
  await expectAccessible(page, 'email detail');
});

test('companies: the active one starred, Manage Company for owners', async ({ page }) => {
  await openTab(page, '/account/companies', 'Companies');
  const table = page.getByRole('table', { name: 'Companies' });
  const own = table.getByRole('row').filter({ hasText: 'Northwind Web Agency' });
  await expect(own.getByRole('img', { name: 'Active company!' })).toBeVisible();
  await expect(own.getByRole('link', { name: 'Northwind Web Agency', exact: true })).toHaveAttribute('href', /^\/company\/[0-9a-f-]+\/profile$/);
  await expect(own.getByRole('link', { name: /Manage Company/ })).toHaveAttribute('href', /^\/account\/company\/[0-9a-f-]+\/profile$/);
  const staffRow = table.getByRole('row').filter({ hasText: 'Bluebird Media Ltd' });
  await expect(staffRow.getByRole('link')).toHaveCount(0);
  await own.getByRole('img', { name: 'Active company!' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Active company!');
  await expectAccessible(page, 'account companies');
});

test.describe('as staff', () => {
  // The only test that reads or changes the staff user's invitations and companies.
  test.use({ storageState: signedInAs('staff') });

  test('invitations: a dynamic code, and accepting a pending invitation', async ({ page }) => {
    await openTab(page, '/account/invitations', 'Invitations');
    await page.getByRole('button', { name: 'Get Invitation Code' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Invitation Code' });
    await expect(codeDialog.getByText('Your invitation code is dynamic. Make sure you check it every time you wish to share it with someone.')).toBeVisible();
    await expect(codeDialog.getByRole('textbox')).toHaveValue(/^[\w-]{22}-[\w-]{12}$/);
    await expectAccessible(page, 'invitation code dialog');
    await codeDialog.getByRole('button', { name: 'Close' }).first().click();

    const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: 'Bluebird Media Ltd' });
    await expect(row).toContainText('Pending');
    await expectAccessible(page, 'account invitations');
    await row.getByRole('button', { name: /Accept/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept invitation' });
    await expect(confirm).toContainText('Are you sure you want to accept this invitation?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Invitation successfully accepted!')).toBeVisible();
    await expect(row).toContainText('Accepted');
    await expect(row.getByRole('button', { name: /Accept/ })).toHaveCount(0);

    await openTab(page, '/account/companies', 'Companies');
    await expect(page.getByRole('table', { name: 'Companies' }).getByRole('row').filter({ hasText: 'Bluebird Media Ltd' })).toContainText('Staff');
  });
});

test('the notifications tab shows, and an unknown tab is not found', async ({ page }) => {
  await openTab(page, '/account/notifications', 'Notifications');
  await expectAccessible(page, 'account notifications');
  // The user menu's Profile item opens /account/profile: the same tab as /account.
  await openTab(page, '/account/profile', 'Profile');
  const missing = await page.goto('/account/nothing-here');
  expect(missing?.status()).toBe(404);
});

test.describe('as a customer', () => {
  test.use({ storageState: signedInAs('customer') });

  test('customers are kept out of the account area', async ({ page }) => {
    await page.goto('/account/emails');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to this feature.' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Emails' })).toHaveCount(0);
    await expectAccessible(page, 'account area refused to a customer');
  });
});

test("the page's info button shows the knowledge-base article the server holds for it", async ({ page }) => {
  await page.goto('/account/logins');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Help about Logins' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logins' });
  await expect(dialog.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(dialog.getByText('Profile holds your name, password and two-factor authentication.')).toBeVisible();
  await expectAccessible(page, 'support info dialog');
});
