import { expect, expectAccessible, openDashboard, signedInAs, test, whoami } from './support';

// The company a tab acts for is kept in its browser (stores/credentials.ts): switching here
// leaves the other tests' owner sessions where they are.
test.use({ storageState: signedInAs('owner') });

test('the owner switches to another of its companies from the user menu, and back', async ({ page, request }) => {
  const me = await whoami(request, 'owner');
  await openDashboard(page);
  const trigger = page.getByRole('button', { name: new RegExp(`${me.first_name} ${me.last_name}`) });
  await expect(trigger).toContainText(me.company.name);

  await trigger.click();
  const other = page
    .getByRole('menuitem')
    .filter({ hasNotText: me.company.name })
    .filter({ hasNotText: /^(Profile|Log Out)$/ })
    .first();
  const otherName = (await other.innerText()).trim();
  await other.click();
  await expect(page.getByText('Company successfully selected!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(trigger).toContainText(otherName);
  await expectAccessible(page, 'dashboard after switching company');

  await trigger.click();
  await page.getByRole('menuitem', { name: me.company.name }).click();
  await expect(page).toHaveURL('/');
  await expect(trigger).toContainText(me.company.name);
});

test('a company the user does not belong to is refused with the server sentence', async ({ page }) => {
  await page.goto('/account/select-company/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.locator('.toast-error')).toBeVisible();
});
