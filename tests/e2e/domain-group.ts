import type { Page } from '@playwright/test';
import { expect, waitForHydration } from './support';

/** A new group on a shared hosting account, opened on its Add Domains tab. */
export async function newGroup(page: Page, name: string) {
  await page.goto('/domains');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Domain Group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Domain Group' });
  await dialog.getByLabel('Name').fill(name);
  // A shared hosting account: software is offered for it (not for a custom host).
  await dialog.getByLabel('Default hosting account').selectOption({ label: 'Main Shared Hosting' });
  await dialog.getByRole('button', { name: 'Add Domain Group' }).click();
  await expect(page.getByText('Domain group successfully added!')).toBeVisible();
  await page.getByLabel('Rows per page').first().selectOption('100');
  await page.getByRole('link', { name }).click();
  await page.getByRole('tab', { name: 'Add Domains' }).click();
  await expect(page).toHaveURL(/\/add$/);
}

/** Adds `names` through the wizard's one-a-row box, waits for their task, and opens the Domains tab. */
export async function addThroughWizard(page: Page, names: string[]) {
  await page.getByLabel('Domains, one a row').fill(names.join('\n'));
  await page.getByRole('button', { name: 'Add to table' }).click();
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: `Add ${names.length} ${names.length === 1 ? 'domain' : 'domains'}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1)).toContainText('Completed');
  await page.getByRole('tab', { name: 'Domains', exact: true }).click();
}
