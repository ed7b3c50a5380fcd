import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Resolver } from 'node:dns/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { ACCOUNTS, expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { addThroughWizard, newGroup } from './domain-group';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** ftp-srv logs through bunyan; the test has nothing to learn from it. */
const quietLog = {
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return quietLog;
  },
} as never;

// The domain groups page and a group's tabs, as the demo owner. The tests take website slots
// from the company's one pool of addresses in the same order, so they run one after another.
test.use({ storageState: signedInAs('owner') });
test.describe.configure({ mode: 'default' });

test('a domain group is added, opened, searched, its domain shown in the drawer, and deleted', async ({ page }) => {
  const name = `E2E group ${Date.now()}`;
  await page.goto('/domains');
  await waitForHydration(page);
  const groups = page.getByRole('table', { name: 'Domain groups' });
  await expect(groups.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'Domain groups');

  await page.getByRole('button', { name: 'Add Domain Group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Domain Group' });
  // Nothing filled: the spec's sentences beside the fields, nothing sent.
  await dialog.getByRole('button', { name: 'Add Domain Group' }).click();
  await expect(dialog.getByText('Please enter group name!')).toBeVisible();
  await expect(dialog.getByText('Please select the default hosting account!')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  const account = dialog.getByLabel('Default hosting account');
  await account.selectOption({ index: 1 });
  await expectAccessible(page, 'Add Domain Group');
  // A double click sends once.
  await dialog.getByRole('button', { name: 'Add Domain Group' }).dblclick();
  await expect(page.getByText('Domain group successfully added!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The new group is empty: it can be deleted, and the delete asks first.
  const pageSize = page.getByLabel('Rows per page');
  if (await pageSize.count()) await pageSize.first().selectOption('100');
  const row = groups.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain group successfully deleted!')).toBeVisible();
  await expect(groups.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // A group with domains: its table, a tag search, and the drawer.
  await groups.getByRole('link', { name: 'Agency Sites' }).click();
  await expect(page).toHaveURL(/\/domains\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Agency Sites' })).toBeVisible();
  const domains = page.getByRole('table', { name: 'Domains' });
  await expect(domains.getByRole('row').nth(1)).toBeVisible();
  const first = (await domains.getByRole('row').nth(1).getByRole('button').first().textContent())!.trim();
  await page.getByLabel('Search domains').fill(`${first} `);
  await expect(page.getByRole('list', { name: 'Search domains: tags' }).getByText(first)).toBeVisible();
  await expect(domains.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'Domains tab with a search');

  await domains.getByRole('button', { name: first }).click();
  const drawer = page.getByRole('dialog', { name: first });
  await expect(drawer.getByRole('heading', { name: 'IP Address' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'SSL Certificate' })).toBeVisible();
  await expectAccessible(page, 'Domain drawer');

  // Modify IP Address: a dedicated address with a free slot, on HTTP/2.
  await drawer.getByRole('region', { name: 'IP Address' }).getByRole('button', { name: 'Modify' }).click();
  const modify = page.getByRole('dialog', { name: 'Modify IP Address' });
  const address = modify.getByLabel('IP address');
  await expect(address.locator('option', { hasText: 'dedicated' }).first()).toBeAttached();
  const free = await address.locator('option:not([disabled])', { hasText: 'dedicated' }).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const now = await address.inputValue();
  await address.selectOption(free.find((v) => v !== now)!);
  await modify.getByLabel('HTTP version').selectOption('2');
  await expectAccessible(page, 'Modify IP Address');
  await modify.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Domain's IP address successfully updated!")).toBeVisible();
  await expect(drawer.getByText('HTTP/2')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/domains\/[0-9a-f-]{36}\/tasks$/);
  await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
  await expect(page.getByText('Updating live.')).toBeVisible();

  // Software Presets: a preset made in its dialog, the spec's sentence for a blank name first.
  await page.getByRole('tab', { name: 'Software Presets' }).click();
  await expect(page).toHaveURL(/\/presets$/);
  await page.getByRole('button', { name: 'Add Preset' }).first().click();
  const preset = page.getByRole('dialog', { name: 'Add Preset' });
  await preset.getByRole('button', { name: 'Add Preset' }).click();
  await expect(preset.getByText("Please enter preset's name!")).toBeVisible();
  await expect(preset.getByText('Please choose the software!')).toBeVisible();
  await preset.getByLabel('Name').fill(`Starter ${name}`);
  await preset.getByLabel('Software').selectOption({ label: 'WordPress' });
  await preset.getByRole('button', { name: 'Add Preset' }).click();
  await expect(page.getByText('Software preset successfully created!')).toBeVisible();
  await expect(page.getByText(`Starter ${name}`).first()).toBeVisible();
  await expectAccessible(page, 'Software Presets tab');
});

test('domains are added through the table and the import text, and their task finishes live', async ({ page }) => {
  // Forty domains through the whole wizard and their task: longer than the default minute on a busy machine.
  test.slow();
  const stamp = Date.now();
  await newGroup(page, `Wizard ${stamp}`);
  const typed = Array.from({ length: 20 }, (_, i) => `table-${stamp}-${i}.example`);
  await page.getByLabel('Domains, one a row').fill(typed.join('\n'));
  await page.getByRole('button', { name: 'Add to table' }).click();
  const table = page.getByRole('table', { name: 'Domains to add' });
  await expect(table.getByRole('row')).toHaveCount(21);
  // An edit the spec refuses, shown beside the field.
  await table.getByLabel('Domain of row 1', { exact: true }).fill('');
  await expect(table.getByText('Please enter domain name. To delete the domain use the delete button on the right!')).toBeVisible();
  await table.getByLabel('Domain of row 1', { exact: true }).fill(typed[0]!);
  // SSL off clears the redirect; software turns SSL on with https.
  await table.getByLabel('Software of row 2', { exact: true }).selectOption('WORDPRESS');
  await expect(table.getByLabel('SSL for row 2', { exact: true })).toBeChecked();
  await expect(table.getByLabel('Protocol of row 2', { exact: true })).toHaveValue('https://');

  // The import text: a bad line is shown with its number, and nothing is added until it is mended.
  const imported = Array.from({ length: 20 }, (_, i) => `import-${stamp}-${i}.example, , ${i % 2}, 1`);
  const withBadLine = [...imported.slice(0, 2), `https://bad-${stamp}.example`, ...imported.slice(2)];
  await page.getByLabel('Import', { exact: true }).fill(withBadLine.join('\n'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Line 3: Domains cannot start with http(s)://!' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(21);
  await expectAccessible(page, 'Add Domains with an import error');
  await page.getByLabel('Import', { exact: true }).fill(imported.join('\n'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(41);
  await expect(table.getByLabel('Redirect to HTTPS for row 21', { exact: true })).not.toBeChecked();
  await expect(table.getByLabel('Redirect to HTTPS for row 22', { exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText('40 domains will be added to this group.')).toBeVisible();
  await page.getByRole('button', { name: 'Add 40 domains' }).dblclick();
  await expect(page.getByText('40 domains are being added.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByText('Updating live.')).toBeVisible();
  const tasks = page.getByRole('table', { name: 'Tasks' });
  await expect(tasks.getByRole('row')).toHaveCount(2);
  // Only the task's own events reload the list: its status reaches COMPLETED without a reload.
  await expect(tasks.getByRole('row').nth(1)).toContainText('Completed', { timeout: 45_000 });
  await expect(tasks.getByRole('row').nth(1)).toContainText('100%');

  await page.getByRole('tab', { name: 'Domains', exact: true }).click();
  const domains = page.getByRole('table', { name: 'Domains' });
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(domains.getByRole('row')).toHaveCount(41);
  await expect(domains.getByRole('row').filter({ hasText: 'ACTIVE' })).toHaveCount(40);
});

test('the bulk actions run on the selected domains, which are exported as CSV and JSON, one deleted from its drawer', async ({ page }) => {
  test.slow();
  const stamp = Date.now();
  await newGroup(page, `Bulk ${stamp}`);
  await addThroughWizard(
    page,
    [1, 2, 3].map((i) => `bulk-${stamp}-${i}.example`),
  );
  const domains = page.getByRole('table', { name: 'Domains' });
  await expect(domains.getByRole('row').filter({ hasText: 'ACTIVE' })).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Bulk actions (3)' }).click();
  const modal = page.getByRole('dialog', { name: 'Bulk actions' });
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByText('Please choose an action!')).toBeVisible();
  await expect(modal.getByRole('radio', { name: /Install software/ })).toBeDisabled();
  await modal.getByRole('radio', { name: 'Toggle caching' }).check();
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByText('Caching is turned on for the selected domains')).toBeVisible();
  await expectAccessible(page, 'Bulk actions, step 2');
  await modal.getByRole('button', { name: 'Run on 3 domains' }).dblclick();
  await expect(page.getByText('Action successfully performed!')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(page.getByText('3 selected.')).toHaveCount(0);

  // Export: at least one field, then CSV and JSON files with their results.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exporting = page.getByRole('dialog', { name: 'Export' });
  const ticked = exporting.getByRole('checkbox', { checked: true });
  await expect(ticked).toHaveCount(7);
  while ((await ticked.count()) > 0) await ticked.first().uncheck();
  await exporting.getByRole('button', { name: 'Export' }).click();
  await expect(exporting.getByText('Please select at least 1 field!')).toBeVisible();
  await exporting.getByRole('checkbox', { name: 'Domain', exact: true }).check();
  await exporting.getByRole('checkbox', { name: 'Domain group', exact: true }).check();
  await exporting.getByLabel('Direction').selectOption('DESC');
  await expectAccessible(page, 'Export dialog');
  await exporting.getByRole('button', { name: 'Export' }).click();
  const results = page.getByRole('dialog', { name: 'Export results' });
  await expect(results.getByText('3 domains exported to')).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), results.getByRole('link', { name: 'Download CSV' }).click()]);
  const csvText = await readFile((await csv.path())!, 'utf8');
  expect(csvText.trim().split('\n')).toEqual(['Domain,Domain group', ...[3, 2, 1].map((i) => `bulk-${stamp}-${i}.example,Bulk ${stamp}`)]);
  await results.getByRole('button', { name: 'Back' }).click();
  await exporting.getByLabel('Format').selectOption('JSON');
  await exporting.getByRole('button', { name: 'Export' }).click();
  const [json] = await Promise.all([page.waitForEvent('download'), results.getByRole('link', { name: 'Download JSON' }).click()]);
  expect((JSON.parse(await readFile((await json.path())!, 'utf8')) as { domain: string }[]).map((r) => r.domain)).toEqual([3, 2, 1].map((i) => `bulk-${stamp}-${i}.example`));
  await results.getByRole('button', { name: 'Close' }).first().click();

  const first = `bulk-${stamp}-1.example`;
  await domains.getByRole('button', { name: first }).click();
  const drawer = page.getByRole('dialog', { name: first });
  await drawer.getByRole('button', { name: 'Delete domain' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain deletion successfully scheduled!')).toBeVisible();
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1)).toContainText('Domain deletion');
  await expect(page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1)).toContainText('Completed');
  await page.getByRole('tab', { name: 'Domains', exact: true }).click();
  await expect(domains.getByRole('row').filter({ hasText: 'ACTIVE' })).toHaveCount(2);

  // Every other action of the modal on the two left: each ends with the spec's toast, and the
  // domains are ACTIVE again (the list follows their tasks) before the next one.
  const run = async (label: string, extra?: () => Promise<void>) => {
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Bulk actions (2)' }).click();
    await modal.getByRole('radio', { name: label, exact: true }).check();
    await modal.getByRole('button', { name: 'Next' }).click();
    await extra?.();
    await modal.getByRole('button', { name: 'Run on 2 domains' }).click();
    await expect(page.getByText('Action successfully performed!').last()).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(domains.getByRole('row').filter({ hasText: 'ACTIVE' })).toHaveCount(2);
  };
  for (const label of ['Toggle redirect to www', 'Toggle redirect to non-www', 'Toggle redirect to HTTP', 'Toggle redirect to HTTPS', "Install Let's Encrypt"]) await run(label);
  await expect(domains.getByRole('row').filter({ hasText: 'Installed' })).toHaveCount(2);
  await run('Uninstall SSL certificate');
  await expect(domains.getByRole('row').filter({ hasText: 'Installed' })).toHaveCount(0);
  // No software is installed: the server says there is nothing to do.
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Bulk actions (2)' }).click();
  await modal.getByRole('radio', { name: 'Uninstall software' }).check();
  await modal.getByRole('button', { name: 'Next' }).click();
  await modal.getByRole('button', { name: 'Run on 2 domains' }).click();
  await expect(page.getByText('None of the selected domains needs this action.')).toBeVisible();
  await modal.getByRole('button', { name: 'Back' }).click();
  await modal.getByRole('radio', { name: 'Delete domains' }).check();
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByText('This cannot be undone.')).toBeVisible();
  await modal.getByRole('button', { name: 'Run on 2 domains' }).click();
  await expect(page.getByText('Action successfully performed!').last()).toBeVisible();
  await expect(domains.getByRole('row').filter({ hasText: 'bulk-' })).toHaveCount(0);

  // Change group, on a domain added for it.
  await page.getByRole('tab', { name: 'Add Domains' }).click();
  await addThroughWizard(page, [`moved-${stamp}.example`]);
  await page.getByRole('checkbox', { name: `Select moved-${stamp}.example` }).check();
  await page.getByRole('button', { name: 'Bulk actions (1)' }).click();
  await modal.getByRole('radio', { name: 'Change group' }).check();
  await modal.getByRole('button', { name: 'Next' }).click();
  await modal.getByLabel('Destination group').selectOption({ label: 'Parked' });
  await modal.getByRole('button', { name: 'Run on 1 domain' }).click();
  await expect(page.getByText('Action successfully performed!').last()).toBeVisible();
  await expect(domains.getByRole('row').filter({ hasText: `moved-${stamp}.example` })).toHaveCount(0);
});

test("from the drawer: a Let's Encrypt certificate, WordPress and its password, a URL redirect the edge answers, the www switches", async ({ page }) => {
  // A long walk through the drawer: each of its steps waits on a task of the server.
  test.slow();
  const stamp = Date.now();
  const domain = `site-${stamp}.example`;
  await newGroup(page, `Drawer ${stamp}`);
  await addThroughWizard(page, [domain]);

  const domains = page.getByRole('table', { name: 'Domains' });
  await domains.getByRole('button', { name: domain }).click();
  const drawer = page.getByRole('dialog', { name: domain });
  await expect(drawer.getByText('SSL certificate not installed!')).toBeVisible();
  await drawer.getByRole('button', { name: 'Install SSL' }).click();
  const ssl = page.getByRole('dialog', { name: 'Install SSL certificate' });
  await ssl.getByText('Include the www subdomain').click();
  await expect(ssl.getByText('The www subdomain needs a DNS record')).toBeVisible();
  await expectAccessible(page, 'Install SSL certificate');
  await ssl.getByRole('button', { name: 'Install' }).dblclick();
  await expect(page.getByText("Let's Encrypt installation successfully scheduled!")).toBeVisible();
  // The provider's zone has www on the address, so the sandbox issuer issues it; the table follows the task.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(domains.getByRole('row').filter({ hasText: domain })).toContainText('Installed');

  await domains.getByRole('button', { name: domain }).click();
  // Checked moments after it was added: the DNS server answers its assigned address.
  await expect(drawer.getByText('Healthy', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Hostdeck sandbox issuer (not trusted by browsers)')).toBeVisible();
  await drawer.getByRole('button', { name: 'Install Software' }).click();
  const install = page.getByRole('dialog', { name: 'Install Software' });
  await install.getByLabel('Software').selectOption('WORDPRESS');
  await install.getByLabel('Language').selectOption('de');
  await expect(install.getByLabel('Admin username')).toHaveValue(/^[a-z]+\d{2}$/);
  await expect(install.getByLabel('Admin password')).toHaveValue(/^.{16}$/);
  await install.getByRole('button', { name: 'Install' }).click();
  await expect(install.getByText('Please enter the website name!')).toBeVisible();
  await install.getByLabel('Website name').fill('My new site');
  const password = await install.getByLabel('Admin password').inputValue();
  await expectAccessible(page, 'Install Software');
  await install.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByText('Software installation successfully scheduled!')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(domains.getByRole('row').filter({ hasText: domain })).toContainText('WordPress');

  await domains.getByRole('button', { name: domain }).click();
  await drawer.getByRole('button', { name: 'Software Info' }).click();
  const info = page.getByRole('dialog', { name: 'Software Info' });
  await expect(info.getByText('Hidden')).toBeVisible();
  await info.getByLabel('Your account password').fill('not my password');
  await info.getByRole('button', { name: 'Show password' }).click();
  await expect(info.getByText('The password is not correct.')).toBeVisible();
  await info.getByLabel('Your account password').fill(ACCOUNTS.owner.password);
  await info.getByRole('button', { name: 'Show password' }).click();
  await expect(info.getByText(password, { exact: true })).toBeVisible();

  await info.getByRole('button', { name: 'Close' }).first().click();

  // Log in opens WordPress's admin signed in, in a new window, through the edge (the browser maps every name to 127.0.0.1).
  const [admin] = await Promise.all([page.waitForEvent('popup'), drawer.getByRole('button', { name: 'Log in' }).click()]);
  await expect(admin.getByText(`Signed in to ${domain} as`)).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`^http://${domain.replace(/\./g, '\\.')}:${process.env.E2E_EDGE_PORT}/\\.hostdeck/login/`));
  await admin.reload();
  await expect(admin.getByText('This sign-in link has expired or was used already.')).toBeVisible();
  await admin.close();
  const [cpanel] = await Promise.all([page.waitForEvent('popup'), drawer.getByRole('button', { name: 'cPanel login' }).click()]);
  await expect(cpanel.getByRole('listitem').filter({ hasText: domain })).toBeVisible();
  await cpanel.close();

  // A URL redirect, and the HTTP edge answers it.
  await drawer.getByRole('tab', { name: 'URL Redirects' }).click();
  await drawer.getByRole('button', { name: 'New URL Redirect' }).click();
  const redirect = page.getByRole('dialog', { name: 'New URL Redirect' });
  await redirect.getByLabel('URLs').fill('/old-page');
  await redirect.getByLabel('Destination').fill('https://example.org/new-page');
  await redirect.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Redirect successfully created!')).toBeVisible();
  await expect(drawer.getByRole('table').getByText('/old-page').first()).toBeVisible();
  const edge = `http://127.0.0.1:${process.env.E2E_EDGE_PORT}`;
  const moved = await page.request.get(`${edge}/old-page`, { headers: { Host: domain }, maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('https://example.org/new-page');

  // The HTTPS and www switches: turning one of a pair on turns the other off.
  await drawer.getByRole('tab', { name: 'Misc' }).click();
  await drawer.locator('.switch-label', { hasText: /^Redirect to www$/ }).click();
  await expect(drawer.getByRole('switch', { name: 'Redirect to www' })).toBeChecked();
  await expect(drawer.getByRole('switch', { name: 'Redirect to non-www' })).toBeEnabled();
  await drawer.locator('.switch-label', { hasText: /^Redirect to non-www$/ }).click();
  await expect(drawer.getByRole('switch', { name: 'Redirect to non-www' })).toBeChecked();
  await expect(drawer.getByRole('switch', { name: 'Redirect to www' })).not.toBeChecked();
  await expectAccessible(page, 'Misc tab');

  // The DNS zone: each sentence of section 5 for the input that brings it, then a record the DNS server answers.
  await drawer.getByRole('tab', { name: 'DNS Zone' }).click();
  await drawer.getByRole('button', { name: 'Add A' }).click();
  const record = page.getByRole('dialog', { name: 'Add DNS record' });
  await expect(record.getByLabel('Type').locator('option')).toHaveText(['NS', 'A', 'CNAME', 'MX', 'TXT']);
  await record.getByLabel('Name').fill('a b');
  await record.getByRole('button', { name: 'Add' }).click();
  await expect(record.getByText("Please enter DNS record's value!")).toBeVisible();
  await expect(record.getByText("The name can hold only a-z, 0-9, '.' and '-' (blank is the domain itself).")).toBeVisible();
  await record.getByLabel('Name').fill('shop');
  await record.getByLabel('Values, one a row').fill('203.0.113.5');
  await record.getByLabel('TTL (seconds)').fill('600');
  await record.getByRole('button', { name: 'Add' }).click();
  await expect(record.getByText('Please enter a TTL value between 3600 and 592200!')).toBeVisible();
  await record.getByLabel('TTL (seconds)').fill('3600.5');
  await record.getByRole('button', { name: 'Add' }).click();
  await expect(record.getByText('TTL must be a full number!')).toBeVisible();
  await record.getByRole('button', { name: '12h' }).click();
  await expectAccessible(page, 'Add DNS record');
  await record.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('DNS record successfully created!')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'A records' })).toContainText('203.0.113.5');
  const resolver = new Resolver({ timeout: 30_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${process.env.E2E_DNS_PORT}`]);
  expect(await resolver.resolve4(`shop.${domain}`)).toEqual(['203.0.113.5']);
  await expectAccessible(page, 'DNS Zone tab');

  // Its history: the version before the record, restored in one step, and the server follows.
  await drawer.getByRole('button', { name: 'History' }).click();
  const versions = drawer.getByRole('list', { name: 'Versions of the zone, newest first' });
  await expect(versions.getByRole('listitem').first()).toContainText('Added A shop');
  await versions
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: /^Restore version/ })
    .click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('DNS zone successfully restored!')).toBeVisible();
  await expect(versions.getByRole('listitem').first()).toContainText('Restored version');
  await expect(resolver.resolve4(`shop.${domain}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });

  // The zone as a BIND file, and that file with a line added imported after its preview.
  await drawer.getByRole('button', { name: 'Records' }).click();
  const [zoneFile] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Export' }).click()]);
  const exported = await readFile((await zoneFile.path())!, 'utf8');
  expect(exported).toContain(`$ORIGIN ${domain}.`);
  await drawer.getByRole('button', { name: 'Import' }).click();
  const importing = page.getByRole('dialog', { name: 'Import zone file' });
  await importing.getByLabel('BIND zone file').fill(`${exported}\nblog\t3600\tIN\tA\t999.0.0.1\n`);
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByText(/^Line \d+: 999\.0\.0\.1 is not an IPv4 address\.$/)).toBeVisible();
  await expect(importing.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await importing.getByLabel('BIND zone file').fill(`${exported}\nblog\t3600\tIN\tA\t198.51.100.9\n`);
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByText('+ A blog 3600 198.51.100.9')).toBeVisible();
  await expectAccessible(page, 'Import zone file');
  await importing.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('DNS zone successfully imported!')).toBeVisible();
  expect(await resolver.resolve4(`blog.${domain}`)).toEqual(['198.51.100.9']);

  // A text that is no zone file is refused line by line; a file that removes more records than it adds asks first.
  await drawer.getByRole('button', { name: 'Import' }).click();
  await importing.getByLabel('BIND zone file').fill(`$ORIGIN ${domain}.\n@\tIN\tSOA\tns1.hostdeck.test. hostmaster.${domain}. (\n\t\t1 3600 900 1209600 300\n`);
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByText('Line 2: The parenthesis opened on this line is never closed, so the file cannot be read past it.')).toBeVisible();
  await expect(importing.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await importing.getByLabel('BIND zone file').fill(exported);
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByText('- A blog 3600 198.51.100.9')).toBeVisible();
  await expect(importing.getByText(/^\d+ records; 0 added, 1 removed\.$/)).toBeVisible();
  await importing.getByRole('button', { name: 'Apply' }).click();
  await expect(importing.getByText('Apply the zone file? It removes 1 record and adds 0; the history keeps the zone as it was.')).toBeVisible();
  await expectAccessible(page, 'Import zone file, asking before removals');
  await importing.getByRole('button', { name: 'Back' }).click();
  await expect(importing.getByText('- A blog 3600 198.51.100.9')).toBeVisible();
  await importing.getByRole('button', { name: 'Apply' }).click();
  await importing.getByRole('button', { name: 'Apply' }).click();
  await expect(importing).toBeHidden();
  await expect(resolver.resolve4(`blog.${domain}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });

  // A subdomain on an address with a free slot, and an email forwarder.
  await drawer.getByRole('tab', { name: 'Subdomains' }).click();
  await drawer.getByRole('button', { name: 'Add Subdomain' }).click();
  const subdomain = page.getByRole('dialog', { name: 'Add a Subdomain' });
  await subdomain.getByLabel('Subdomain').fill('Blog');
  const withSlot = await subdomain.getByLabel('IP address').locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await subdomain.getByLabel('IP address').selectOption(withSlot!);
  await subdomain.getByLabel('Hosting account').selectOption({ label: 'Main Shared Hosting' });
  await subdomain.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Subdomain successfully created!')).toBeVisible();
  await expect(drawer.getByRole('table').getByText(`blog.${domain}`)).toBeVisible();
  await drawer.getByRole('tab', { name: 'Email Addresses' }).click();
  await drawer.getByRole('button', { name: 'Add Email Address' }).click();
  const forwarder = page.getByRole('dialog', { name: 'Add Email Address' });
  await forwarder.getByLabel('Email address').fill('info');
  await forwarder.getByLabel('Forward to').fill('owner@example.net');
  await forwarder.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Email address successfully created!')).toBeVisible();
  await expect(drawer.getByRole('table').getByText(`info@${domain}`)).toBeVisible();

  // Notes: at most 1,000 characters, counted as they are typed.
  await drawer.getByRole('tab', { name: 'Notes' }).click();
  await drawer.getByRole('textbox', { name: 'Notes' }).fill('Migrated from the old host in November.');
  await expect(drawer.getByText('39 of 1000 characters')).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notes successfully updated!')).toBeVisible();

  // Analytics: the visits drawn as a chart (a canvas named for screen readers), the top countries.
  await drawer.getByRole('tab', { name: 'Analytics (beta)' }).click();
  await expect(
    drawer
      .getByRole('img', { name: /^Visits from / })
      .locator('canvas')
      .first(),
  ).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Top 10 countries' })).toBeVisible();
  await expectAccessible(page, 'Analytics tab');
});

test('a site is migrated from an FTP server: Test Connection, the folder tree, Migrate', async ({ page }) => {
  test.slow();
  // The old host: an FTP server on this machine holding a WordPress site in public_html.
  const remote = mkdtempSync(join(tmpdir(), 'hostdeck-e2e-ftp-'));
  mkdirSync(join(remote, 'public_html', 'wp-content'), { recursive: true });
  writeFileSync(join(remote, 'public_html', 'wp-config.php'), '<?php\n');
  const port = await freePort();
  const ftp = new FtpSrv({ url: `ftp://127.0.0.1:${port}`, pasv_url: '127.0.0.1', pasv_min: 40200, pasv_max: 40300, greeting: 'old host', log: quietLog });
  ftp.on('login', ({ username, password }, resolve, reject) => (username === 'site' && password === 'secret' ? resolve({ root: remote }) : reject(new Error('Wrong login'))));
  await ftp.listen();
  try {
    const stamp = Date.now();
    const domain = `moved-${stamp}.example`;
    await newGroup(page, `Migrate ${stamp}`);
    await addThroughWizard(page, [domain]);
    const domains = page.getByRole('table', { name: 'Domains' });
    await domains.getByRole('button', { name: domain }).click();
    const drawer = page.getByRole('dialog', { name: domain });
    await drawer.getByRole('button', { name: 'Migrate' }).click();
    const migrate = page.getByRole('dialog', { name: 'Migrate Software' });
    await migrate.getByLabel('Remote domain').fill('old-site.example');
    await migrate.getByLabel('FTP host').fill('127.0.0.1');
    await migrate.getByLabel('Port').fill(String(port));
    await migrate.getByLabel('Username').fill('site');
    await migrate.getByLabel('Password').fill('wrong');
    await expect(migrate.getByRole('button', { name: 'Browse' })).toBeDisabled();
    await migrate.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('Failed to connect to the FTP server.')).toBeVisible();
    await expect(migrate.getByRole('button', { name: 'Migrate' })).toBeDisabled();
    await migrate.getByLabel('Password').fill('secret');
    await migrate.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('FTP connection successful!')).toBeVisible();
    await migrate.getByRole('button', { name: 'Browse' }).click();
    const tree = migrate.getByRole('navigation', { name: 'Select FTP Path' });
    await tree.getByRole('button', { name: 'public_html/' }).click();
    await expect(migrate.getByText('/public_html', { exact: true })).toBeVisible();
    await expectAccessible(page, 'Migrate Software');
    await migrate.getByRole('button', { name: 'Migrate' }).click();
    await expect(page.getByText('Software migration task created!')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(domains.getByRole('row').filter({ hasText: domain })).toContainText('WordPress');
  } finally {
    await ftp.close();
    rmSync(remote, { recursive: true, force: true });
  }
});
