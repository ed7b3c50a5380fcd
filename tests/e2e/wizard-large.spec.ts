import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test } from './support';
import { newGroup } from './domain-group';

// The Add Domains wizard with an import of hundreds of lines (issue 8): only the rows in view
// are in the document, and editing, the keyboard, the errors and the review keep working.
// The lines are pasted, as a person would: Playwright's fill types a multi-line text paragraph
// by paragraph, which takes Chromium minutes for a few thousand lines.
test.use({ storageState: signedInAs('owner'), permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * Enough rows to be drawn only in part (from 200), within the demo company's few hundred free
 * website slots: each imported line gets an address of its own.
 */
const LINES = 400;

/** Pastes `text` into `field` through the clipboard. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(text);
}

test('an import of hundreds of lines keeps only the rows in view in the table, which still edits and reviews', async ({ page }) => {
  // Building the rows and the group on a shared, busy machine: slowness, not a failure.
  test.slow();
  const stamp = Date.now();
  await newGroup(page, `Large import ${stamp}`);

  const lines = Array.from({ length: LINES }, (_, i) => `large-${stamp}-${i + 1}.example, , ${i % 2}`);
  await paste(page, page.getByLabel('Import', { exact: true }), lines.join('\n'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  const table = page.getByRole('table', { name: 'Domains to add' });
  const box = page.getByRole('group', { name: 'Domains to add' });
  await expect(table).toHaveAttribute('aria-rowcount', String(LINES + 1));
  await expect(table.getByLabel('Domain of row 1', { exact: true })).toHaveValue(`large-${stamp}-1.example`);
  expect(await table.getByRole('row').count()).toBeLessThan(100);
  await expectAccessible(page, `Add Domains with ${LINES} rows`);

  // The end of the table: its last row is drawn, with its number, and can be edited.
  await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const last = table.getByLabel(`Domain of row ${LINES}`, { exact: true });
  await expect(last).toHaveValue(`large-${stamp}-${LINES}.example`);
  expect(await table.getByRole('row').count()).toBeLessThan(100);
  await last.fill('');
  await expect(table.getByText('Please enter domain name. To delete the domain use the delete button on the right!')).toBeVisible();
  await expect(last).toHaveAttribute('aria-invalid', 'true');
  await last.fill(`edited-${stamp}.example`);
  await expect(last).not.toHaveAttribute('aria-invalid');

  // The keyboard: Tab goes on to the row's next cell, its address list, which lists every
  // address once it is reached; a free one can be chosen.
  await page.keyboard.press('Tab');
  const address = table.getByLabel(`IP address of row ${LINES}`, { exact: true });
  await expect(address).toBeFocused();
  await expect.poll(() => address.locator('option').count()).toBeGreaterThan(1);
  const other = await address.locator('option:not([disabled]):not(:checked)').first().getAttribute('value');
  await address.selectOption(other!);
  await expect(address).toHaveValue(other!);

  // Scrolled back to the top, the row being edited stays in the document with the focus.
  await last.focus();
  await box.evaluate((el) => el.scrollTo(0, 0));
  await expect(table.getByLabel('Domain of row 1', { exact: true })).toBeVisible();
  await expect(last).toBeFocused();
  expect(await table.getByRole('row').count()).toBeLessThan(100);

  // On a phone the page does not scroll sideways: the table scrolls in its own box.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(table.getByLabel('Domain of row 1', { exact: true })).toBeVisible();
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The review counts every row and draws only those in view, the edited one included at the end.
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText(`${LINES} domains will be added to this group.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${LINES} domains` })).toBeEnabled();
  const review = page.getByRole('table', { name: 'Domains to add' });
  await expect(review).toHaveAttribute('aria-rowcount', String(LINES + 1));
  expect(await review.getByRole('row').count()).toBeLessThan(100);
  await page.getByRole('group', { name: 'Domains to add' }).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(review.getByRole('cell', { name: `edited-${stamp}.example` })).toBeVisible();
  await expectAccessible(page, `the review of ${LINES} rows`);
});

test('a review with a bad row far down a long table brings that row into view, its field focused', async ({ page }) => {
  test.slow();
  const stamp = Date.now();
  await newGroup(page, `Large review ${stamp}`);
  const lines = Array.from({ length: 300 }, (_, i) => `far-${stamp}-${i + 1}.example`);
  await paste(page, page.getByLabel('Import', { exact: true }), lines.join('\n'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const table = page.getByRole('table', { name: 'Domains to add' });
  await expect(table).toHaveAttribute('aria-rowcount', '301');

  // The last row loses its hosting account, then the table is scrolled back up before the review.
  const box = page.getByRole('group', { name: 'Domains to add' });
  await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await table.getByLabel('Hosting account of row 300', { exact: true }).selectOption('');
  await page.getByRole('button', { name: 'Review' }).focus();
  await box.evaluate((el) => el.scrollTo(0, 0));
  await expect(table.getByLabel('Hosting account of row 300', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Review' }).click();
  const account = table.getByLabel('Hosting account of row 300', { exact: true });
  await expect(account).toBeFocused();
  await expect(table.getByText('Please select a hosting account!')).toBeVisible();
  await expect(page.getByText('domains will be added to this group.')).toHaveCount(0);
});
