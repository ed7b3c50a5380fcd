import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// The firewall's Rules tab and rule form (spec part 2, 2.1, 2.10, 4.3 and 5), as the demo owner.
test.use({ storageState: signedInAs('owner') });

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Firewall rules' });
const condition = (page: Page, at: string) => page.getByRole('group', { name: `Condition ${at}` });
const save = (page: Page) => page.getByRole('button', { name: 'Add Rule' }).click();

test('a rule is built with AND-groups of OR-conditions, checked, saved, switched, edited and deleted', async ({ page }) => {
  const name = `E2E rule ${Date.now().toString(36)}`;
  await page.goto('/firewall');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Firewall' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rules', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(rulesTable(page).getByRole('link', { name: 'Block bad bots' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add Rule' }).click();
  await expect(page).toHaveURL('/firewall/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Firewall Rule' })).toBeVisible();
  // The last remaining condition cannot be removed.
  await expect(page.getByRole('button', { name: 'Remove condition 1.1' })).toBeDisabled();
  // Spec part 2, 5 defaults: FIREWALL, REJECT, default ALLOW; a default of reject brings the warning.
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('REJECT');
  await expect(page.getByLabel('Default action')).toHaveValue('ALLOW');
  await page.getByLabel('Default action').selectOption('REJECT');
  await expect(page.getByRole('note')).toHaveText(/can harm your rankings and indexing/);
  await page.getByLabel('Default action').selectOption('ALLOW');
  await expect(page.getByRole('note')).toHaveCount(0);

  // Every sentence beside its field.
  await save(page);
  await expect(page.getByText('Please enter a name for your rule!')).toBeVisible();
  await expect(condition(page, '1.1').getByText('Please enter a value for each condition!')).toBeVisible();
  await page.getByLabel('Priority').fill('abc');
  await save(page);
  await expect(page.getByText('Priority must be a number between 0 and 9999!')).toBeVisible();
  await page.getByLabel('Priority').fill('10000');
  await save(page);
  await expect(page.getByText('Priority must be between 0 and 9999!')).toBeVisible();

  await expect(page.getByLabel('Redirect destination')).toHaveCount(0);
  await page.getByLabel('Action', { exact: true }).selectOption('REDIRECT');
  await expect(page.getByLabel('Default action')).toHaveValue('ALLOW');
  await save(page);
  await expect(page.getByText('Please enter the redirect destination!')).toBeVisible();
  await expect(page.getByText('Please enter the redirect status code!')).toBeVisible();
  await page.getByLabel('Redirect destination').fill('example.com/blocked');
  await save(page);
  await expect(page.getByText('The redirect destination must start with http(s)://!')).toBeVisible();

  await expect(page.getByLabel('Requests')).toHaveCount(0);
  await page.getByLabel('Type').selectOption('RATE_LIMIT');
  await page.getByLabel('Requests').fill('0');
  await save(page);
  await expect(page.getByText('Maximum number of requests must be a positive number!')).toBeVisible();
  await expectAccessible(page);

  // Two AND-groups of two OR-conditions each; the list field takes comma-separated values.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Priority').fill('7');
  await condition(page, '1.1').getByLabel('Operator').selectOption('STARTS_WITH');
  await condition(page, '1.1').getByLabel('Value').fill('/admin');
  await page.getByRole('button', { name: 'Add OR condition to AND-group 1' }).click();
  await condition(page, '1.2').getByLabel('Field').selectOption('request_method');
  // A list field offers only equality, read as "is one of".
  await expect(condition(page, '1.2').getByLabel('Operator').getByRole('option')).toHaveText(['is one of', 'is none of']);
  await condition(page, '1.2').getByLabel('Values').fill('post, put');
  await page.getByRole('button', { name: 'Add AND group' }).click();
  await condition(page, '2.1').getByLabel('Field').selectOption('country');
  await condition(page, '2.1').getByLabel('Values').fill('DE,fr');
  await page.getByRole('button', { name: 'Add OR condition to AND-group 2' }).click();
  await condition(page, '2.2').getByLabel('Field').selectOption('header');
  await condition(page, '2.2').getByLabel('Operator').selectOption('CONTAINS');
  await save(page);
  await expect(condition(page, '2.2').getByText("Please enter the request header's name!")).toBeVisible();
  await condition(page, '2.2').getByLabel('Header name').fill('X-Probe');
  await condition(page, '2.2').getByLabel('Value').fill('scan');
  await page.getByLabel('Redirect destination').fill('https://example.com/blocked');
  await page.getByLabel('Redirect status code').selectOption('302');
  await page.getByLabel('Requests').fill('20');
  await page.getByLabel('Time frame').selectOption('SECOND');
  await save(page);

  await expect(page.getByText('Firewall rule successfully created!')).toBeVisible();
  await expect(page).toHaveURL('/firewall');
  const row = rulesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText('Rate limit');
  await expect(row.getByRole('cell').nth(2)).toHaveText('7');

  // The switch: Disabled, kept over a reload, then Active again.
  await expect(row.getByRole('switch')).toBeChecked();
  await row.getByText('Active', { exact: true }).click();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await page.reload();
  await waitForHydration(page);
  await expect(row.getByRole('switch')).not.toBeChecked();
  await row.getByText('Disabled', { exact: true }).click();
  await expect(row.getByRole('switch')).toBeChecked();
  await page.reload();
  await waitForHydration(page);
  await expect(row.getByRole('switch')).toBeChecked();

  // Edit: the form opens with the rule as saved (lists as the evaluator reads them).
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/firewall\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Firewall Rule' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(condition(page, '1.2').getByLabel('Values')).toHaveValue('POST,PUT');
  await expect(condition(page, '2.1').getByLabel('Values')).toHaveValue('DE,FR');
  await expect(condition(page, '2.2').getByLabel('Header name')).toHaveValue('X-Probe');
  await expect(page.getByLabel('Redirect status code')).toHaveValue('302');
  await expect(page.getByLabel('Time frame')).toHaveValue('SECOND');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Remove condition 1.2' }).click();
  await expect(condition(page, '2.2')).toHaveCount(1);
  await page.getByLabel('Name', { exact: true }).fill(`${name} edited`);
  await page.getByRole('button', { name: 'Save Rule' }).click();
  await expect(page.getByText('Firewall rule successfully updated!')).toBeVisible();
  await expect(page).toHaveURL('/firewall');
  const edited = rulesTable(page).getByRole('link', { name: `${name} edited`, exact: true });
  await expect(edited).toBeVisible();

  // Delete one, after the confirmation; then two at once, selected.
  await addSimpleRule(page, `${name} B`);
  await addSimpleRule(page, `${name} C`);
  await page.getByRole('button', { name: `Delete ${name} C` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Firewall rule successfully deleted!')).toBeVisible();
  await expect(rulesTable(page).getByRole('link', { name: `${name} C`, exact: true })).toHaveCount(0);
  await rulesTable(page)
    .getByRole('checkbox', { name: `Select ${name} edited`, exact: true })
    .check();
  await rulesTable(page)
    .getByRole('checkbox', { name: `Select ${name} B`, exact: true })
    .check();
  await expect(page.getByRole('status').filter({ hasText: '2 firewall rules selected.' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByRole('dialog').getByText('Delete the 2 selected firewall rules?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Firewall rules successfully deleted!')).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(rulesTable(page).getByRole('link', { name: `${name} B`, exact: true })).toHaveCount(0);
});

/** Adds a rule with one condition through the form and comes back to the Rules tab. */
async function addSimpleRule(page: Page, name: string) {
  await page.getByRole('link', { name: 'Add Rule' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await condition(page, '1.1').getByLabel('Value').fill('/wp-login.php');
  await save(page);
  await expect(page).toHaveURL('/firewall');
  await expect(rulesTable(page).getByRole('link', { name, exact: true })).toBeVisible();
}

test('the Policies and Rulesets tabs list theirs, each at its own address', async ({ page }) => {
  await page.goto('/firewall');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Policies' }).click();
  await expect(page).toHaveURL('/firewall/policies');
  const policies = page.getByRole('table', { name: 'Firewall policies' });
  await expect(policies.getByRole('row').filter({ hasText: 'Default protection' }).getByRole('switch')).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Rulesets' }).click();
  await expect(page).toHaveURL('/firewall/rulesets');
  const rulesets = page.getByRole('table', { name: 'Firewall rulesets' });
  await expect(rulesets.getByRole('row').filter({ hasText: 'Geo rules' }).getByRole('switch')).not.toBeChecked();
  await expect(rulesets.getByRole('row').filter({ hasText: 'WordPress hardening' }).getByRole('switch')).toBeChecked();
  await expectAccessible(page);
  // Loaded directly, the tab's address shows the tab.
  await page.goto('/firewall/policies');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Policies' })).toHaveAttribute('aria-selected', 'true');
});

test('the Rules tab and the rule form fit a 360 px screen and work by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/firewall', '/firewall/add']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    expect(widths.content, `width of ${path}`).toBeLessThanOrEqual(widths.screen);
  }
  // Keyboard alone: from the Field select, Tab reaches the operator and the value, and Enter submits.
  await condition(page, '1.1').getByLabel('Field').focus();
  await page.keyboard.press('Tab');
  await expect(condition(page, '1.1').getByLabel('Operator')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(condition(page, '1.1').getByLabel('Value')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please enter a name for your rule!')).toBeVisible();
});
