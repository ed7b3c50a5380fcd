import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { panelApi, placePaidIpOrder } from './panel-api';
import { ipAddressesRoutes } from '../../src/lib/requests/ip-addresses';

// An order's page (spec part 3, 2.6): its addresses, Extend (a period and the terms, then its
// invoice) and Cancel Order (the cancellation form's sentences, then PENDING CANCELLATION).
test.use({ storageState: signedInAs('owner') });

/** A running order of its own: one New York address in a new group, ordered and paid at the sandbox gateway. */
async function runningOrder(page: Page): Promise<number> {
  await page.goto('/billing');
  await waitForHydration(page);
  const api = await panelApi(page);
  const group = await api.send<{ group: { guid: string } }>('post', ipAddressesRoutes.createIpGroup.path, { name: `Order actions ${Date.now().toString(36)}` });
  return (await placePaidIpOrder(page, group.group.guid)).order_id;
}

test('extend an order to its invoice, then cancel it at the end of the cycle', async ({ page }) => {
  const id = await runningOrder(page);
  const invoiceRequests: string[] = [];
  page.on('request', (r) => void (r.url().includes(`/billing/orders/${id}/invoices/`) && invoiceRequests.push(r.url())));
  await page.goto(`/billing/orders/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  await expect(page.locator('.order-addresses code')).toHaveCount(1);
  await expect(page.getByRole('table', { name: `Invoices of order #${id}` }).getByRole('link', { name: /^#\d+$/ })).toHaveCount(1);
  // The order's invoices are asked for once, not again by the table as it appears.
  expect(invoiceRequests).toHaveLength(1);
  await expectAccessible(page, 'the order page with its actions');

  // Extend: the terms are required; a double click makes one invoice.
  await page.getByRole('button', { name: 'Extend' }).click();
  const extend = page.getByRole('dialog', { name: 'Extend order' });
  await extend.getByRole('radio', { name: /^3 months/ }).check();
  const amount = (await extend
    .locator('label')
    .filter({ hasText: /^3 months/ })
    .locator('strong')
    .textContent())!;
  await extend.getByRole('button', { name: 'Extend and go to invoice' }).click();
  await expect(extend.getByText('Please agree to the terms of service!')).toBeVisible();
  await extend.getByRole('checkbox', { name: 'I agree to the terms of service.' }).check();
  await expectAccessible(page, 'the extend dialog');
  await extend.getByRole('button', { name: 'Extend and go to invoice' }).dblclick();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+$/);
  await expect(page.getByText('Extension invoice created, redirecting to invoice...')).toBeVisible();
  const totals = page.locator('.doc-totals div.is-strong').filter({ has: page.getByText('Total', { exact: true }) });
  await expect(totals.locator('dd')).toHaveText(amount);
  const api = await panelApi(page);
  const invoices = await api.get<{ total: number }>(`/billing/orders/${id}/invoices/`);
  expect(invoices.total).toBe(2);

  // Cancel: each sentence of the form, then the request.
  await page.goto(`/billing/orders/${id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel order #${id}` });
  await cancel.getByRole('button', { name: 'Request cancellation' }).click();
  for (const sentence of [
    'Please select a cancellation reason!',
    'Please provide a recommendation score!',
    'Please answer how likely are you to return in the future!',
    'Please agree to the cancellation terms!',
  ]) {
    await expect(cancel.getByText(sentence)).toBeVisible();
  }
  await cancel.getByRole('combobox', { name: 'Reason' }).selectOption('PROJECT_ENDED');
  await cancel
    .getByRole('group', { name: /recommend us/ })
    .getByRole('radio', { name: '4' })
    .check();
  await cancel
    .getByRole('group', { name: /return in the future/ })
    .getByRole('radio', { name: '3' })
    .check();
  await cancel.getByRole('checkbox', { name: /cannot be undone/ }).check();
  await cancel.getByRole('button', { name: 'Request cancellation' }).dblclick();
  await expect(page.getByText('Cancellation request successfully submitted!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Order #${id} PENDING CANCELLATION` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  // Its buttons gone, the keyboard's focus is on the order's heading rather than lost.
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Extend' })).toHaveCount(0);
});
