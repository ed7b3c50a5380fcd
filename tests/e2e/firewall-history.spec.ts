import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// A firewall rule's history from the Rules tab (issue 9 "History"), as the demo owner.
test.use({ storageState: signedInAs('owner') });

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Firewall rules' });

/** Fills the rule form's name and priority and saves it, back on the Rules tab. */
async function saveRule(page: Page, name: string, priority: string, button: 'Add Rule' | 'Save Rule') {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Priority').fill(priority);
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL('/firewall');
  await expect(rulesTable(page).getByRole('link', { name, exact: true })).toBeVisible();
}

test("a rule's versions show who changed what and when, and an earlier one is restored by keyboard", async ({ page }) => {
  const name = `E2E history ${Date.now().toString(36)}`;
  const renamed = `${name} renamed`;
  await page.goto('/firewall/add');
  await waitForHydration(page);
  await page.getByRole('group', { name: 'Condition 1.1' }).getByLabel('Value').fill('/xmlrpc.php');
  await saveRule(page, name, '31', 'Add Rule');

  await rulesTable(page).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Firewall Rule' })).toBeVisible();
  await waitForHydration(page);
  await saveRule(page, renamed, '32', 'Save Rule');
  await waitForHydration(page);

  // Keyboard alone: Enter on the row's History opens the dialog.
  await rulesTable(page)
    .getByRole('button', { name: `History of ${renamed}` })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `History of ${renamed}` });
  const versions = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(versions.getByRole('heading', { level: 3 })).toHaveText(['Version 2: Edited name, priority (current)', 'Version 1: Created']);
  const edit = versions.first();
  await expect(edit).toContainText('By Dana Demo on');
  await expect(edit.locator('time')).toHaveCount(1);
  const changes = edit.getByRole('list', { name: 'Changes' }).getByRole('listitem');
  await expect(changes).toHaveText([`−Removed: Name: ${name}`, '−Removed: Priority: 31', `+Added: Name: ${renamed}`, '+Added: Priority: 32']);
  // The current version is not offered again; the first one is.
  await expect(dialog.getByRole('button', { name: /^Restore version/ })).toHaveText(['Restore version 1']);
  await expectAccessible(page, 'the history dialog');

  // The dialog opens on its first control, Close; Tab reaches Restore, and Enter asks first.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  const restore = dialog.getByRole('button', { name: 'Restore version 1' });
  await expect(restore).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Restore version 1 of ${renamed}?`);
  await confirm.getByRole('button', { name: 'Restore' }).click();

  await expect(page.getByText('Firewall rule successfully restored!')).toBeVisible();
  await expect(versions.first().getByRole('heading', { level: 3 })).toHaveText('Version 3: Restored version 1 (current)');
  await expect(versions.first().getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText([
    `−Removed: Name: ${renamed}`,
    '−Removed: Priority: 32',
    `+Added: Name: ${name}`,
    '+Added: Priority: 31',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The table behind shows the restored rule.
  const row = rulesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('31');
  await expect(rulesTable(page).getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
});
