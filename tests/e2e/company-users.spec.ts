import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox';
import { expect, expectAccessible, fillLogin, mainMenu, test, waitForHydration } from './support';

// Each test has a company of its own: the profile, its users and its keys change.
test.use({ storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

async function openCompanyTab(page: Page, path: string, tab: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
}

/** The session token the panel keeps for this browser (stores/credentials.ts). */
const tokenIn = (page: Page) => page.evaluate(() => localStorage.getItem('hostdeck:token'));

test('the owner edits the company profile; tabs set the address and the title', async ({ page, ownAccount }) => {
  await openCompanyTab(page, '/company', 'Profile');
  await expect(page).toHaveTitle(/Profile/);
  const name = page.getByLabel('Company name');
  await expect(name).toHaveValue(ownAccount.companyName);
  await expect(page.getByRole('region', { name: 'Support pin' })).toContainText(/\d{6}/);
  await expectAccessible(page, 'company profile');

  await name.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter your company name!')).toBeVisible();
  await expect(page.getByText('Please enter your phone!')).toBeVisible();
  await name.fill(`${ownAccount.companyName} Renamed`);
  await page.getByLabel('Phone').fill('+372 5555 0101');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Company successfully updated!')).toBeVisible();

  await page.getByLabel('Notes printed on new invoices').fill('PO 7');
  await page.getByRole('button', { name: 'Save Notes' }).click();
  await expect(page.getByText('Invoice notes successfully updated!')).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL('/company/users');
  await expect(page).toHaveTitle(/Users/);
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page).toHaveURL('/company/api');
  await expect(page).toHaveTitle(/API Keys/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'API Keys', selected: true })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveCount(0);
});

test('a user created with the BILLING preset then sees only billing, in the menu and in the API', async ({ page, browser, baseURL }) => {
  await openCompanyTab(page, '/company/users', 'Users');
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(create.getByText('Please enter the first name!')).toBeVisible();
  await expect(create.getByText('Please enter the password!')).toBeVisible();
  const email = `billing-${Date.now()}@example.test`;
  await create.getByLabel('First name').fill('Bill');
  await create.getByLabel('Last name').fill('Ing');
  await create.getByLabel('Email').fill(`  ${email.toUpperCase()}`);
  await create.getByRole('button', { name: 'Generate Password' }).click();
  const password = await create.getByLabel('Password', { exact: true }).inputValue();
  expect(password).toHaveLength(20);
  await expectAccessible(page, 'create user dialog');
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User successfully created!')).toBeVisible();

  const table = page.getByRole('table', { name: 'Users' });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Staff');
  await row.getByRole('button', { name: 'Edit Bill Ing' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bill Ing' });
  await edit.getByRole('button', { name: 'Billing preset' }).click();
  await expect(edit.getByRole('checkbox', { name: 'View invoices' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'View domains', exact: true })).not.toBeChecked();
  await expectAccessible(page, 'edit user dialog');
  await edit.getByRole('tab', { name: 'Access restriction' }).click();
  await expect(edit.getByRole('combobox', { name: 'IP groups' })).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User or API key successfully updated!')).toBeVisible();

  // The person proves their address, as at sign-up, then signs in.
  const mail = await waitForMail(email, { subject: 'Please verify your email address' });
  const hash = new URLSearchParams(linkIn(mail, '/auth/verify').split('?')[1]).get('hash');
  const verified = await page.request.post('/api/auth/verify/', { data: { token: hash } });
  expect(verified.ok(), await verified.text()).toBeTruthy();

  const context = await browser.newContext({ baseURL: baseURL!, storageState: { cookies: [], origins: [] } });
  try {
    const billing = await context.newPage();
    await billing.goto('/auth/login');
    await fillLogin(billing, { email, password });
    await expect(billing).toHaveURL('/');
    const menu = mainMenu(billing);
    await expect(menu.filter({ hasText: 'Billing' })).toHaveCount(1);
    for (const other of ['Domains', 'Websites', 'IP Addresses', 'Hosting', 'Firewall']) await expect(menu.filter({ hasText: other })).toHaveCount(0);
    const token = await tokenIn(billing);
    const headers = { Authorization: `Token ${token}` };
    expect((await billing.request.get('/api/billing/invoices/', { headers })).status()).toBe(200);
    const refused = await billing.request.get('/api/domains/groups/', { headers });
    expect(refused.status()).toBe(403);
  } finally {
    await context.close();
  }
});

test('an API key is created with its token shown once, in a dialog a click outside does not close', async ({ page }) => {
  await openCompanyTab(page, '/company/api', 'API Keys');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API Key' });
  await create.getByRole('button', { name: 'Create API Key' }).click();
  await expect(create.getByText('Please enter a name for the API key!')).toBeVisible();
  await expect(create.getByText('Please enter at least one IP address!')).toBeVisible();
  // No presets for keys (spec part 3, 6).
  await expect(create.getByRole('button', { name: 'Billing preset' })).toHaveCount(0);
  await create.getByLabel('Name').fill('Deploy');
  await create.getByLabel('Allowed IP addresses').fill('127.0.0.0/8\n\nnot-an-address');
  await create.getByRole('checkbox', { name: 'View domains', exact: true }).check();
  await create.getByRole('button', { name: 'Create API Key' }).click();
  await expect(create.getByText('"not-an-address" is not an IP address or a CIDR range!')).toBeVisible();
  await create.getByLabel('Allowed IP addresses').fill('127.0.0.0/8\n\n::1/128\n');
  await expectAccessible(page, 'create API key dialog');
  await create.getByRole('button', { name: 'Create API Key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown).toBeVisible();
  const token = await shown.getByLabel('API key token').inputValue();
  expect(token.length).toBeGreaterThan(30);
  await expectAccessible(page, 'new API key token dialog');
  await page.mouse.click(4, 4);
  await page.keyboard.press('Escape');
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(shown).toHaveCount(0);

  const row = page.getByRole('table', { name: 'API Keys' }).getByRole('row').filter({ hasText: 'Deploy' });
  await expect(row).toContainText('127.0.0.0/8');
  await expect(row).toContainText('Never');
  // The key works from this machine, within its scope, and its use is recorded.
  const headers = { Authorization: `Token ${token}` };
  expect((await page.request.get('/api/domains/groups/', { headers })).status()).toBe(200);
  expect((await page.request.get('/api/billing/invoices/', { headers })).status()).toBe(403);
  await page.reload();
  await expect(row).toContainText(/from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);

  // Restricted to another range, the same key is refused from here.
  await row.getByRole('button', { name: 'Edit Deploy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Deploy' });
  await edit.getByLabel('Allowed IP addresses').fill('203.0.113.0/24');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User or API key successfully updated!')).toBeVisible();
  const refused = await page.request.get('/api/domains/groups/', { headers });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { errors: string[] }).errors[0]).toContain('is not in its allowed IP addresses');

  await row.getByRole('button', { name: 'Delete Deploy' }).click();
  await page.getByRole('dialog', { name: 'Delete API key' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('API key successfully deleted!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the Users tab fits a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openCompanyTab(page, '/company/users', 'Users');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  await expectAccessible(page, 'users tab at 360 px');
});

test('names of one long word wrap: the header, the company page, the users table and the new key’s dialog', async ({ page }) => {
  /** Nothing wider than the window: the page does not scroll sideways. */
  const fits = async (where: string) => {
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    expect(widths.content, where).toBeLessThanOrEqual(widths.screen);
  };
  const long = (letter: string, n: number) => letter.repeat(n);

  await openCompanyTab(page, '/company', 'Profile');
  await page.getByLabel('Company name').fill(long('N', 100));
  await page.getByLabel('Phone').fill('+372 5555 0101');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Company successfully updated!')).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /N{100}/ })).toBeVisible();
  await fits('the header with the company name');

  await openCompanyTab(page, '/company/users', 'Users');
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  const email = `long-${Date.now()}@example.test`;
  await create.getByLabel('First name').fill(long('F', 120));
  await create.getByLabel('Last name').fill('Smith');
  await create.getByLabel('Email').fill(email);
  await create.getByRole('button', { name: 'Generate Password' }).click();
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User successfully created!')).toBeVisible();
  const emailCell = page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: email });
  await expect(emailCell).toBeVisible();
  // The long name wraps in its own column; the email beside it keeps room for its words.
  expect((await emailCell.boundingBox())!.width).toBeGreaterThan(150);
  await fits('the users table');

  await openCompanyTab(page, '/company/api', 'API Keys');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const key = page.getByRole('dialog', { name: 'Create API Key' });
  await key.getByLabel('Name').fill(long('K', 100));
  await key.getByLabel('Allowed IP addresses').fill('127.0.0.1');
  await key.getByRole('button', { name: 'Create API Key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown).toBeVisible();
  const overflow = await shown.evaluate((dialog) =>
    [...dialog.querySelectorAll('p, strong')].some((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > dialog.getBoundingClientRect().right + 1),
  );
  expect(overflow).toBe(false);
});
