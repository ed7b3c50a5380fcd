import { panelApi } from './panel-api';
import { expect, expectAccessible, signedInAs, test, waitForHydration } from './support';
import { billingRoutes } from '../../src/lib/requests/billing';

// The services page's done-for-you website order and the support page (spec part 3, 2.11, 2.12),
// as the demo owner.
test.use({ storageState: signedInAs('owner') });

test('a website order is checked, priced as chosen and placed once, then the payer is on its invoice', async ({ page }) => {
  await page.goto('/services');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(page.getByText('12 months of a dedicated IP address and hosting for every website')).toBeVisible();
  await expectAccessible(page, 'the services page');

  const order = page.getByRole('region', { name: 'Order' });
  const count = order.getByRole('textbox', { name: 'Websites' });
  const whiteGlove = order.getByRole('checkbox', { name: /White-glove domain picking/ });
  // Spec part 3, 5: white glove only with 10 websites or more; 1 to 100 websites.
  await expect(whiteGlove).toBeDisabled();
  await count.fill('0');
  await order.getByRole('button', { name: 'Create Order' }).click();
  await expect(order.getByText('Please enter a valid website count between 1 and 100!')).toBeVisible();
  await expect(order.getByText('Please agree to the terms of service!')).toBeVisible();

  await count.fill('10');
  await expect(whiteGlove).toBeEnabled();
  await whiteGlove.check();
  await order.getByLabel('Articles per website').selectOption('30');
  // 10 x $250 + 10 x $150 extra content; white glove is free.
  await expect(order.getByText('Total: $4,000.00')).toBeVisible();
  await order.getByRole('checkbox', { name: 'I agree to the terms of service.' }).check();
  await count.fill('9');
  await expect(whiteGlove).not.toBeChecked();
  await expect(order.getByText('Total: $3,600.00')).toBeVisible();

  const api = await panelApi(page);
  const ordersNow = async () => (await api.get<{ total: number }>(`${billingRoutes.listOrders.path}?per_page=1`)).total;
  const before = await ordersNow();
  await order.getByRole('button', { name: 'Create Order' }).dblclick();
  await expect(page).toHaveURL(/\/billing\/invoices\/\d+$/);
  await expect(page.getByText('Order successfully created!')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Website setup', exact: true })).toBeVisible();
  await expect(page.getByText('$3,600.00').first()).toBeVisible();
  // The double click placed one order.
  expect(await ordersNow()).toBe(before + 1);
});

test('the support page lists each department with its hours, the account manager and the articles', async ({ page }) => {
  await page.goto('/support');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const contacts = page.getByRole('region', { name: 'Contact us' });
  await expect(contacts.getByRole('link', { name: 'support@hostdeck.test' })).toBeVisible();
  await expect(contacts.getByText('24/7')).toBeVisible();
  await expect(contacts.getByRole('link', { name: 'abuse@hostdeck.test' })).toBeVisible();
  await expect(contacts.getByRole('link', { name: 'Open a support ticket' })).toHaveAttribute('href', 'mailto:support@hostdeck.test');
  await expect(page.getByRole('main').getByRole('region', { name: 'Your account manager' }).getByRole('link', { name: 'maria.kask@hostdeck.test' })).toBeVisible();

  const articles = page.getByRole('region', { name: 'Knowledge base' });
  const first = articles.getByRole('button').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('heading', { name: title })).toHaveCount(1);
  await expect(dialog.getByRole('article')).not.toBeEmpty();
  await expectAccessible(page, 'a support article');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('both pages fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/services', '/support']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    expect(widths.content, path).toBeLessThanOrEqual(widths.screen);
  }
});

test('the chat launcher covers neither the account manager card nor the end of a form, on a desktop or a 360 px phone', async ({ page }) => {
  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  await page.goto('/services');
  await waitForHydration(page);
  // The demo company has an account manager: the chat launcher, and the manager's card at the sidebar's foot.
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  const card = page.locator('#sidebar').getByRole('region', { name: 'Your account manager' });
  await card.getByRole('link').last().scrollIntoViewIfNeeded();
  for (const link of await card.getByRole('link').all()) expect(overlaps((await launcher.boundingBox())!, (await link.boundingBox())!)).toBe(false);
  expect(overlaps((await launcher.boundingBox())!, (await card.boundingBox())!)).toBe(false);

  // Scrolled to its end on a phone, the form's last button stays clear of it.
  await page.setViewportSize({ width: 360, height: 740 });
  const submit = page.getByRole('button', { name: 'Create Order' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(submit).toBeInViewport();
  expect(overlaps((await launcher.boundingBox())!, (await submit.boundingBox())!)).toBe(false);
});
