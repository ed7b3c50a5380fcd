import { SCREEN_CODES } from '../../src/lib/format/words';
import { expect, signedInAs, test, waitForHydration } from './support';
import { panelApi } from './panel-api';
import { codesShown } from './whole-words';

// The codes the API answers in, put into words on the screens of IP addresses, billing,
// hosting, the account and the company (src/lib/format/words.ts): no screen shows a code the
// panel has words for, counts agree with their nouns, brand names keep their spelling.
test.use({ storageState: signedInAs('owner') });

interface OrderRow {
  id: number;
  order_type: string;
  preferences: { locations?: { location: string; ip_address_count: number }[] };
}

test('the IP address, billing, hosting, account and company screens show words, never the codes behind them', async ({ page }) => {
  test.slow();
  await page.goto('/billing');
  await waitForHydration(page);
  const call = await panelApi(page);
  const groups = (await call.get<{ data: { guid: string }[] }>('/ip_addresses/groups/?per_page=100')).data;
  const hosting = (await call.get<{ data: { guid: string }[] }>('/hosting/accounts/?per_page=100')).data;
  const screens = [
    '/billing',
    '/billing/invoices',
    '/billing/payment-methods',
    '/billing/transactions',
    '/billing/cancellation-requests',
    '/hosting',
    '/account/companies',
    '/account/logins',
    '/company/users',
    '/company/contacts',
    ...groups.map((g) => `/ip-addresses/${g.guid}`),
    ...hosting.map((h) => `/hosting/${h.guid}`),
  ];
  for (const path of screens) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('main table tbody tr, main .card').first()).toBeVisible();
    expect(await codesShown(page, SCREEN_CODES), path).toEqual([]);
  }
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
