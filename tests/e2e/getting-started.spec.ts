import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, fillLogin, KNOWN_DEVICE_ID, test, waitForHydration } from './support';
import { panelApi, placePaidIpOrder } from './panel-api';
import { fillPath } from '../../src/lib/api/send';
import { authRoutes } from '../../src/lib/requests/auth';
import { domainsRoutes } from '../../src/lib/requests/domains';
import { hostingRoutes } from '../../src/lib/requests/hosting';
import { ipAddressesRoutes } from '../../src/lib/requests/ip-addresses';

// The getting-started wizard (spec part 1, 2.8 and 4; issue 13 "Done when"): a brand-new
// account walked through its eight steps, minimise / reload / close / skip with the state on the
// server, and a step done outside the panel moving the open panel at its next poll.
test.use({ keepWizard: true, storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

const wizardDialog = (page: Page) => page.getByRole('dialog', { name: 'Getting Started Wizard' });

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The wizard's current step heading, as the server's step is shown. */
const stepHeading = (page: Page, name: string) => wizardDialog(page).getByRole('heading', { name, exact: true });

test('a new account walks all eight steps to "Account set up successfully!" and a complete to-do list', async ({ page }) => {
  test.slow();
  await open(page, '/');
  const wizard = wizardDialog(page);
  await expect(stepHeading(page, 'Welcome!')).toBeVisible();
  await expect(wizard.getByText('It takes about 3 minutes.')).toBeVisible();
  // 500 px at the welcome.
  expect(Math.round((await wizard.boundingBox())!.width)).toBeLessThanOrEqual(500);
  await expectAccessible(page, 'the wizard welcome');
  await wizard.getByRole('button', { name: 'Set Up My First Domain' }).click();

  // 2: the introduction, its intro and support tabs; 900 px from here on.
  await expect(wizard.getByRole('tab', { name: 'Intro' })).toBeVisible();
  expect(Math.round((await wizard.boundingBox())!.width)).toBeGreaterThan(500);
  await wizard.getByRole('button', { name: 'Start Setup' }).click();
  await expect(wizard.getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // 3: a card, added at the sandbox gateway; the guided jump highlights Add Card.
  await expect(stepHeading(page, 'Payment method')).toBeVisible();
  await wizard.getByRole('button', { name: 'Add Card' }).click();
  await expect(page).toHaveURL(/\/billing\/payment-methods$/);
  await expect(page.getByRole('button', { name: 'Getting Started Wizard' })).toBeVisible();
  const addCard = page.getByRole('button', { name: 'Add Card' });
  await expect(addCard).toHaveClass(/guided-highlight/);
  await addCard.click();
  const card = page.getByRole('dialog', { name: 'Add Card' });
  await card.getByLabel('Profile name').fill('Wizard card');
  await card.getByLabel('Name on card').fill('Olive Own');
  await card.getByLabel('Address').fill('1 Test Street');
  await card.getByLabel('City').fill('Tallinn');
  await card.getByLabel('Region').fill('Harju');
  await card.getByLabel('Postal code').fill('10111');
  await card.getByLabel('Country').selectOption('EE');
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Expiry month').selectOption('12');
  await card.getByLabel('Expiry year').selectOption(String(new Date().getUTCFullYear() + 3));
  await card.getByRole('checkbox', { name: /verification reservation/ }).check();
  await card.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/billing\/payment-methods\?success=true$/);

  // 4: the card moved it on; a custom host (the /hosting jump) ends the hosting step.
  await expect(stepHeading(page, 'Hosting account')).toBeVisible();
  await wizard.getByRole('button', { name: 'Add Hosting Account' }).click();
  await expect(page).toHaveURL(/\/hosting$/);
  const addHosting = page.getByRole('button', { name: 'Add Hosting Account' });
  await expect(addHosting).toHaveClass(/guided-highlight/);
  await addHosting.click();
  const hosting = page.getByRole('dialog', { name: 'Add Hosting Account' });
  await hosting.getByRole('tab', { name: 'Own Server' }).click();
  await hosting.getByRole('textbox', { name: 'Name', exact: true }).fill('Wizard server');
  await hosting.getByRole('textbox', { name: 'IP address' }).fill('192.0.2.77');
  await hosting.getByRole('button', { name: 'Add Custom Host' }).click();

  // 5: the IP address group, made on the IP Addresses page.
  await expect(stepHeading(page, 'IP address group')).toBeVisible();
  await wizard.getByRole('button', { name: 'Add IP Address Group' }).click();
  await expect(page).toHaveURL(/\/ip-addresses$/);
  const addGroup = page.getByRole('button', { name: 'Add IP Group' });
  await expect(addGroup).toHaveClass(/guided-highlight/);
  await addGroup.click();
  const groupDialog = page.getByRole('dialog', { name: 'Add IP group' });
  await groupDialog.getByLabel('Name').fill('Wizard IPs');
  await groupDialog.getByRole('button', { name: 'Add' }).click();

  // 6: the first addresses, ordered and paid (set up through the API: the order wizard has its own test).
  await expect(stepHeading(page, 'Your first IP addresses')).toBeVisible();
  const api = await panelApi(page);
  const { user } = await api.get<{ user: { company: { getting_started_data: { ip_group: string } } } }>(authRoutes.whoami.path);
  await placePaidIpOrder(page, user.company.getting_started_data.ip_group);

  // 7: the domain group; once made, its page opens.
  await expect(stepHeading(page, 'Domain group')).toBeVisible();
  await wizard.getByRole('button', { name: 'Add Domain Group' }).click();
  await expect(page).toHaveURL(/\/domains$/);
  const addDomainGroup = page.locator('main').getByRole('button', { name: 'Add Domain Group' }).first();
  await expect(addDomainGroup).toHaveClass(/guided-highlight/);
  await addDomainGroup.click();
  const domainGroup = page.getByRole('dialog', { name: 'Add Domain Group' });
  await domainGroup.getByLabel('Name').fill('Wizard sites');
  await domainGroup.getByLabel('Default hosting account').selectOption({ index: 1 });
  await domainGroup.getByRole('button', { name: 'Add Domain Group' }).click();

  // 8: the first domain (added through the API as a script would), then the summary.
  await expect(stepHeading(page, 'Your first domain')).toBeVisible();
  await expect(page).toHaveURL(/\/domains\/[0-9a-f-]{36}$/);
  const data = (await api.get<{ user: { company: { getting_started_data: { domain_group: string } } } }>(authRoutes.whoami.path)).user.company.getting_started_data;
  const ips = await api.get<{ data: { guid: string }[] }>(`${fillPath(domainsRoutes.groupIpAddresses.path, { guid: data.domain_group })}?per_page=10`);
  const accounts = await api.get<{ data: { guid: string; name: string }[] }>(`${hostingRoutes.listHostingAccounts.path}?per_page=10`);
  await api.send('post', domainsRoutes.addDomains.path, {
    domains: [
      {
        domain: `wizard-${Date.now().toString(36)}.example`,
        ip_address: ips.data[0]!.guid,
        group: data.domain_group,
        hosting_account: accounts.data.find((a) => a.name === 'Wizard server')!.guid,
      },
    ],
  });
  await expect(stepHeading(page, 'Summary')).toBeVisible();
  await expectAccessible(page, 'the wizard summary');
  await wizard.getByRole('button', { name: 'Complete' }).click();
  await expect(stepHeading(page, 'Account set up successfully!')).toBeVisible();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  // Every flag of the to-do list was ticked by the events themselves.
  const todo = page.getByRole('region', { name: 'Account Setup' });
  await expect(todo.getByText('5 of 5 done')).toBeVisible();
  await expect(todo.getByRole('img', { name: 'Done' })).toHaveCount(5);
});

test('minimise, reload, close and skip, each confirmation, and the state in another browser', async ({ page, browser, baseURL, ownAccount }) => {
  await open(page, '/');
  const wizard = wizardDialog(page);
  await wizard.getByRole('button', { name: 'Set Up My First Domain' }).click();
  await wizard.getByRole('button', { name: 'Start Setup' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Payment method')).toBeVisible();

  // Minimised: the floating button, which opens it again.
  await wizard.getByRole('button', { name: 'Minimise' }).click();
  await expect(wizard).toHaveCount(0);
  const launcher = page.getByRole('button', { name: 'Getting Started Wizard' });
  await expect(launcher).toBeVisible();
  // Focus goes to the button that reopens it, not to <body>.
  await expect(launcher).toBeFocused();
  await expectAccessible(page, 'the minimised wizard');
  await launcher.click();
  await expect(stepHeading(page, 'Payment method')).toBeVisible();

  // Closed after its confirmation; a reload brings it back at the same step.
  await wizard.getByRole('button', { name: 'Close' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm.getByText('Are you sure you wish to stop the getting started wizard?')).toBeVisible();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(stepHeading(page, 'Payment method')).toBeVisible();
  await wizard.getByRole('button', { name: 'Close' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(wizard).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(stepHeading(page, 'Payment method')).toBeVisible();

  // Another browser signed in as the same person continues at the same step.
  await expectStepElsewhere(browser, baseURL!, ownAccount, 'Payment method');

  // Skipped after its confirmation and warning: stopped on the server, also for the other browser.
  await wizard.getByRole('button', { name: 'Skip guided setup' }).click();
  await expect(confirm.getByText('Are you sure you wish to skip the guided setup?')).toBeVisible();
  await expect(confirm.getByText('IP addresses must then be configured manually before domains can be added.')).toBeVisible();
  await expectAccessible(page, 'the skip confirmation');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(wizard).toHaveCount(0);
  await expect(launcher).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(wizard).toHaveCount(0);

  // The user menu's item opens it again, from the welcome.
  await page.locator('.user-trigger').click();
  await page.getByRole('menuitem', { name: 'Getting Started Wizard' }).click();
  await expect(stepHeading(page, 'Welcome!')).toBeVisible();
});

/** Signs in through the login page of a fresh browser (only the tests' device id in it) and finds the wizard at `heading`. */
async function expectStepElsewhere(browser: Browser, baseURL: string, account: { email: string; password: string }, heading: string) {
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'hostdeck:device-id', value: KNOWN_DEVICE_ID }] }] },
  });
  const other = await context.newPage();
  await other.goto('/auth/login');
  await fillLogin(other, account);
  await expect(other).toHaveURL(/\/$/);
  await expect(stepHeading(other, heading)).toBeVisible();
  await context.close();
}

test('an IP group made through the API moves the open panel at its next poll', async ({ page }) => {
  await open(page, '/');
  const api = await panelApi(page);
  const { user } = await api.get<{ user: { company: { guid: string } } }>(authRoutes.whoami.path);
  // Straight to the IP group step, as a person who did the steps before would be.
  await api.send('post', `/account/companies/${user.company.guid}/getting-started/`, { step: 5 });
  await page.reload();
  await waitForHydration(page);
  await expect(stepHeading(page, 'IP address group')).toBeVisible();

  await api.send('post', ipAddressesRoutes.createIpGroup.path, { name: 'Made by a script' });
  await expect(stepHeading(page, 'Your first IP addresses')).toBeVisible();

  // 'Need Help? Chat Now' with no chat service configured: the support page, the message naming the step ready to copy.
  await wizardDialog(page).getByRole('button', { name: 'Need Help? Chat Now' }).click();
  await expect(page).toHaveURL(/\/support$/);
  const help = page.getByRole('complementary', { name: 'Help message' });
  await expect(help.getByText('No chat service is configured, so here are our support contacts: copy this message into your email or ticket.')).toBeVisible();
  await expect(help.getByRole('textbox', { name: 'Your message' })).toHaveValue(/stuck at step 6 \(First IP addresses\)/);
  await expect(page.getByRole('button', { name: 'Getting Started Wizard' })).toBeVisible();
  await expectAccessible(page, 'the help message on the support page');
});

test.describe('on a phone, in dark mode', () => {
  test.use({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
  test('the welcome fits and reads', async ({ page }) => {
    await open(page, '/');
    await expect(stepHeading(page, 'Welcome!')).toBeVisible();
    await expectAccessible(page, 'the wizard on a phone in dark mode');
  });
});
