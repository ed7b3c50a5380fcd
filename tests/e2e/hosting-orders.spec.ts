import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { panelApi } from './panel-api';
import { hostingRoutes } from '../../src/lib/requests/hosting';

// Shared hosting orders and plan changes (spec part 3, 2.8, 4 "Plan change wizard", 5 "Shared
// hosting order", 8), as the demo owner: an order placed and paid through the sandbox gateway and
// its account created by the job; a downgrade previewed, scheduled and cancelled.
test.use({ storageState: signedInAs('owner') });

test('order shared hosting with a coupon, pay it at the sandbox gateway: a job creates the account, listed on /hosting', async ({ page }) => {
  await page.goto('/hosting');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Hosting Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Hosting Account' });
  await expect(dialog.getByRole('tab', { name: 'Shared Hosting' })).toHaveAttribute('aria-selected', 'true');
  const order = dialog.getByRole('button', { name: 'Order', exact: true });
  // Spec part 3, 5: disabled until a plan is chosen; ANNUALLY by default; the first location preselected.
  await expect(order).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: /^Annually/ })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveValue(/.+/);
  await expect(dialog.getByText('20% off')).toBeVisible();

  // The package details sub-dialog lists the plan's limits.
  await dialog.getByRole('button', { name: 'Package details of Business' }).click();
  const details = page.getByRole('dialog', { name: 'Package details: Business' });
  await expect(details.getByText('30 GB', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the package details');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  const name = `E2E Shop ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: /^Business/ }).check();
  await expect(order).toBeEnabled();
  // $9.99 x 12 less the cycle's 20%.
  await expect(dialog.getByTestId('hosting-order-total')).toHaveText('$95.90');

  // A coupon hides the cycle's tags, is said to override the discount on ANNUALLY, and replaces it.
  await dialog.getByRole('textbox', { name: 'Coupon' }).fill('welcome10');
  await expect(dialog.getByText('20% off')).toBeHidden();
  await expect(dialog.getByText('Coupon will override the default discount!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Coupon WELCOME10 (10%)')).toBeVisible();
  const total = dialog.getByTestId('hosting-order-total');
  await expect(total).toHaveText('$107.89');
  await expectAccessible(page, 'the Shared Hosting tab');

  // Once on a phone: the dialog fits the width and Order is in reach by scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  await order.scrollIntoViewIfNeeded();
  await expect(order).toBeInViewport();
  await expectAccessible(page, 'the Shared Hosting tab at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  await order.click();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+$/);
  await expect(page.getByText('Order successfully placed, redirecting to invoice...')).toBeVisible();
  const totals = page.locator('.doc-totals div.is-strong').filter({ has: page.getByText('Total', { exact: true }) });
  await expect(totals.locator('dd')).toHaveText('$107.89');

  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  const pay = page.getByRole('dialog', { name: /^Pay Invoice #/ });
  await pay.getByRole('radio', { name: /Company Visa/ }).check();
  await pay.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Approve the payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+\?payment=success$/);

  // The job creates the cPanel account once the payment is in (src/server/billing/hosting-provision.ts).
  const api = await panelApi(page);
  await expect
    .poll(
      async () =>
        (await api.get<{ data: { name: string; is_created: boolean }[] }>(`${hostingRoutes.listHostingAccounts.path}?per_page=100`)).data.find((a) => a.name === name)?.is_created,
    )
    .toBe(true);
  await page.goto('/hosting');
  await waitForHydration(page);
  const row = page.getByRole('table', { name: 'Hosting accounts' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Dallas');
  await expect(row).toContainText(/active/i);
});

test('a downgrade is previewed with its warnings, scheduled for the renewal, then cancelled; an upgrade previews its prorated Due today', async ({ page }) => {
  await page.goto('/hosting');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Main Shared Hosting', exact: true }).click();
  await expect(page).toHaveURL(/\/hosting\/[0-9a-f-]+$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Modify Plan' }).click();
  const wizard = page.getByRole('dialog', { name: /^Modify Plan/ });
  await expect(wizard).toHaveAccessibleName('Modify Plan: Choose a Plan');
  const next = wizard.getByRole('button', { name: 'Next', exact: true });
  // Spec part 3, 4: Next waits for a plan other than the current one.
  await expect(next).toBeDisabled();
  await wizard.getByRole('radio', { name: /^Business \(current plan\)/ }).check();
  await expect(next).toBeDisabled();
  await wizard.getByRole('radio', { name: /^Starter/ }).check();
  await expect(next).toBeEnabled();
  await expectAccessible(page, 'the plan change wizard, step 1');
  await next.click();

  await expect(wizard).toHaveAccessibleName('Modify Plan: Confirm');
  await expect(wizard.getByRole('radio', { name: /^Now/ })).toBeDisabled();
  await expect(wizard.getByRole('radio', { name: /^At renewal/ })).toBeChecked();
  await expect(wizard.getByText('This downgrade reduces your storage, memory and CPU.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'the plan change wizard, step 2');
  await wizard.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText("Hosting account's downgrade successfully scheduled!")).toBeVisible();
  await expect(wizard).toBeHidden();

  const banner = page.getByRole('status').filter({ hasText: 'A downgrade to the Starter plan is scheduled' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Cancel Downgrade' }).click();
  await expect(page.getByText('Downgrade request successfully canceled!')).toBeVisible();
  await expect(banner).toBeHidden();

  // An upgrade: "now" is the prorated 'Due today' of the server's preview; nothing is committed here.
  await page.getByRole('button', { name: 'Modify Plan' }).click();
  await wizard.getByRole('radio', { name: /^Pro/ }).check();
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(wizard.getByRole('radio', { name: /^Now/ })).toBeChecked();
  await expect(wizard.getByTestId('plan-change-due')).toHaveText(/^\$\d+\.\d\d$/);
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard).toHaveAccessibleName('Modify Plan: Choose a Plan');
});
