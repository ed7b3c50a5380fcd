import { ACCOUNTS, expect, expectAccessible, fillLogin, mainMenu, openDashboard, signIn, signedInAs, someSeededDomain, test, waitForHydration, whoami } from './support';

const OWNER_MENU = [
  'Dashboard',
  'Domains',
  'Websites',
  'IP Addresses',
  'Hosting',
  'Firewall',
  'Billing',
  'Services',
  'Account',
  'Company',
  'Affiliate',
  'Support',
  /^Knowledge Base/,
];

test.describe('signed in as the owner', () => {
  test.use({ storageState: signedInAs('owner') });

  test('the owner sees every menu entry its scopes allow, and the billing overview', async ({ page, request }) => {
    const me = await whoami(request, 'owner');
    await openDashboard(page);
    await expect(mainMenu(page)).toHaveText(OWNER_MENU);
    await expect(mainMenu(page).first()).toHaveAttribute('aria-current', 'page');
    const kb = mainMenu(page).last();
    if ((await kb.getAttribute('target')) === '_blank') await expect(kb).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('heading', { name: 'Account Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account Usage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard');
    await expectAccessible(page, 'dashboard (owner)');

    const trigger = page.getByRole('button', { name: new RegExp(`${me.first_name} ${me.last_name}`) });
    await expect(trigger).toContainText(me.company.name);
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await expectAccessible(page, 'user menu (owner)');
  });

  test('dark mode and the collapsed sidebar survive a reload', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expectAccessible(page, 'dashboard (dark, collapsed)');

    await page.goto('/no/such/page');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectAccessible(page, '404 (dark)');

    await page.goto('/');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the search drawer asks for a query and finds a seeded domain', async ({ page, request }) => {
    const domain = await someSeededDomain(request, 'owner');
    await openDashboard(page);
    await page.getByRole('button', { name: 'Search domains and IP addresses' }).click();
    const input = page.getByRole('searchbox', { name: 'Domain or IP address' });
    await expect(input).toBeFocused();
    await input.press('Enter');
    await expect(page.getByText('Please enter a domain or an IP address!')).toBeVisible();
    await expectAccessible(page, 'search drawer');

    await input.fill(domain);
    await input.press('Enter');
    const hit = page.getByRole('dialog').getByRole('link', { name: domain, exact: true });
    await expect(hit).toBeVisible();
    await expect(hit).toHaveAttribute('href', /^\/domains\/.+/);

    await input.fill('no-such-domain-anywhere.test');
    await input.press('Enter');
    await expect(page.getByText('No results!')).toBeVisible();
  });

  test("search opens with '/' or Ctrl+K and searches with its button, saying so while it works", async ({ page, request }) => {
    const domain = await someSeededDomain(request, 'owner');
    await openDashboard(page);
    const input = page.getByRole('searchbox', { name: 'Domain or IP address' });
    await page.keyboard.press('/');
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('');
    await input.fill(domain);
    // Hold the answer back to see the busy state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/system/search/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: 'Searching domains...' })).toBeVisible();
    release();
    await expect(page.getByRole('dialog').getByRole('link', { name: domain, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(input).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();
  });

  test('an error code in the URL is shown as an error toast', async ({ page, request }) => {
    const answer = await request.get('/api/system/errors/payment_failed/');
    const { data } = (await answer.json()) as { data: { description: string } };
    await page.goto('/?error=payment_failed');
    await expect(page.getByText(data.description)).toBeVisible();
  });

  test('a signed-in person who opens the login page goes home', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL('/');
  });

  test.describe('on a small screen', () => {
    test.use({ viewport: { width: 480, height: 800 } });

    test('the sidebar starts collapsed and a warning asks for a larger screen', async ({ page }) => {
      await openDashboard(page);
      await expect(page.getByText('Attention! For the best experience, please use a device with a larger screen...')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
      await expectAccessible(page, 'dashboard (small screen)');
    });
  });
});

test.describe('signed in as a customer', () => {
  test.use({ storageState: signedInAs('customer') });

  test('a customer sees no Account, Company, Affiliate or Support entry, no Profile and no company name', async ({ page, request }) => {
    const me = await whoami(request, 'customer');
    await openDashboard(page);
    await expect(mainMenu(page).first()).toBeVisible();
    const labels = await mainMenu(page).allInnerTexts();
    for (const hidden of ['Account', 'Company', 'Affiliate', 'Support']) expect(labels).not.toContain(hidden);
    await expect(page.getByRole('heading', { name: 'Latest News' })).toHaveCount(0);
    await expectAccessible(page, 'dashboard (customer)');

    const trigger = page.getByRole('button', { name: new RegExp(`${me.first_name} ${me.last_name}`) });
    await expect(trigger).not.toContainText(me.company.name);
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveCount(0);
    await expect(page.getByRole('menu')).not.toContainText(me.company.name);
  });

  test('a page the viewer may not open shows the no-access alert instead of its body', async ({ page }) => {
    await page.goto('/account/select-company/any-company');
    await expect(page.getByRole('alert')).toHaveText('You do not have access to this feature. Contact your account manager for more information!');
    await expect(page.getByRole('heading', { level: 1, name: 'Select Company' })).toBeVisible();
    await expectAccessible(page, 'no access');
  });
});

test.describe('signed in as staff', () => {
  test.use({ storageState: signedInAs('staff') });

  test('staff without billing scopes get no Billing entry and no Account Overview', async ({ page }) => {
    await openDashboard(page);
    await expect(mainMenu(page).first()).toBeVisible();
    await expect(mainMenu(page).filter({ hasText: /^Billing$/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Account Usage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account Overview' })).toHaveCount(0);
    await expectAccessible(page, 'dashboard (staff)');
  });
});

// Signed out: these sign in through the form, each with a session of its own (Log Out ends it).
test('Log Out ends at the login page', async ({ page, request }) => {
  const me = await whoami(request, 'owner');
  await signIn(page, ACCOUNTS.owner);
  // By keyboard: the menu opens on Enter and End reaches its last item, Log Out.
  await page.getByRole('button', { name: new RegExp(`${me.first_name} ${me.last_name}`) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toHaveAttribute('data-highlighted', '');
  // The page moves on once the server has ended the session: hold that answer while axe reads the page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/logout/', async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Logging out...')).toBeVisible();
  await expectAccessible(page, 'logout');
  release();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a protected URL opened signed out comes back, query included, after sign-in', async ({ page }) => {
  await page.goto('/?foo=1');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2F%3Ffoo%3D1$/);
  await fillLogin(page, ACCOUNTS.owner);
  await expect(page).toHaveURL('/?foo=1');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('a session the API no longer knows leads to sign-in and back', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('hostdeck:token', 'a-token-the-api-never-issued');
    }
  });
  await page.goto('/?from=stale');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2F%3Ffrom%3Dstale$/);
  expect(await page.evaluate(() => localStorage.getItem('hostdeck:token'))).toBeNull();
  await fillLogin(page, ACCOUNTS.owner);
  await expect(page).toHaveURL('/?from=stale');
});

test('the login form explains empty fields and shows the server sentence for a wrong password', async ({ page, request }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth/register');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/recover');
  await expectAccessible(page, 'login');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter your email address!')).toBeVisible();
  await expect(page.getByText('Please enter your password!')).toBeVisible();
  await expectAccessible(page, 'login with errors');

  const refused = await request.post('/api/auth/login/', { data: { email: ACCOUNTS.owner.email, password: 'not-the-password' } });
  const sentence = ((await refused.json()) as { errors: string[] }).errors[0]!;
  await fillLogin(page, { email: ACCOUNTS.owner.email, password: 'not-the-password' });
  // In the form, by the fields, as well as in a toast.
  await expect(page.locator('form').getByRole('alert')).toHaveText(sentence);
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the registration notice shows on the login page', async ({ page }) => {
  await page.goto('/auth/login?registration=successful');
  await expect(page.getByText('Check your email')).toBeVisible();
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  await expectAccessible(page, '404');
});
