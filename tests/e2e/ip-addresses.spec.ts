import { readFile } from 'node:fs/promises';
import { slotUpgradeDueToday } from '../../src/lib/billing/proration';
import { formatMoney, type Currency } from '../../src/lib/billing/money';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { panelApi } from './panel-api';
import { brokenWords } from './whole-words';

// The IP group page (spec part 3, 2.2), as the demo owner, on a group of its own: a few of the
// company's addresses without domains are moved there first, so other tests keep theirs.
test.use({ storageState: signedInAs('owner') });

interface Ip {
  guid: string;
  ip_address: string;
  ip_address_type: 'DEDICATED' | 'SHARED';
  status: string;
  domain_count: number;
  domains_allowed: number;
  http_version: number;
  cost: { additional_website_slot_cost: number; currency: string };
  order: { renewal_date: string | null } | null;
}

test('the group page: tag search, HTTP/2, bulk, signature, slots due today, a cancellation and the export', async ({ page }) => {
  await page.goto('/ip-addresses');
  await waitForHydration(page);
  const call = await panelApi(page);
  const stamp = Date.now();
  const { group } = await call.send<{ group: { guid: string } }>('post', '/ip_addresses/groups/', { name: `E2E IPs ${stamp}` });
  const all = (await call.get<{ data: Ip[] }>('/ip_addresses/?per_page=99999')).data.filter((ip) => ip.status === 'ACTIVE' && ip.domain_count === 0);
  const dedicated = all.filter((ip) => ip.ip_address_type === 'DEDICATED' && ip.http_version === 1 && ip.order?.renewal_date).slice(0, 3);
  const shared = all.find((ip) => ip.ip_address_type === 'SHARED')!;
  const mine = [...dedicated, shared];
  await call.send('patch', '/ip_addresses/', { action: 'MOVE', ip_addresses: mine.map((ip) => ip.guid), destination_group: group.guid });

  await page.goto(`/ip-addresses/${group.guid}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 2, name: `E2E IPs ${stamp}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'IP addresses' });
  await expect(table.getByRole('row')).toHaveCount(mine.length + 1);
  await expect(table.getByRole('row').filter({ hasText: shared.ip_address }).getByText('Unavailable')).toBeVisible();
  await expectAccessible(page, 'the IP group page');

  // Tag search: one address, then the tag removed.
  const search = page.getByRole('searchbox', { name: 'Search IP addresses' });
  await search.fill(dedicated[0]!.ip_address);
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Remove ${dedicated[0]!.ip_address}` }).click();
  await expect(table.getByRole('row')).toHaveCount(mine.length + 1);

  // The row's HTTP/2 toggle.
  const toggle = page.getByRole('switch', { name: `HTTP/2 for ${dedicated[0]!.ip_address}` });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('IP addresses successfully updated!').first()).toBeVisible();
  await expect(toggle).toBeChecked();

  // Bulk: HTTP/2 on for the two others, selected by their boxes.
  for (const ip of dedicated.slice(1)) await page.getByRole('checkbox', { name: `Select ${ip.ip_address}` }).check();
  await expect(page.getByText('2 selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Bulk Actions' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk actions' });
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk.getByText('Please select an action!')).toBeVisible();
  await bulk.getByRole('radio', { name: 'Enable HTTP/2' }).check();
  await expectAccessible(page, 'Bulk actions');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk).toHaveCount(0);
  for (const ip of dedicated.slice(1)) await expect(page.getByRole('switch', { name: `HTTP/2 for ${ip.ip_address}` })).toBeChecked();

  // Modify website slots: 'due today' by spec 9's formula, through the pricing module.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const target = dedicated[1]!;
  await page.getByRole('checkbox', { name: `Select ${target.ip_address}` }).check();
  await page.getByRole('button', { name: 'Modify Website Slots' }).click();
  const slots = page.getByRole('dialog', { name: 'Modify website slots' });
  await slots.getByRole('spinbutton', { name: `Website slots for ${target.ip_address}` }).fill(String(target.domains_allowed + 2));
  const due = slotUpgradeDueToday({
    today: new Date(),
    renewal: new Date(target.order!.renewal_date!),
    slotCostCents: target.cost.additional_website_slot_cost,
    addedSlots: 2,
  }).due_today;
  expect(due).toBeGreaterThan(0);
  await expect(slots.getByTestId('slots-due-today')).toHaveText(formatMoney(due, target.cost.currency as Currency));
  await expectAccessible(page, 'Modify website slots');
  // Saving an upgrade makes the invoice of that amount and goes to it (spec part 3, 4).
  await slots.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Success! Redirecting to invoice...')).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+$/);
  await expect(page.getByRole('main')).toContainText(formatMoney(due, target.cost.currency as Currency));
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: `E2E IPs ${stamp}` })).toBeVisible();

  // Signature of one dedicated address.
  await page.getByRole('button', { name: `Modify the signature of ${target.ip_address}` }).click();
  const signing = page.getByRole('dialog', { name: 'Modify signature' });
  const choice = signing.getByLabel('Signature');
  // The signatures load as the dialog opens: read the choices once they are there.
  await expect(choice.locator('option').nth(1)).toBeAttached();
  const option = (await choice.locator('option').allTextContents()).find((t) => t && t !== 'Choose a signature')!;
  await choice.selectOption({ label: option });
  await signing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('IP address signature successfully updated!')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: target.ip_address })).toContainText(option.replace(' (default)', ''));
  // The dialog closes after the list has reloaded; its footer's Cancel must be gone before the page's Cancel is pressed.
  await expect(signing).toBeHidden();

  // Cancel one address: every sentence the form needs, then the request.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel IP addresses' });
  await cancel.getByRole('button', { name: 'Request cancellation' }).click();
  await expect(cancel.getByText('Please select a cancellation reason!')).toBeVisible();
  await expect(cancel.getByText('Please provide a recommendation score!')).toBeVisible();
  await cancel.getByLabel('Reason').selectOption('PROJECT_ENDED');
  await cancel
    .getByRole('group', { name: /recommend us/ })
    .getByRole('radio', { name: '4' })
    .check();
  await cancel
    .getByRole('group', { name: /return in the future/ })
    .getByRole('radio', { name: '5' })
    .check();
  await cancel.getByRole('checkbox', { name: /cannot be undone/ }).check();
  await expectAccessible(page, 'the cancellation request');
  await cancel.getByRole('button', { name: 'Request cancellation' }).click();
  await expect(page.getByText('Cancellation request successfully submitted!')).toBeVisible();
  const cancelled = table.getByRole('row').filter({ hasText: target.ip_address });
  await expect(cancelled).toContainText('Pending cancellation');
  await expect(page.getByRole('checkbox', { name: `Select ${target.ip_address}` })).toBeDisabled();

  // Export: CSV then JSON of the group, with the results.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exporting = page.getByRole('dialog', { name: 'Export' });
  await exporting.getByLabel('Direction').selectOption('DESC');
  await exporting.getByRole('button', { name: 'Export' }).click();
  const results = page.getByRole('dialog', { name: 'Export results' });
  await expect(results.getByText(`${mine.length} IP addresses exported to`)).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), results.getByRole('link', { name: 'Download CSV' }).click()]);
  const lines = (await readFile((await csv.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('IP address,City,Country,Type,Status,Order,Website slots available,Website slots used,Server signature');
  expect(lines).toHaveLength(mine.length + 1);
  await results.getByRole('button', { name: 'Back' }).click();
  await exporting.getByLabel('Format').selectOption('JSON');
  await exporting.getByRole('button', { name: 'Export' }).click();
  const [json] = await Promise.all([page.waitForEvent('download'), results.getByRole('link', { name: 'Download JSON' }).click()]);
  const rows = JSON.parse(await readFile((await json.path())!, 'utf8')) as { ip_address: string; ip_address_status: string }[];
  expect(rows.map((r) => r.ip_address).sort()).toEqual(mine.map((ip) => ip.ip_address).sort());
  expect(rows.find((r) => r.ip_address === target.ip_address)?.ip_address_status).toBe('PENDING_CANCELLATION');
  await results.getByRole('button', { name: 'Close' }).first().click();

  // On a phone the page keeps its toolbar and its table scrolls in its box.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  await expect(table).toBeVisible();
  await expectAccessible(page, 'the IP group page at 360 px');
});

test('the IP group table fits a 1440 px window to its Server Signature column, with flag images and no visible “HTTP/2 for” text', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ip-addresses');
  await waitForHydration(page);
  const groups = (await (await panelApi(page)).get<{ data: { guid: string; name: string }[] }>('/ip_addresses/groups/?per_page=100')).data;
  await page.goto(`/ip-addresses/${groups.find((g) => g.name === 'EU Network')!.guid}`);
  await waitForHydration(page);
  const table = page.getByRole('table', { name: 'IP addresses' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The table's own box does not scroll: every column, the last one too, is in view.
  const box = page.locator('.data-table-wrap').filter({ has: table });
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(table.getByRole('columnheader', { name: 'Server Signature' })).toBeInViewport();
  // The switch is named for assistive technology; its name is not printed in every row.
  const first = table
    .getByRole('row')
    .filter({ has: page.getByRole('switch') })
    .first();
  await expect(first.getByRole('switch', { name: /^HTTP\/2 for / })).toBeAttached();
  const label = first.getByText(/^HTTP\/2 for /);
  expect((await label.boundingBox())!.width).toBeLessThanOrEqual(1);
  // Flags are images (an emoji flag is two letters on Windows), and no word is broken in two.
  await expect(first.locator('img.flag')).toHaveAttribute('src', /\.svg$/);
  expect(await first.innerText()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  expect(await brokenWords(table)).toEqual([]);
});
