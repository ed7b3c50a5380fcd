import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';

// The websites list and the Manage website page (spec part 2, 2.1 and 2.11), as the demo owner.
test.describe('as the owner', () => {
  test.use({ storageState: signedInAs('owner') });

  test('the list searches by tag, selects rows and leads to a website page', async ({ page }) => {
    await page.goto('/websites');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Websites' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Websites' });
    const firstLink = table.getByRole('row').nth(1).getByRole('link');
    await expect(firstLink).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Domain' })).toHaveAttribute('href', '/domains');
    await expectAccessible(page);

    // A row picked, then cleared.
    const domain = (await firstLink.textContent())!.trim();
    await table.getByRole('checkbox', { name: domain }).check();
    await expect(page.getByRole('status').filter({ hasText: '1 website selected.' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(table.getByRole('checkbox', { name: domain })).not.toBeChecked();

    // A tag is the text up to a comma or a space; the list shows the websites any tag matches.
    const search = page.getByRole('searchbox', { name: 'Search websites' });
    await search.fill(domain);
    await search.press('Enter');
    await expect(page.getByRole('list', { name: 'Search websites: tags' }).getByText(domain)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('link', { name: domain })).toBeVisible();
    await search.fill('no-such-website-here,');
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: `Remove ${domain}` }).click();
    await expect(table.getByText('No website matches the search.')).toBeVisible();
    await page.getByRole('button', { name: 'Remove no-such-website-here' }).click();
    await expect(table.getByRole('row').nth(1).getByRole('link')).toHaveText(domain);

    // The website's own page, opened within the panel.
    await table.getByRole('link', { name: domain }).click();
    await expect(page).toHaveURL(/\/websites\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage website' })).toBeVisible();
    const card = page.getByRole('region', { name: domain });
    await expect(card.getByText('WordPress')).toBeVisible();
    const groupLink = card.getByRole('link', { name: /^Open domain group / });
    await expect(groupLink).toHaveAttribute('href', /^\/domains\/[0-9a-f-]{36}$/);
    await expectAccessible(page);
    await groupLink.click();
    await expect(page).toHaveURL(/\/domains\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('table', { name: 'Domains' }).getByText(domain)).toBeVisible();
  });

  test('a website page loaded directly shows the site and its address once it is ACTIVE', async ({ page }) => {
    await page.goto('/websites');
    await waitForHydration(page);
    const active = page.getByRole('table', { name: 'Websites' }).getByRole('row').filter({ hasText: 'ACTIVE' }).first();
    const href = (await active.getByRole('link').getAttribute('href'))!;
    const domain = (await active.getByRole('link').textContent())!.trim();
    await page.goto(href);
    await waitForHydration(page);
    const visit = page.getByRole('link', { name: 'Visit website' });
    await expect(visit).toHaveAttribute('href', new RegExp(`^https?://(www\\.)?${domain.replace(/\./g, '\\.')}/`));
    await expect(visit).toHaveAttribute('target', '_blank');
  });

  test('an address naming no website says so', async ({ page }) => {
    await page.goto('/websites/00000000-0000-4000-8000-000000000000');
    await waitForHydration(page);
    await expect(page.getByRole('alert').filter({ hasText: 'This website could not be shown.' })).toBeVisible();
  });
});

test.describe('as a customer', () => {
  test.use({ storageState: signedInAs('customer') });

  test('the websites pages need can_view_website_management', async ({ page }) => {
    await page.goto('/websites');
    await waitForHydration(page);
    await expect(page.getByRole('alert')).toHaveText('You do not have access to this feature. Contact your account manager for more information!');
  });
});
