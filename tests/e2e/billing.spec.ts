import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { pdfText } from './pdf-text';

// Billing's documents (spec part 3, 2.4-2.7), as the demo owner: the tabs, an order with its
// tags and invoices, an invoice and a credit note with their PDFs.
test.use({ storageState: signedInAs('owner') });

const NO_ACCESS = 'You do not have access to this feature. Contact your account manager for more information!';

/** The text of a downloaded PDF. */
async function textOf(download: Download): Promise<string> {
  const path = await download.path();
  return pdfText(new Uint8Array(readFileSync(path)));
}

async function openBilling(page: Page, path = '/billing') {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
}

test('the tabs: orders, invoices with their status filter, credit notes and transactions', async ({ page }) => {
  await openBilling(page);
  await expect(page.getByRole('tab')).toHaveText(['Orders', 'Invoices', 'Payment Methods', 'Credit Notes', 'Cancellation Requests', 'Transactions']);
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row').filter({ hasText: 'pbn' })).toHaveCount(1);
  await expectAccessible(page, 'the Orders tab');

  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL('/billing/invoices');
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').nth(1)).toBeVisible();
  // Spec part 3, 2.4: Unpaid, Paid and Partially Paid by default; Cancelled joins when ticked.
  await expect(page.getByRole('checkbox', { name: 'Unpaid' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Cancelled' })).not.toBeChecked();
  await expect(invoices.getByText('Cancelled', { exact: true })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Cancelled' }).check();
  await expect(invoices.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'the Invoices tab');

  await page.getByRole('tab', { name: 'Credit Notes' }).click();
  await expect(page).toHaveURL('/billing/credit-notes');
  await expect(page.getByRole('table', { name: 'Credit notes' }).getByText('$10.00')).toBeVisible();

  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page).toHaveURL('/billing/transactions');
  const refund = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: 're_sandbox_3f9a1c7e2b' });
  await refund.getByRole('button', { name: /^View transaction/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction' });
  await expect(dialog.getByText('$67.50')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Associated invoices' }).getByText('Paid', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the transaction dialog');
});

test('an order page: its facts, tags saved, and its invoice with the PDF', async ({ page }) => {
  await openBilling(page);
  await page
    .getByRole('table', { name: 'Orders' })
    .getByRole('row')
    .filter({ hasText: 'pbn' })
    .getByRole('link', { name: /^View order/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByText('Website setup')).toBeVisible();
  await expectAccessible(page, 'the order page');

  const tags = page.getByRole('textbox', { name: 'Tags' });
  await expect(tags).toHaveValue('pbn, q3');
  const tag = `e2e-${Date.now().toString(36)}`;
  await tags.fill(`pbn q3 ${tag}`);
  await page.getByRole('button', { name: 'Save Tags' }).click();
  await expect(page.getByText('Order tags successfully updated!')).toBeVisible();
  await expect(tags).toHaveValue(`pbn, q3, ${tag}`);
  await page.reload();
  await expect(tags).toHaveValue(`pbn, q3, ${tag}`);
  // Put the seed's tags back for the other tests.
  await tags.fill('pbn, q3');
  await page.getByRole('button', { name: 'Save Tags' }).click();
  await expect(tags).toHaveValue('pbn, q3');

  const invoiceLink = page.getByRole('table', { name: /^Invoices of order/ }).getByRole('link', { name: /^#\d+$/ });
  const invoiceId = (await invoiceLink.textContent())!.slice(1);
  await invoiceLink.click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${invoiceId}` })).toBeVisible();
  await expect(page.getByText('NET7 days')).toBeVisible();
  await expect(page.locator('main address').filter({ hasText: 'Northwind Web Agency' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Done-for-you website' })).toBeVisible();
  // The total, the payment made and the card payment that settled it.
  await expect(page.getByText('$1,282.50', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Refunds' }).getByText('re_sandbox_3f9a1c7e2b')).toBeVisible();
  await expectAccessible(page, 'the invoice page');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`invoice-${invoiceId}.pdf`);
  const text = await textOf(pdf);
  for (const expected of [`Invoice #${invoiceId}`, 'Northwind Web Agency', 'Done-for-you website', '$1,282.50', 'Terms: NET7 days']) expect(text).toContain(expected);
});

test('a credit note page and its PDF', async ({ page }) => {
  await openBilling(page, '/billing/credit-notes');
  await page
    .getByRole('table', { name: 'Credit notes' })
    .getByRole('link', { name: /^View credit note/ })
    .first()
    .click();
  const heading = page.getByRole('heading', { level: 1, name: /^Credit Note #\d+$/ });
  await expect(heading).toBeVisible();
  const id = (await heading.textContent())!.replace('Credit Note #', '');
  await expect(page.getByText('Goodwill credit for the delayed content delivery.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Credit transactions' }).getByText('Applied')).toBeVisible();
  await expectAccessible(page, 'the credit note page');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`credit-note-${id}.pdf`);
  const text = await textOf(pdf);
  for (const expected of [`Credit Note #${id}`, 'Northwind Web Agency', 'Goodwill credit', '$10.00']) expect(text).toContain(expected);
});

test('the invoice page fits a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openBilling(page, '/billing/invoices');
  await page
    .getByRole('table', { name: 'Invoices' })
    .getByRole('link', { name: /^View invoice/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice #\d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  await expectAccessible(page, 'the invoice page at 360 px');
});

test.describe('signed in as staff', () => {
  test.use({ storageState: signedInAs('staff') });

  test('without can_view_billing the page shows the no-access alert', async ({ page }) => {
    await page.goto('/billing');
    await expect(page.getByRole('alert').filter({ hasText: NO_ACCESS })).toBeVisible();
  });
});
