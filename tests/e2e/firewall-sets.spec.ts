import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, someSeededDomain, test, waitForHydration } from './support';
import { newGroup } from './domain-group';
import { pickByClick, pickByKeyboard } from './multi-picker';

// The firewall's ruleset and policy dialogs (spec part 2, 2.10 and 5 "Firewall policy", "Ruleset"), as the demo owner.
test.use({ storageState: signedInAs('owner') });

const rulesetsTable = (page: Page) => page.getByRole('table', { name: 'Firewall rulesets' });
const policiesTable = (page: Page) => page.getByRole('table', { name: 'Firewall policies' });

test('a ruleset and a policy are added and edited in their dialogs, the policy attached to a new domain group', async ({ page, request }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const rulesetName = `E2E set ${stamp}`;
  const policyName = `E2E policy ${stamp}`;
  const groupName = `FW group ${stamp}`;
  const domain = await someSeededDomain(request, 'owner');
  await newGroup(page, groupName);

  // RULESET: the empty form's sentences, then rules picked by mouse and by keyboard.
  await page.goto('/firewall/rulesets');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Ruleset' }).click();
  const addSet = page.getByRole('dialog', { name: 'Add Ruleset' });
  await addSet.getByRole('button', { name: 'Add Ruleset' }).click();
  await expect(addSet.getByText("Enter your ruleset's name!")).toBeVisible();
  await expect(addSet.getByText('Select at least 1 firewall rule!')).toBeVisible();
  // The sentence describes the picker for screen readers.
  await expect(addSet.getByRole('combobox', { name: 'Firewall rules' })).toHaveAccessibleDescription('Select at least 1 firewall rule!');
  await addSet.getByLabel('Name').fill(rulesetName);
  await pickByClick(addSet, 'Firewall rules', 'Block bad bots');
  await expect(addSet.getByText('Select at least 1 firewall rule!')).toHaveCount(0);
  await pickByKeyboard(addSet, 'Firewall rules', 'office', 'Allow office');
  await expectAccessible(page, 'the Add Ruleset dialog');
  // A double click sends once.
  await addSet.getByRole('button', { name: 'Add Ruleset' }).dblclick();
  await expect(page.getByText('Firewall ruleset successfully created!')).toBeVisible();
  await expect(addSet).toHaveCount(0);
  const setRow = rulesetsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: rulesetName, exact: true }) });
  await expect(setRow).toHaveCount(1);
  // A ruleset lists its rules by priority: "Allow office" (5) before "Block bad bots" (10).
  await expect(setRow).toContainText('Allow office, Block bad bots');

  // Its name opens it with what it holds; a chip's Remove drops a rule.
  await setRow.getByRole('button', { name: rulesetName, exact: true }).click();
  const editSet = page.getByRole('dialog', { name: 'Edit Ruleset' });
  await expect(editSet.getByLabel('Name')).toHaveValue(rulesetName);
  await expect(editSet.getByRole('list', { name: 'Firewall rules: picked' }).getByRole('listitem')).toHaveText(['Allow office', 'Block bad bots']);
  await expectAccessible(page, 'the Edit Ruleset dialog');
  await editSet.getByRole('button', { name: 'Remove Allow office' }).click();
  await editSet.getByLabel('Name').fill(`${rulesetName} edited`);
  await editSet.getByRole('button', { name: 'Save Ruleset' }).click();
  await expect(page.getByText('Firewall ruleset successfully updated!')).toBeVisible();
  const editedSet = rulesetsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `${rulesetName} edited`, exact: true }) });
  await expect(editedSet.getByRole('cell').filter({ hasText: /^Block bad bots$/ })).toHaveCount(1);

  // POLICY: every sentence at once on an empty form.
  await page.getByRole('tab', { name: 'Policies' }).click();
  await expect(page).toHaveURL('/firewall/policies');
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const addPolicy = page.getByRole('dialog', { name: 'Add Policy' });
  await addPolicy.getByRole('button', { name: 'Add Policy' }).click();
  await expect(addPolicy.getByText("Enter your policy's name!")).toBeVisible();
  await expect(addPolicy.getByText('Priority must be a number between 0 and 9999!')).toBeVisible();
  await expect(addPolicy.getByText('Select at least one ruleset or rule!')).toBeVisible();
  await expect(addPolicy.getByText('Select at least one domain group or domain!')).toBeVisible();
  await addPolicy.getByLabel('Name').fill(policyName);
  await addPolicy.getByLabel('Priority').fill('10000');
  await addPolicy.getByRole('button', { name: 'Add Policy' }).click();
  await expect(addPolicy.getByText('Priority must be a number between 0 and 9999!')).toBeVisible();
  await addPolicy.getByLabel('Priority').fill('1');
  await pickByClick(addPolicy, 'Rulesets', `${rulesetName} edited`);
  await pickByKeyboard(addPolicy, 'Domain groups', groupName, groupName);
  // The domains are searched on the server.
  await pickByKeyboard(addPolicy, 'Domains', domain, domain);
  await expectAccessible(page, 'the Add Policy dialog');
  await addPolicy.getByRole('button', { name: 'Add Policy' }).dblclick();
  await expect(page.getByText('Firewall policy successfully created!')).toBeVisible();
  await expect(addPolicy).toHaveCount(0);
  const policyRow = policiesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: policyName, exact: true }) });
  await expect(policyRow).toHaveCount(1);
  await expect(policyRow).toContainText(`${rulesetName} edited`);
  await expect(policyRow).toContainText(`${groupName}, ${domain}`);

  // Edited: the domain dropped, a rule added, the priority changed.
  await policyRow.getByRole('button', { name: policyName, exact: true }).click();
  const editPolicy = page.getByRole('dialog', { name: 'Edit Policy' });
  await expect(editPolicy.getByLabel('Priority')).toHaveValue('1');
  await expect(editPolicy.getByRole('button', { name: `Remove ${domain}`, exact: true })).toBeVisible();
  await expectAccessible(page, 'the Edit Policy dialog');
  await editPolicy.getByRole('button', { name: `Remove ${domain}`, exact: true }).click();
  await pickByClick(editPolicy, 'Rules', 'Allow office');
  await editPolicy.getByLabel('Priority').fill('2');
  await editPolicy.getByRole('button', { name: 'Save Policy' }).click();
  await expect(page.getByText('Firewall policy successfully updated!')).toBeVisible();
  await expect(policyRow.getByRole('cell').filter({ hasText: /^2$/ })).toHaveCount(1);
  await expect(policyRow).toContainText(`${rulesetName} edited, Allow office`);
  await expect(policyRow).not.toContainText(domain);
});

test('the policy dialog fits a 360 px screen and is usable by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/firewall/policies');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Policy' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await pickByKeyboard(dialog, 'Rulesets', 'Word', 'WordPress hardening');
  await pickByKeyboard(dialog, 'Rules', 'bad', 'Block bad bots');
  // Backspace in the empty box removes the last chip.
  await dialog.getByRole('combobox', { name: 'Rules', exact: true }).press('Backspace');
  await expect(dialog.getByRole('button', { name: 'Remove Block bad bots' })).toHaveCount(0);
  // The open list, with choices and with none, in both themes.
  const rules = dialog.getByRole('combobox', { name: 'Rules', exact: true });
  await rules.press('ArrowDown');
  // The chip removed above is no longer picked in the list either.
  await expect(page.getByRole('option', { name: 'Block bad bots', exact: true })).not.toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'the Rules picker open');
  await rules.pressSequentially('no such rule');
  await expect(page.getByText('No firewall rules match.')).toBeVisible();
  await expectAccessible(page, 'the Rules picker with nothing matching');
  await rules.press('Escape');
  await expect(page.getByText('No firewall rules match.')).toBeHidden();
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await expectAccessible(page, 'the Add Policy dialog at 360 px');
});
