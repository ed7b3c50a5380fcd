import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, test, waitForHydration } from './support';

/**
 * Holds every bundled script until `release` is called, as a slow connection would: the
 * server-rendered form is there to type into, its script is not.
 */
async function holdScripts(page: Page): Promise<() => void> {
  // The page's module scripts are held too, and the document waits for those before it says
  // DOMContentLoaded: tests go to the page with `waitUntil: 'commit'` and wait for the form.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('login: email and password typed before the page is ready are the ones submitted', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/auth/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(ACCOUNTS.owner.email);
  await page.getByLabel('Password').fill(ACCOUNTS.owner.password);
  // The page's script has not run: the typing went into the server-rendered form, and Login
  // waits for the script rather than posting the form away.
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(ACCOUNTS.owner.email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('sign-up: step 1 typed before the page is ready goes on to step 2 and is kept', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/auth/register', { waitUntil: 'commit' });
  const email = `early-${Date.now()}@example.test`;
  await page.getByLabel('First name').fill('Early');
  await page.getByLabel('Last name').fill('Typist');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-pass-phrase');
  await page.getByLabel('Company name').fill('Early Typist Ltd');
  await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
  release();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 5: Your address')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Company name')).toHaveValue('Early Typist Ltd');
});

test('sign-up: step 1 shows the password rule and refuses a short password there, not four steps later', async ({ page }) => {
  await page.goto('/auth/register');
  await waitForHydration(page);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAccessibleDescription(/At least 8 characters/);
  await page.getByLabel('First name').fill('Short');
  await page.getByLabel('Last name').fill('Password');
  await page.getByLabel('Email').fill(`short-${Date.now()}@example.test`);
  await password.fill('x');
  await page.getByLabel('Company name').fill('Short Password Ltd');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Your password must be at least 8 characters long.')).toBeVisible();
  await expect(page.getByText('Step 1 of 5: Your account')).toBeVisible();
  await expectAccessible(page, 'sign-up with a short password');
});

test('a failed login clears the green notice and says why in the form', async ({ page }) => {
  await page.goto('/auth/login?registration=successful');
  await waitForHydration(page);
  await expect(page.getByText('Check your email')).toBeVisible();
  await page.getByLabel('Email').fill(ACCOUNTS.owner.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('form').getByRole('alert')).toBeVisible();
  await expect(page.getByText('Check your email')).toHaveCount(0);
  await expectAccessible(page, 'login after a wrong password');
});
