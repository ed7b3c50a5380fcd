import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// The affiliate programme (spec part 3, 2.10) as the demo owner, an approved affiliate; the
// application as a new account of the test's own.

async function openAffiliate(page: Page, path = '/affiliate') {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
}

const NO_ACTIVITY = 'No clicks, referrals or earnings in this date range.';

/** A date as the report's table shows it (DateTime dateOnly): YYYY/MM/DD, UTC. */
const shown = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '/');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/**
 * Waits for the report of `from` .. `to` (YYYY/MM/DD): the table has only days with activity, at
 * most one row a day, each in the range, newest first, and its clicks and referrals add up to the
 * chart's, which covers every day; with no activity, the sentence instead of the table.
 */
async function expectReport(page: Page, from: string, to: string, days: number) {
  const chart = page.getByRole('img', { name: /^Clicks \(\d+\) and referrals \(\d+\) per day$/ });
  await expect(chart).toBeVisible();
  await expect
    .poll(async () => {
      const [, clicks, referrals] = ((await chart.getAttribute('aria-label')) ?? '').match(/\((\d+)\).*\((\d+)\)/)!.map(Number);
      const rows = await page
        .getByRole('group', { name: 'Report table' })
        .getByRole('row')
        .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      const empty = await page.getByText(NO_ACTIVITY).isVisible();
      const dates = rows.map((r) => r[0]!);
      return (
        rows.length <= days &&
        empty === (rows.length === 0) &&
        dates.every((d, i) => d >= from && d <= to && (i === 0 || d < dates[i - 1]!)) &&
        rows.every((r) => Number(r[1]) + Number(r[2]) > 0 || r[3] !== '$0.00') &&
        rows.reduce((n, r) => n + Number(r[2]), 0) === clicks &&
        rows.reduce((n, r) => n + Number(r[1]), 0) === referrals
      );
    })
    .toBe(true);
}

/** The Clicks figure of today's row of the report (the Today preset shows one row at most: none while today has no activity). */
async function todaysClicks(page: Page): Promise<number> {
  await openAffiliate(page, '/affiliate/reports');
  await page.getByLabel('Date range').selectOption({ label: 'Today' });
  const today = shown(new Date());
  await expectReport(page, today, today, 1);
  if (await page.getByText(NO_ACTIVITY).isVisible()) return 0;
  const rows = page.getByRole('group', { name: 'Report table' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  return Number(await rows.nth(1).getByRole('cell').nth(2).textContent());
}

test.describe('as an approved affiliate', () => {
  test.use({ storageState: signedInAs('owner') });

  test('an affiliate link followed in the browser is counted in the report', async ({ page, browser, baseURL }) => {
    const before = await todaysClicks(page);
    // A visitor of their own: no session, as someone clicking the link on the affiliate's site.
    const visitor = await browser.newContext({ baseURL: baseURL!, storageState: { cookies: [], origins: [] } });
    const tab = await visitor.newPage();
    await tab.goto('/api/affiliate/r/northwind');
    await expect(tab).toHaveURL(/\/auth\/register\?aff_click_id=clk_/);
    const cookies = await visitor.cookies();
    expect(cookies.find((c) => c.name === 'hostdeck_aff_click_id')?.value).toBe(new URL(tab.url()).searchParams.get('aff_click_id'));
    await visitor.close();

    await page.reload();
    await waitForHydration(page);
    expect(await todaysClicks(page)).toBe(before + 1);
  });

  test('links: create a link, request a custom one, disable', async ({ page }) => {
    await openAffiliate(page, '/affiliate/links');
    const table = page.getByRole('table', { name: 'Affiliate links' });
    await expect(table.getByText('northwind', { exact: true })).toBeVisible();
    await expect(table.getByText(/\/api\/affiliate\/r\/northwind$/)).toBeVisible();
    await expectAccessible(page, 'the Links tab');

    await page.getByRole('button', { name: 'Create a Link' }).click();
    await expect(page.getByText('New link successfully created!')).toBeVisible();

    const hash = `e2e-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Request a Custom Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Custom Link' });
    await dialog.getByRole('button', { name: 'Request' }).click();
    await expect(dialog.getByText('Please enter your brand name!')).toBeVisible();
    await expect(dialog.getByText('Please describe how and where you use the custom link!')).toBeVisible();
    await expectAccessible(page, 'the custom link dialog');
    await dialog.getByLabel('Brand name').fill(hash.toUpperCase());
    await dialog.getByLabel('How and where will you use it?').fill('In our e2e newsletter.');
    await dialog.getByRole('button', { name: 'Request' }).click();
    await expect(page.getByText('A custom link successfully requested!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const requested = table.getByRole('row').filter({ hasText: hash });
    await expect(requested.getByText('Pending')).toBeVisible();

    await requested.getByRole('button', { name: `Disable ${hash}` }).click();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText('Link successfully disabled!')).toBeVisible();
    await expect(requested.getByText('Disabled')).toBeVisible();
  });

  test('reports: every preset, the area chart and the table', async ({ page }) => {
    await openAffiliate(page, '/affiliate/reports');
    const presets = page.getByLabel('Date range');
    await expect(presets.getByRole('option')).toHaveText([
      'Custom',
      'Today',
      'This Week',
      'Last 7 Days',
      'Last 14 Days',
      'Last 30 Days',
      'This Month',
      'Last Month',
      'Last 3 Months',
      'Last 6 Months',
      'This Year',
      'Last Year',
    ]);
    await expect(page.getByRole('img', { name: /^Clicks \(\d+\) and referrals \(\d+\) per day$/ })).toBeVisible();
    // The table lists the days with activity only (a row a day at most), newest first, as YYYY/MM/DD.
    const today = shown(new Date());
    await expectReport(page, shown(daysAgo(29)), today, 30);
    const rows = page.getByRole('group', { name: 'Report table' }).getByRole('row');
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
    await expectAccessible(page, 'the Reports tab');
    for (const [label, count] of [
      ['Last 7 Days', 8],
      ['Last 14 Days', 15],
      ['Today', 2],
    ] as const) {
      await presets.selectOption({ label });
      await expectReport(page, shown(daysAgo(count - 2)), today, count - 1);
    }
    // A whole year: the chart has every day, the table only the days with activity (the demo's are recent: none, or a few).
    await presets.selectOption({ label: 'Last Year' });
    const year = new Date().getUTCFullYear() - 1;
    await expect(page.getByLabel('To')).toHaveValue(/-12-31$/);
    await expectReport(page, `${year}/01/01`, `${year}/12/31`, 365);
    await page.getByLabel('From').fill('2026-05-02');
    await page.getByLabel('To').fill('2026-05-01');
    await expect(page.getByText('The start date must not be after the end date!')).toBeVisible();
  });

  test('overview, billing with payment details, and an invoice page; 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAffiliate(page);
    await expect(page.getByRole('region', { name: 'Last 30 days' }).getByText('Conversion rate')).toBeVisible();
    await expect(page.getByRole('region', { name: 'All time' }).getByText('Total earnings')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Recent referral activity table' }).getByRole('row').nth(1)).toBeVisible();
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.screen);
    await expectAccessible(page, 'the Overview at 360 px');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page).toHaveURL('/affiliate/billing');
    await expect(page.getByText('NET30 days')).toBeVisible();
    await page.getByRole('button', { name: /^(Add|Update) Payment Details$/ }).click();
    const dialog = page.getByRole('dialog', { name: /Payment Details$/ });
    await expect(dialog.getByText('USD wire transfer fee: USD 23.00.')).toBeVisible();
    await expect(dialog.getByText('EUR wire transfer fee: USD 17.50.')).toBeVisible();
    await dialog.getByLabel('Payment method').selectOption('SWIFT');
    await expect(dialog.getByLabel('IBAN')).toBeVisible();
    await expectAccessible(page, 'the payment details dialog');
    await dialog.getByLabel('Payment method').selectOption('PAYPAL');
    await dialog.getByLabel('PayPal email').fill('e2e-payouts@northwind.test');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Payment method successfully updated!')).toBeVisible();
    await expect(page.getByText('PayPal: e2e-payouts@northwind.test (USD) (current)')).toBeVisible();
    await expectAccessible(page, 'the Billing tab');

    await page
      .getByRole('table', { name: 'Affiliate invoices' })
      .getByRole('link', { name: /^View invoice/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Affiliate Invoice #\d+$/ })).toBeVisible();
    // Named once, by the page's heading; the card's says where the invoice stands.
    await expect(page.getByRole('heading', { name: /Affiliate Invoice/ })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: /^Status [A-Z][a-z ]+$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Issuer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Beneficiary' })).toBeVisible();
    await expect(page.getByText('Net amount')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^affiliate-invoice-\d+\.pdf$/);
    await expectAccessible(page, 'the affiliate invoice page');
  });
});

test.describe('a new account', () => {
  test.use({ storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

  test('is sent to the application, which is submitted for review', async ({ page }) => {
    await page.goto('/affiliate');
    await waitForHydration(page);
    await expect(page).toHaveURL('/affiliate/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Application' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /affiliate programme agreement/ }).click();
    await submit.click();
    await expect(page.getByText('Please enter your first name!')).toBeVisible();
    await expect(page.getByText('Please enter your promotion methods!')).toBeVisible();
    await expectAccessible(page, 'the application with its sentences');

    await page.getByLabel('Account type').selectOption('PERSONAL');
    await expect(page.getByLabel('Company name')).toHaveCount(0);
    await page.getByLabel('First name').fill('Olive');
    await page.getByLabel('Last name').fill('Own');
    await page.getByLabel('Address', { exact: true }).fill('Main St 1');
    await page.getByLabel('City').fill('Tallinn');
    await page.getByLabel('Region').fill('Harju');
    await page.getByLabel('Postal code').fill('10111');
    await page.getByLabel('Country').selectOption('EE');
    await page.getByLabel('Phone').fill('+372 555 0101');
    await page.getByLabel('Promotion platforms').fill('Our blog');
    await page.getByLabel('Promotion methods').fill('Hosting reviews');
    await submit.click();
    // In the page, beside the toast that says the same.
    await expect(page.locator('#main').getByRole('status').filter({ hasText: 'will be reviewed within 2 working days' })).toBeVisible();
    await expectAccessible(page, 'the application submitted');

    // The tabs wait for the approval: the page shows the application's status.
    await page.goto('/affiliate');
    await waitForHydration(page);
    await expect(page.getByText('Application status:')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Links' })).toHaveCount(0);
  });
});
