import { TOTP_PERIOD, TOTP_WINDOW, totpCode, totpStep } from '../../src/server/auth/totp';
import type { Page } from '@playwright/test';
import { ACCOUNTS, KNOWN_DEVICE_ID, expect, expectAccessible, test, waitForHydration } from './support';
import { codeIn, linkIn, mailboxMark, waitForMail } from './mailbox';

/**
 * Sign-up, verification, 2FA, device verification and recovery as a person does them, reading
 * the emailed links and codes from the test server's mailbox (scripts/smtp-sink.mjs).
 */

const PASSWORD = 'a long enough passphrase';
const NEW_PASSWORD = 'another long passphrase';

async function login(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

async function logOut(page: Page) {
  await page.goto('/auth/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/**
 * The code of an authenticator app whose clock may run up to one step ahead (the server accepts
 * one step either side, src/server/auth/totp.ts): each call answers the code of the step after
 * the last one used, at least the current one, so no code is used twice and no test waits for
 * the next 30 seconds. Two codes within a minute stay inside the window, whenever they are asked.
 */
function nextTotp(secret: string, used: { lastStep: number | null }): string {
  const current = totpStep(new Date());
  const step = used.lastStep === null ? current : Math.max(current, used.lastStep + 1);
  if (step > current + TOTP_WINDOW) throw new Error('more codes asked for than the window accepts within a step');
  used.lastStep = step;
  return totpCode(secret, new Date(step * TOTP_PERIOD * 1000));
}

test('the sign-in page offers “Request new verification email” only once the server says the email is unverified', async ({ page }) => {
  await page.goto('/auth/login');
  await waitForHydration(page);
  const resend = page.getByRole('button', { name: 'Request new verification email' });
  await expect(resend).toBeHidden();
  // A wrong password of a verified account: still not offered.
  await login(page, ACCOUNTS.owner.email, 'not the password at all');
  await expect(page.locator('[data-message]')).toBeVisible();
  await expect(resend).toBeHidden();
});

test('register steps show the validation sentences of spec part 1, 5', async ({ page }) => {
  await page.goto('/auth/register');
  await waitForHydration(page);
  await expectAccessible(page, 'register step 1');
  await page.getByRole('button', { name: 'Next' }).click();
  for (const sentence of [
    'Please enter your first name!',
    'Please enter your last name!',
    'Please enter a valid email address!',
    'Please enter your password!',
    'Please enter a correct company name or enter your full name!',
  ]) {
    await expect(page.getByText(sentence)).toBeVisible();
  }
  await expectAccessible(page, 'register step 1 with errors');

  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Lidation');
  await page.getByLabel('Email').fill(ACCOUNTS.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Company name').fill('N/A');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("If you don't have a company name, please enter your name!")).toBeVisible();

  await page.getByLabel('Company name').fill('Validation Works');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This email address cannot be used for a new account. If it is yours, log in or reset your password.').first()).toBeVisible();

  await page.getByLabel('Email').fill(`vera-${Date.now()}@example.test`);
  await page.getByLabel('VAT ID (optional)').fill('BE0897221791');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a valid VAT ID!')).toBeVisible();
  await page.getByLabel('VAT ID (optional)').fill('EE102345605');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The company name must exactly match the registry!')).toBeVisible();
  await page.getByLabel('VAT ID (optional)').fill('');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const sentence of ['Please enter your address!', 'Please enter your city!', 'Please enter your region!', 'Please enter your country!', 'Please enter your postal code!']) {
    await expect(page.getByText(sentence)).toBeVisible();
  }
  await page.getByLabel('How did you hear about us?').selectOption('Other');
  await page.getByLabel('Address', { exact: true }).fill('1 Test Street');
  await page.getByLabel('City').fill('Tallinn');
  await page.getByLabel('Region').fill('Harju');
  await page.getByRole('combobox', { name: 'Country' }).fill('Eston');
  await page.getByRole('option', { name: 'Estonia' }).click();
  await page.getByLabel('Postal code').fill('10111');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please be specific about where you found us!')).toBeVisible();
  await expectAccessible(page, 'register step 2 with errors');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Company name')).toHaveValue('Validation Works');
});

test('sign up, verify, 2FA, backup codes, device verification, and password reset', async ({ page, browser, request }) => {
  const email = `ada-${Date.now()}@example.test`;
  const usedCodes: { lastStep: number | null } = { lastStep: null };

  // Sign-up: five steps, with the campaign parameters of the landing URL.
  await page.goto('/auth/register?utm_source=e2e&aff_click_id=click-1');
  await waitForHydration(page);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Company name').fill('Analytical Engines');
  await expect(page.getByLabel('VAT ID (optional)')).toHaveAttribute('placeholder', 'EE123456789');
  await page.getByRole('radio', { name: 'EUR' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await page.getByLabel('Address', { exact: true }).fill('12 St James Square');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Region').fill('London');
  await page.getByRole('combobox', { name: 'Country' }).fill('United King');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('Postal code').fill('SW1Y 4JH');
  await page.getByLabel('How did you hear about us?').selectOption('Conference');
  await page.getByLabel('Please be more specific').fill('WebSummit');
  await expectAccessible(page, 'register step 2');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('region', { name: 'Terms of Service' })).toContainText('$15');
  await expectAccessible(page, 'register step 3');
  await page.getByRole('button', { name: 'I agree to the Terms of Service' }).click();
  await expect(page.getByRole('region', { name: 'Privacy Policy' })).toBeVisible();
  await expectAccessible(page, 'register step 4');
  await page.getByRole('button', { name: 'I agree to the Privacy Policy' }).click();

  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await page.getByText('I accept the').click();
  await expect(create).toBeEnabled();
  await expectAccessible(page, 'register step 5');
  await create.click();
  await expect(page).toHaveURL('/auth/login?registration=successful');
  await expect(page.getByText('Check your email')).toBeVisible();
  await expectAccessible(page, 'login after sign-up');

  // Not verified yet: the resend button, then the newest link verifies.
  const beforeResend = mailboxMark();
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Request new verification email' }).click();
  await expect(page.getByText('Verification successfully requested! Please check your mailbox!')).toBeVisible();
  const verifyMail = await waitForMail(email, { subject: 'Please verify your email address', after: beforeResend });
  await page.goto(linkIn(verifyMail, '/auth/verify'));
  await expect(page).toHaveURL('/auth/login?account=created');
  await expect(page.getByText('Email address successfully verified!')).toBeVisible();
  await expectAccessible(page, 'login after verification');

  // First sign-in: a new account is welcomed by the getting-started wizard; this person skips
  // it (tests/e2e/getting-started.spec.ts walks it). Then 2FA from the profile.
  await login(page, email, PASSWORD);
  const wizard = page.getByRole('dialog', { name: 'Getting Started Wizard' });
  await expect(wizard.getByText('Step 1 of 8')).toBeVisible();
  await wizard.getByRole('button', { name: 'Skip guided setup' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(wizard).toHaveCount(0);
  await expectDashboard(page);
  await page.goto('/auth/register');
  await expectDashboard(page);
  await page.goto('/account/profile');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog');
  await expectAccessible(page, '2FA step 1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  await expect(dialog.getByRole('img', { name: 'QR code for the Google Authenticator app' })).toBeVisible();
  await expectAccessible(page, '2FA step 2');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('Please enter the code from Google Authenticator app!')).toBeVisible();
  await dialog.getByLabel('Code from the app').fill(nextTotp(secret, usedCodes));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const codeItems = dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = (await codeItems.allTextContents()).map((c) => c.trim());
  await expectAccessible(page, '2FA step 4');
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  await dialog.getByText('I have saved my backup codes').click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByText('2FA successfully enabled! Please log in again!')).toBeVisible();

  // Sign-in with a TOTP code.
  await login(page, email, PASSWORD);
  await expect(page.getByRole('radio', { name: 'Code', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter the 6 digit code!')).toBeVisible();
  await expectAccessible(page, 'login 2FA step');
  await page.getByRole('textbox', { name: 'Authentication code (6 digits)' }).fill(nextTotp(secret, usedCodes));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDashboard(page);
  await logOut(page);

  // A backup code works once.
  for (const attempt of ['first', 'second'] as const) {
    await login(page, email, PASSWORD);
    await page.getByRole('radio', { name: 'Backup code' }).check();
    await page.getByRole('textbox', { name: 'Backup code (10 characters)' }).fill(`${codes[0]!.slice(0, 5)} ${codes[0]!.slice(5)}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expectDashboard(page);
      await logOut(page);
    } else {
      await expect(page.getByRole('main').getByText('The code is not correct. Please try again.')).toBeVisible();
    }
  }
  await page.getByRole('textbox', { name: 'Backup code (10 characters)' }).fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDashboard(page);
  const oldToken = await page.evaluate(() => localStorage.getItem('hostdeck:token'));
  expect(oldToken).toBeTruthy();

  // Device verification: an account without 2FA, from a browser it has not seen.
  const bluebird = { email: 'bluebird@hostdeck.test', password: ACCOUNTS.owner.password };
  const known = await request.post('/api/auth/login/', { data: { ...bluebird, fingerprint: KNOWN_DEVICE_ID } });
  expect(await known.json()).toHaveProperty('token');
  const other = await browser.newContext();
  const device = await other.newPage();
  const beforeDevice = mailboxMark();
  await login(device, bluebird.email, bluebird.password);
  await expect(device.getByText('Trust this device for 60 days?')).toBeVisible();
  await expectAccessible(device, 'login device step');
  const deviceMail = await waitForMail(bluebird.email, { subject: 'Your sign-in verification code', after: beforeDevice });
  await device.getByLabel('Verification code').fill(codeIn(deviceMail));
  await device.getByText('Trust this device for 60 days?').click();
  await device.getByRole('button', { name: 'Verify' }).click();
  await expectDashboard(device);
  await logOut(device);
  await login(device, bluebird.email, bluebird.password);
  await expectDashboard(device);
  await other.close();

  // Recovery from a browser that is not signed in; the reset ends the old session.
  const fresh = await browser.newContext();
  const recover = await fresh.newPage();
  const beforeReset = mailboxMark();
  await recover.goto('/auth/recover');
  await waitForHydration(recover);
  await expectAccessible(recover, 'recover');
  await recover.getByLabel('Email').fill(email);
  await recover.getByRole('button', { name: 'Send reset link' }).click();
  await expect(recover.getByText('If your email exists in our database, you will get an email very soon with instructions to reset your password!')).toBeVisible();
  const resetMail = await waitForMail(email, { subject: 'Reset your password', after: beforeReset });
  await recover.goto(linkIn(resetMail, '/auth/reset'));
  await waitForHydration(recover);
  await recover.getByLabel('New password').fill(NEW_PASSWORD);
  await recover.getByLabel('Repeat password').fill('something else');
  await recover.getByRole('button', { name: 'Reset password' }).click();
  await expect(recover.getByText('Your passwords do not match!')).toBeVisible();
  await expectAccessible(recover, 'reset with errors');
  await recover.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await recover.getByRole('button', { name: 'Reset password' }).click();
  await expect(recover).toHaveURL('/auth/login');
  await expect(recover.getByText('Password successfully reset!')).toBeVisible();
  await fresh.close();

  const refused = await request.get('/api/account/whoami/', { headers: { Authorization: `Token ${oldToken}` } });
  expect(refused.status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login/);
  await login(page, email, NEW_PASSWORD);
  await page.getByRole('radio', { name: 'Backup code' }).check();
  await page.getByRole('textbox', { name: 'Backup code (10 characters)' }).fill(codes[2]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectDashboard(page);
});

test('public pages: terms, privacy, unsubscribe and contact verification', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText('$50 chargeback fee', { exact: false })).toBeVisible();
  await expectAccessible(page, 'terms');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expectAccessible(page, 'privacy');

  await page.goto('/unsubscribe?eid=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong, please contact our support.' })).toBeVisible();
  await expectAccessible(page, 'unsubscribe failed');

  await page.goto('/auth/verify/contact?hash=not-a-real-link');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter the verification code from the email!')).toBeVisible();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This verification link is not valid or has expired.')).toBeVisible();
  await expectAccessible(page, 'contact verification');
});
