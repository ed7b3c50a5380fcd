import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { CONTACT_SECRETS_NOT_KEPT } from '../../src/lib/schemas/company-contacts';

async function openCompanyTab(page: Page, path: string, tab: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
}

test.describe('a company of the test’s own', () => {
  // VAT ids and contacts change: each test has its own company.
  test.use({ storageState: async ({ ownAccount }, use) => use(ownAccount.storageState) });

  test('adds a VAT id, refused first for a bad checksum, then disables it', async ({ page }) => {
    await openCompanyTab(page, '/company/vat', 'VAT');
    await expect(page).toHaveTitle(/VAT/);
    await page.getByRole('button', { name: 'Add VAT id' }).click();
    const add = page.getByRole('dialog', { name: 'Add VAT id' });
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add.getByText('Please enter a VAT id!')).toBeVisible();
    await add.getByLabel('VAT id').fill('EE123456789');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add.getByText('Please enter a valid VAT ID!')).toBeVisible();
    await expectAccessible(page, 'the Add VAT id dialog');
    await add.getByLabel('VAT id').fill('ee 102 345 605');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('VAT id successfully added!')).toBeVisible();
    await expect(add).toBeHidden();
    const row = page.getByRole('row', { name: /EE102345605/ });
    await expect(row).toContainText('Active');
    await expectAccessible(page, 'the VAT tab');

    await row.getByRole('button', { name: 'Disable EE102345605' }).click();
    await page.getByRole('dialog', { name: 'Disable VAT id' }).getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText('VAT id successfully disabled!')).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: 'Disable EE102345605' })).toHaveCount(0);
  });

  test('creates a contact, sees it in VERIFICATION, re-sends the email and views it in Emails; 360 px', async ({ page }) => {
    await openCompanyTab(page, '/company/contacts', 'Contacts');
    await page.getByRole('button', { name: 'Create Contact' }).click();
    const create = page.getByRole('dialog', { name: 'Create Contact' });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(create.getByText('Please enter first name!')).toBeVisible();
    await expect(create.getByText('Please enter last name!')).toBeVisible();
    await expect(create.getByText('Please enter email address!')).toBeVisible();
    const email = `contact-${Date.now()}@example.test`;
    await create.getByLabel('First name').fill('Cora');
    await create.getByLabel('Last name').fill('Contact');
    await create.getByLabel('Email address').fill(email);
    await create.getByText('New invoice', { exact: true }).click();
    await create.getByText('Order suspended', { exact: true }).click();
    await expectAccessible(page, 'the Create Contact dialog');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText("Contact successfully created! Please check contact's inbox for a verification email!")).toBeVisible();
    const row = page.getByRole('row', { name: /Cora Contact/ });
    await expect(row).toContainText('Awaiting verification');
    await expect(row).toContainText('New invoice, Order suspended');

    await row.getByRole('button', { name: 'Re-send verification email to Cora Contact' }).click();
    await expect(page.getByText('Verification email was successfully resent!')).toBeVisible();

    await row.getByRole('button', { name: 'Edit Cora Contact' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cora Contact' });
    await expect(edit.getByLabel('Email address')).toHaveAttribute('readonly', '');
    await edit.getByLabel('First name').fill('Corinna');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Contact successfully updated!')).toBeVisible();
    await expect(page.getByRole('row', { name: /Corinna Contact/ })).toBeVisible();
    await expectAccessible(page, 'the Contacts tab');

    await page.getByRole('tab', { name: 'Emails' }).click();
    await expect(page).toHaveURL('/company/emails');
    await page.getByRole('button', { name: 'Add Filter' }).click();
    const filter = page.getByRole('dialog', { name: 'Add Filter' });
    await filter.getByLabel('Filter by').selectOption('email');
    await filter.getByLabel('Value').fill(email);
    await filter.getByRole('button', { name: 'Apply & Close' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: `Recipient: ${email}` })).toBeVisible();
    const mails = page.getByRole('row', { name: /Please verify your email address/ });
    await expect(mails).toHaveCount(2);
    await mails
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const shown = page.getByRole('dialog', { name: 'Please verify your email address' });
    await expect(shown).toContainText(email);
    // Shown to the company's members, the email keeps neither its link nor its code: they prove
    // the address only while the contact alone has them.
    await expect(shown).toContainText(CONTACT_SECRETS_NOT_KEPT);
    await expect(shown.getByRole('link', { name: /\/auth\/verify\/contact/ })).toHaveCount(0);
    await expectAccessible(page, 'an email of the company');
    await shown.getByRole('button', { name: /close/i }).first().click();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('tab', { name: 'Logs' }).click();
    await expect(page.getByRole('row', { name: /created Cora Contact/ })).toBeVisible();
    await expectAccessible(page, 'the Logs tab at 360 px');
  });
});

test.describe('the demo partner company', () => {
  test.use({ storageState: signedInAs('owner') });

  test('partner colours restyle the panel after the save and its reload', async ({ page, request }) => {
    await openCompanyTab(page, '/company/partnerdetails', 'Partner Details');
    const form = page.getByRole('form', { name: 'Partner details' });
    await expect(form.getByLabel('Custom domain')).toHaveValue('panel.northwind-agency.test');
    const token = await page.evaluate(() => localStorage.getItem('hostdeck:token'));
    const company = await page.evaluate(() => localStorage.getItem('hostdeck:company'));
    try {
      await form.getByText('Use custom styles', { exact: true }).click();
      await expect(form.getByRole('switch', { name: 'Use custom styles' })).toBeChecked();
      await form.getByLabel('Primary button colour', { exact: true }).fill('blue');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Please enter a colour as #rrggbb!')).toBeVisible();
      await form.getByLabel('Primary button colour', { exact: true }).fill('#0b5e2f');
      await form.getByLabel('Primary button hover colour', { exact: true }).fill('#084a25');
      await form.getByLabel('Header background colour', { exact: true }).fill('#ffffff');
      await form.getByLabel('Primary colour', { exact: true }).fill('#1f6feb');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText(/Please choose colours with a contrast of at least 4.5:1/)).toBeVisible();
      await form.getByLabel('Primary colour', { exact: true }).fill('#0b4fb3');
      await expectAccessible(page, 'the Partner Details tab');
      const reloaded = page.waitForEvent('load');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Details successfully updated!')).toBeVisible();
      await reloaded;
      await waitForHydration(page);
      const save = page.getByRole('form', { name: 'Partner details' }).getByRole('button', { name: 'Save' });
      await expect(save).toHaveCSS('background-color', 'rgb(11, 94, 47)');
      await expectAccessible(page, 'the panel in the partner’s colours');
    } finally {
      // Back to the provider's look for the other tests that use the demo company.
      const restore = await request.post('/api/account/partner-details/', {
        headers: { Authorization: `Token ${token}`, Company: company ?? '' },
        data: {
          custom_domain: 'panel.northwind-agency.test',
          show_support_info: true,
          support_name: 'Northwind Support',
          support_email: 'help@northwind-agency.test',
          support_phone: '+372 600 1299',
          support_url: 'https://northwind-agency.test/support',
          use_custom_styles: false,
          primary_color: '#1f6feb',
          header_background_color: '#0d1117',
          primary_button_color: '#1f6feb',
          primary_button_hover_color: '#388bfd',
          primary_button_text_color: '#ffffff',
          primary_button_hover_text_color: '#ffffff',
        },
      });
      expect(restore.ok(), await restore.text()).toBeTruthy();
    }
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('form', { name: 'Partner details' }).getByRole('button', { name: 'Save' })).not.toHaveCSS('background-color', 'rgb(11, 94, 47)');
  });
});
