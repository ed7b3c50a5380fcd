import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { panelApi } from './panel-api';

// Billing > Cancellation Requests (spec part 3, 2.4), as the demo owner: a request of the
// test's own (two addresses nobody else's test uses), viewed and cancelled.
test.use({ storageState: signedInAs('owner') });

interface Ip {
  guid: string;
  ip_address: string;
  ip_address_type: string;
  status: string;
  domain_count: number;
  city: string;
  country: string;
  group: { guid: string; name: string };
}

async function openTab(page: Page) {
  await page.goto('/billing/cancellation-requests');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Cancellation Requests' })).toHaveAttribute('aria-selected', 'true');
}

test('a pending request: listed, viewed with its addresses, then cancelled', async ({ page }) => {
  await openTab(page);
  const call = await panelApi(page);
  // From the end of the list: the IP page's test takes its addresses from the start.
  const ips = (await call.get<{ data: Ip[] }>('/ip_addresses/?per_page=99999')).data
    .filter((ip) => ip.status === 'ACTIVE' && ip.domain_count === 0 && ip.ip_address_type === 'DEDICATED')
    .slice(-2);
  const { guid } = await call.send<{ guid: string }>('post', '/billing/cancellations/', {
    cancellation_time: 'END_OF_BILLING_CYCLE',
    cancellation_reason: 'PROJECT_ENDED',
    recommendation_score: 4,
    how_likely_to_use_us_again: 5,
    ip_addresses: ips.map((ip) => ip.guid),
  });
  const { date_created } = await call.get<{ date_created: string }>(`/billing/cancellations/${guid}/`);

  await openTab(page);
  const table = page.getByRole('table', { name: 'Cancellation requests' });
  // The row of this test's request, by its creation time.
  const row = table.getByRole('row').filter({ has: page.locator(`time[datetime="${date_created}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('End of billing cycle');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expectAccessible(page, 'the Cancellation Requests tab');

  await row.getByRole('button', { name: /^View cancellation request/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancellation request' });
  const addresses = dialog.getByRole('table', { name: 'IP addresses' });
  for (const ip of ips) {
    const line = addresses.getByRole('row').filter({ hasText: ip.ip_address });
    await expect(line).toContainText(`${ip.city}, ${ip.country}`);
    await expect(line.getByRole('link', { name: ip.group.name })).toHaveAttribute('href', `/ip-addresses/${ip.group.guid}`);
  }
  await expect(dialog.getByText('Not yet')).toBeVisible();
  await expectAccessible(page, 'the cancellation request dialog');

  await dialog.getByRole('button', { name: 'Cancel request' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel cancellation request' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'the cancel confirmation');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Cancellation request successfully cancelled!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.locator(`time[datetime="${date_created}"]`)).toHaveCount(0);

  // Its addresses serve again.
  const after = (await call.get<{ data: Ip[] }>('/ip_addresses/?per_page=99999')).data.filter((ip) => ips.some((mine) => mine.guid === ip.guid));
  expect(after.map((ip) => ip.status)).toEqual(['ACTIVE', 'ACTIVE']);
});

test('the tab fits a 360 px screen; a processed request has no Cancel', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openTab(page);
  // By its status cell: 'Processed' is in a column header too.
  const processed = page
    .getByRole('table', { name: 'Cancellation requests' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Processed', exact: true }) })
    .first();
  await expect(processed).toBeVisible();
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  await expectAccessible(page, 'the Cancellation Requests tab at 360 px');

  await processed.getByRole('button', { name: /^View cancellation request/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancellation request' });
  await expect(dialog.getByRole('table', { name: 'IP addresses' }).getByRole('row').nth(1)).toBeVisible();
  await expect(dialog.locator('.status-badge').getByText('Processed', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await expectAccessible(page, 'a processed request at 360 px');
});
