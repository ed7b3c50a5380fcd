import { ACCOUNTS, ROLES, signIn, signedInAs, test } from './support';

/**
 * Signs each demo role in once, through the login form, and keeps the browser's state for the
 * specs (`test.use({ storageState: signedInAs(role) })`). Tests that end their session sign in
 * on their own, so these sessions stay alive for the whole run.
 */
for (const role of ROLES) {
  test(`sign in as ${role}`, async ({ page }) => {
    await signIn(page, ACCOUNTS[role]);
    await page.context().storageState({ path: signedInAs(role) });
  });
}
