import { SCREEN_CODES } from '../../src/lib/format/words';
import { expect, signedInAs, test, waitForHydration } from './support';
import { panelApi } from './panel-api';
import { codesShown } from './whole-words';

// The codes the API answers in, put into words on the screens (src/lib/format/words.ts): counts
// agree with their nouns, brand names keep their spelling.
test.use({ storageState: signedInAs('owner') });

interface OrderRow {
  id: number;
  order_type: string;
  preferences: { locations?: { location: string; ip_address_count: number }[] };
}

// The tour (tour.spec.ts) reads every screen, as every role, for codes shown where words belong.
test('brand names keep their spelling and order types are named in words', async ({ page }) => {
  // PayPal is spelled as its owner spells it.
  await page.goto('/billing/transactions');
  await waitForHydration(page);
  await expect(page.getByRole('table').getByText('PayPal', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Paypal', { exact: true })).toHaveCount(0);
  await page.goto('/billing');
  await waitForHydration(page);
  await expect(page.getByRole('table').getByText('IP address hosting', { exact: true }).first()).toBeVisible();
});

test('an IP order page names its cities, and one address is one address', async ({ page }) => {
  await page.goto('/billing');
  await waitForHydration(page);
  const orders = (await (await panelApi(page)).get<{ data: OrderRow[] }>('/billing/orders/?per_page=100')).data;
  const single = orders.find((o) => o.order_type === 'IP_ADDRESS_HOSTING' && o.preferences.locations?.some((l) => l.ip_address_count === 1));
  expect(single, 'the demo has an IP order with one address in a city').toBeTruthy();
  await page.goto(`/billing/orders/${single!.id}`);
  await waitForHydration(page);
  const locations = page.locator('dt', { hasText: /^Locations$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(locations).toContainText(': 1 IP address,');
  await expect(locations).not.toContainText('1 addresses');
  for (const line of single!.preferences.locations ?? []) await expect(locations).not.toContainText(`${line.location}:`);
  expect(await codesShown(page, SCREEN_CODES)).toEqual([]);
});
