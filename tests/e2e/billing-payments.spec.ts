import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// Payment methods and paying an invoice through the reference API's sandbox gateway (spec part
// 3, 2.4 Payment Methods, 2.5 Pay Invoice), as the demo owner.
test.use({ storageState: signedInAs('owner') });

/** The owner's API headers, from the session the setup project saved (as support.ts reads it). */
function ownerHeaders(): Record<string, string> {
  const state = JSON.parse(readFileSync(signedInAs('owner'), 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const token = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'hostdeck:token')!.value;
  return { Authorization: `Token ${token}` };
}

/**
 * The seeded invoice awaiting its first payment: UNPAID, not yet due (so paying it changes no
 * overdue notice other tests read) and within the card's limits.
 */
async function unpaidInvoice(request: APIRequestContext): Promise<{ id: number; balance: string }> {
  const answer = await request.get('/api/billing/invoices/?status=UNPAID&per_page=100', { headers: ownerHeaders() });
  const { data } = (await answer.json()) as { data: { id: number; balance_due: number; date_due: string; order_id: number | null }[] };
  const invoice = data.find((i) => i.order_id !== null && new Date(i.date_due) > new Date() && i.balance_due >= 50 && i.balance_due <= 300_000);
  expect(invoice, 'the seed should hold an UNPAID invoice that is not yet due').toBeTruthy();
  return { id: invoice!.id, balance: `$${(invoice!.balance_due / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}` };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test('add a card through the verification redirect, then disable, re-activate and delete it', async ({ page }) => {
  await open(page, '/billing/payment-methods');
  await expect(page.getByRole('tab', { name: 'Payment Methods' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Payment methods' }).getByText('Company Visa')).toBeVisible();
  await expectAccessible(page, 'the Payment Methods tab');

  const name = `E2E card ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Profile name').fill(name);
  await dialog.getByLabel('Name on card').fill('Dana Demo');
  await dialog.getByLabel('Address').fill('Narva mnt 7');
  await dialog.getByLabel('City').fill('Tallinn');
  await dialog.getByLabel('Region').fill('Harju');
  await dialog.getByLabel('Postal code').fill('10117');
  await dialog.getByLabel('Country').selectOption('EE');
  await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Expiry month').selectOption('12');
  await dialog.getByLabel('Expiry year').selectOption(String(new Date().getUTCFullYear() + 3));
  // Spec part 3, 5: Continue is disabled until the verification reservation is accepted.
  const proceed = dialog.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /verification reservation/ }).check();
  await expectAccessible(page, 'the Add Card dialog');
  await proceed.click();

  // The sandbox gateway's own page: the $1.00 hold, approve.
  await expect(page.getByRole('heading', { name: 'Verify the card' })).toBeVisible();
  await expect(page.getByText('Sandbox gateway.')).toBeVisible();
  await expect(page.getByText('$1.00', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the sandbox gateway page');
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/billing\/payment-methods\?success=true$/);
  await expect(page.getByText('Payment method added successfully!')).toBeVisible();
  const row = page.getByRole('table', { name: 'Payment methods' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Mastercard ending in 4444');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(page.getByText('Payment method successfully disabled!')).toBeVisible();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: `Re-activate ${name}` }).click();
  await expect(page.getByText('Payment method successfully activated!')).toBeVisible();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete payment method' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Payment method successfully deleted!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a declined payment charges nothing; an approved one pays the invoice', async ({ page, request }) => {
  const invoice = await unpaidInvoice(request);
  await open(page, `/billing/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${invoice.id}` })).toBeVisible();

  const pay = async (decision: 'Approve' | 'Decline') => {
    await page.getByRole('button', { name: 'Pay Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: `Pay Invoice #${invoice.id}` });
    await expect(dialog.getByText('$0.50 to $3,000.00').first()).toBeVisible();
    await expect(dialog.getByText('up to $5,000.00').first()).toBeVisible();
    await dialog.getByRole('radio', { name: /Company Visa/ }).check();
    await expect(dialog.getByLabel('Amount (USD)')).toHaveValue(invoice.balance.slice(1).replace(/,/g, ''));
    if (decision === 'Decline') await expectAccessible(page, 'the Pay Invoice dialog');
    // A double click sends once: one gateway session.
    await dialog.getByRole('button', { name: 'Pay', exact: true }).dblclick();
    await expect(page.getByRole('heading', { name: 'Approve the payment' })).toBeVisible();
    await expect(page.getByText(invoice.balance, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: decision }).click();
  };

  // Bank transfer: the details to pay with, and nothing else happens.
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  const payDialog = page.getByRole('dialog', { name: `Pay Invoice #${invoice.id}` });
  // Crypto pays the full balance, with the default coin of spec 9.
  await payDialog.getByRole('radio', { name: /^Cryptomus/ }).check();
  await expect(payDialog.getByLabel('Coin')).toHaveValue('USDT');
  await expect(payDialog.getByLabel('Amount (USD)')).toHaveCount(0);
  await payDialog.getByRole('radio', { name: /^Binance Pay/ }).check();
  await expect(payDialog.getByLabel('Coin')).toHaveValue('USDC');
  await payDialog.getByRole('radio', { name: /^Bank transfer/ }).check();
  await page.getByRole('button', { name: 'Show Transfer Details' }).click();
  const details = page.getByRole('dialog', { name: 'Bank transfer details' });
  await expect(details.getByText(`Invoice #${invoice.id}`, { exact: true })).toBeVisible();
  await expect(details.getByText(invoice.balance, { exact: true })).toBeVisible();
  await expectAccessible(page, 'the bank transfer details');
  await details.getByRole('button', { name: 'Done' }).click();
  await expect(details).toHaveCount(0);

  await pay('Decline');
  await expect(page).toHaveURL(new RegExp(`/billing/invoices/${invoice.id}\\?payment=failed$`));
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment failed! Please try again.' })).toBeVisible();
  await expect(page.getByText('No payments yet.')).toBeVisible();
  const title = page.getByRole('heading', { level: 2, name: new RegExp(`^Invoice #${invoice.id}`) });
  await expect(title).toContainText('Unpaid');

  await pay('Approve');
  await expect(page).toHaveURL(new RegExp(`/billing/invoices/${invoice.id}\\?payment=success$`));
  await expect(page.getByText('Payment successfully submitted! Please allow up to 5 minutes for your payment to appear.')).toBeVisible();
  await expect(title).toContainText('Paid');
  await expect(title).not.toContainText('Unpaid');
  await expect(page.getByRole('button', { name: 'Pay Invoice' })).toHaveCount(0);
  const payment = page.getByRole('group', { name: 'Transactions table' }).getByRole('row').filter({ hasText: 'Card' });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(invoice.balance);
  const transactionId = (await payment.getByRole('cell').nth(2).textContent())!;
  await expectAccessible(page, 'the paid invoice with its banner');

  await open(page, '/billing/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: transactionId })).toContainText(invoice.balance);
});

test('the Payment Methods tab fits a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/billing/payment-methods');
  await expect(page.getByRole('table', { name: 'Payment methods' }).getByText('Company Visa')).toBeVisible();
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  await expectAccessible(page, 'the Payment Methods tab at 360 px');
});
