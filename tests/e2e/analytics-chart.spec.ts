import { expect, signedInAs, test, waitForHydration } from './support';

// The domain drawer's Analytics chart (spec part 2, 2.7): its time axis, drawn on a canvas, is
// read through the text the chart draws.
test.use({ storageState: signedInAs('owner') });

test('the Analytics chart names each day once on its time axis', async ({ page }) => {
  // Keeps, per canvas, the text of its latest drawing (uPlot clears the whole canvas before each).
  await page.addInitScript(() => {
    const proto = CanvasRenderingContext2D.prototype;
    const fill = proto.fillText;
    const clear = proto.clearRect;
    type Drawn = HTMLCanvasElement & { drawnTexts?: string[] };
    proto.clearRect = function (x: number, y: number, w: number, h: number) {
      if (x === 0 && y === 0 && w >= this.canvas.width) (this.canvas as Drawn).drawnTexts = [];
      return clear.call(this, x, y, w, h);
    };
    proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      const drawn = this.canvas as Drawn;
      drawn.drawnTexts ??= [];
      drawn.drawnTexts.push(String(text));
      return maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
    };
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/domains');
  await waitForHydration(page);
  await page.getByRole('table', { name: 'Domain groups' }).getByRole('link', { name: 'Agency Sites' }).click();
  const domains = page.getByRole('table', { name: 'Domains' });
  const first = (await domains.getByRole('row').nth(1).getByRole('button').first().textContent())!.trim();
  await domains.getByRole('button', { name: first }).click();
  const drawer = page.getByRole('dialog', { name: first });
  await drawer.getByRole('tab', { name: 'Analytics (beta)' }).click();
  const canvas = drawer
    .getByRole('img', { name: /^Visits from / })
    .locator('canvas')
    .first();
  await expect(canvas).toBeVisible();
  // The default range is the last 7 days: day labels (MM/DD), each once, at least two of them.
  const days = async () =>
    ((await canvas.evaluate((el) => (el as HTMLCanvasElement & { drawnTexts?: string[] }).drawnTexts ?? [])) as string[]).filter((t) => /^\d\d\/\d\d$/.test(t));
  await expect.poll(async () => (await days()).length).toBeGreaterThan(1);
  const labels = await days();
  expect(labels).toEqual([...new Set(labels)]);
});
