import { expect, expectAccessible, signedInAs, test } from './support';

test.use({ timezoneId: 'Asia/Tokyo', storageState: signedInAs('owner') });

test("times show in UTC, marked so, or in the viewer's own zone when chosen; activity lists say how long ago", async ({ page }) => {
  await page.goto('/account/logins');
  const firstTime = page.getByRole('table').locator('tbody tr').first().locator('time');
  await expect(firstTime).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  const iso = (await firstTime.getAttribute('datetime'))!;
  const utcHour = new Date(iso).getUTCHours();
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText(/\((just now|\d+ (min|h|d|mo|y) ago)\)/);

  await page.getByRole('button', { name: /Demo/ }).click();
  await page.getByRole('menuitem', { name: 'Show times in my time zone' }).click();
  // Tokyo is 9 hours ahead of UTC all year.
  const tokyoHour = String((utcHour + 9) % 24).padStart(2, '0');
  await expect(firstTime).toHaveText(new RegExp(`^\\d{4}/\\d{2}/\\d{2} ${tokyoHour}:\\d{2}:\\d{2} GMT\\+9$`));
  await page.reload();
  await expect(firstTime).toHaveText(/ GMT\+9$/);
  await expectAccessible(page, 'logins in the viewer time zone');

  await page.getByRole('button', { name: /Demo/ }).click();
  await page.getByRole('menuitem', { name: 'Show times in UTC' }).click();
  await expect(firstTime).toHaveText(/ UTC$/);
});
