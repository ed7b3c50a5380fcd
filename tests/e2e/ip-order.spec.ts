import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { panelApi } from './panel-api';
import { brokenWords } from './whole-words';

// The IP order wizard (spec part 3, 2.3, 4 "Order wizard", 5 "IP order", 9 "Ordering"), as the
// demo owner: dedicated addresses in two cities with extra slots and a coupon, the summary's
// total equal to the invoice's.
test.use({ storageState: signedInAs('owner') });

/** A new IP group of the demo company, its page open, and the wizard opened by Add IP Addresses (spec part 3, 2.2). */
async function openWizard(page: Page): Promise<{ guid: string; name: string }> {
  await page.goto('/ip-addresses');
  await waitForHydration(page);
  const name = `E2E order ${Date.now()}`;
  const { group } = await (await panelApi(page)).send<{ group: { guid: string } }>('post', '/ip_addresses/groups/', { name });
  await page.goto(`/ip-addresses/${group.guid}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add IP Addresses' }).click();
  return { guid: group.guid, name };
}

test('order dedicated IPs in two cities with slots and a coupon: the summary’s total is the invoice’s, paid through the sandbox the addresses join the group', async ({ page }) => {
  const group = await openWizard(page);
  const wizard = page.getByRole('dialog', { name: /^Order IP Addresses/ });
  await expect(wizard).toHaveAccessibleName('Order IP Addresses: Filters');
  // Spec part 3, 9: DEDICATED and subnet C by default.
  await expect(wizard.getByRole('radio', { name: 'Dedicated' })).toBeChecked();
  await expect(wizard.getByRole('radio', { name: /^C-class/ })).toBeChecked();
  await expectAccessible(page, 'the wizard’s filters');

  // 'No filter' asks first (spec part 3, 4); Cancel keeps the filter, 'Yes, I am sure!' takes it.
  await wizard.getByRole('radio', { name: 'No filter' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText(/random IP addresses from any subnet/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(wizard.getByRole('radio', { name: /^C-class/ })).toBeChecked();
  await wizard.getByRole('radio', { name: 'No filter' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, I am sure!' }).click();
  await expect(wizard.getByRole('radio', { name: 'No filter' })).toBeChecked();

  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(wizard).toHaveAccessibleName('Order IP Addresses: Locations');
  // Next waits for a choice (spec part 3, 2.3); Sydney is sold out.
  await expect(wizard.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expect(wizard.getByRole('spinbutton', { name: 'IP addresses in Sydney' })).toBeDisabled();
  await wizard.getByRole('spinbutton', { name: 'IP addresses in New York' }).fill('2');
  await wizard.getByRole('spinbutton', { name: 'Website slots per IP address in New York' }).fill('3');
  await wizard.getByRole('spinbutton', { name: 'IP addresses in Frankfurt' }).fill('1');
  await wizard.getByRole('spinbutton', { name: 'Website slots per IP address in Frankfurt' }).fill('2');
  await expectAccessible(page, 'the wizard’s locations');
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(wizard).toHaveAccessibleName('Order IP Addresses: Summary');
  await expect(wizard.getByRole('radio', { name: /^Annually/ })).toBeChecked();
  // The guided tour pops up after 500 ms: the totals, then the button; it goes with the keyboard.
  const tour = page.getByRole('alertdialog', { name: 'Your totals' });
  await expect(tour).toBeVisible();
  await expectAccessible(page, 'the summary’s guided tour');
  await tour.getByRole('button', { name: 'Next' }).press('Enter');
  const second = page.getByRole('alertdialog', { name: 'Place your order' });
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Got it' }).click();
  await expect(second).toBeHidden();

  await wizard.getByRole('textbox', { name: 'Coupon' }).fill('ipannual20');
  await wizard.getByRole('button', { name: 'Apply' }).click();
  await expect(wizard.getByText('Coupon will override the default discount!')).toBeVisible();
  await expect(wizard.getByText('Coupon IPANNUAL20 (20%)')).toBeVisible();
  // New York: 2 x $3.00 + 2 x $1.00 x 2; Frankfurt: $3.50 + $1.00; $14.50 a month, 12 months, less 20%.
  const total = wizard.getByTestId('ip-order-total');
  await expect(total).toHaveText('$139.20');
  await expectAccessible(page, 'the wizard’s summary');

  // Once on a phone: the summary fits the width and its button is in reach by scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  const box = await wizard.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  const place = wizard.getByRole('button', { name: 'Place Order' });
  await place.scrollIntoViewIfNeeded();
  await expect(place).toBeInViewport();
  await expectAccessible(page, 'the wizard’s summary at 360 px');

  const shown = await total.textContent();
  await place.click();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+$/);
  await expect(page.getByText('Order successfully placed, redirecting to invoice...')).toBeVisible();
  const totals = page.locator('.doc-totals div.is-strong').filter({ has: page.getByText('Total', { exact: true }) });
  await expect(totals.locator('dd')).toHaveText(shown!);

  // Paid with the saved card at the sandbox gateway: the three addresses join the group.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  const pay = page.getByRole('dialog', { name: /^Pay Invoice #/ });
  await pay.getByRole('radio', { name: /Company Visa/ }).check();
  await pay.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Approve the payment' })).toBeVisible();
  await expect(page.getByText(shown!, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+\?payment=success$/);
  await page.goto(`/ip-addresses/${group.guid}`);
  await waitForHydration(page);
  const rows = page.getByRole('table', { name: 'IP addresses' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'New York' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Frankfurt' })).toHaveCount(1);
});

test('the tour is not shown again once dismissed', async ({ page }) => {
  await openWizard(page);
  const wizard = page.getByRole('dialog', { name: /^Order IP Addresses/ });
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await wizard.getByRole('spinbutton', { name: 'IP addresses in Chicago' }).fill('1');
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  const tour = page.getByRole('alertdialog', { name: 'Your totals' });
  await expect(tour).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  await expect(wizard).toBeVisible();
  // Kept in this browser, so the summary does not start it again.
  expect(await page.evaluate(() => localStorage.getItem('hostdeck:pref:ip-order-tour'))).toBe('dismissed');
});

test('11 website slots are refused with the spec’s sentence, not turned into 10', async ({ page }) => {
  await openWizard(page);
  const wizard = page.getByRole('dialog', { name: /^Order IP Addresses/ });
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await wizard.getByRole('spinbutton', { name: 'IP addresses in Chicago' }).fill('1');
  const slots = wizard.getByRole('spinbutton', { name: 'Website slots per IP address in Chicago' });
  await slots.fill('11');
  await expect(slots).toHaveValue('11');
  await expect(slots).toHaveAccessibleDescription('Website slot count cannot be larger than 10!');
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(wizard).toHaveAccessibleName('Order IP Addresses: Locations');
  await slots.fill('10');
  await expect(wizard.getByText('Website slot count cannot be larger than 10!')).toHaveCount(0);
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(wizard).toHaveAccessibleName('Order IP Addresses: Summary');
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width} px the wizard keeps its words and amounts whole and the tour leaves the coupon field uncovered`, async ({ page }) => {
    await page.setViewportSize(size);
    await openWizard(page);
    const wizard = page.getByRole('dialog', { name: /^Order IP Addresses/ });
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('spinbutton', { name: 'IP addresses in Los Angeles' }).fill('2');
    await wizard.getByRole('spinbutton', { name: 'Website slots per IP address in Los Angeles' }).fill('4');
    expect(await brokenWords(wizard)).toEqual([]);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    const tour = page.getByRole('alertdialog', { name: 'Your totals' });
    await expect(tour).toBeVisible();
    expect(await brokenWords(wizard)).toEqual([]);
    const overlap = async () => {
      const [tip, coupon] = await Promise.all([page.locator('.ip-tour-content').boundingBox(), wizard.getByRole('textbox', { name: 'Coupon' }).boundingBox()]);
      return tip!.x < coupon!.x + coupon!.width && coupon!.x < tip!.x + tip!.width && tip!.y < coupon!.y + coupon!.height && coupon!.y < tip!.y + tip!.height;
    };
    expect(await overlap()).toBe(false);
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Place your order' })).toBeVisible();
    expect(await overlap()).toBe(false);
  });
}
