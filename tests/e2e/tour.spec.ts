import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCREEN_IDS } from '../../src/lib/rules/routes';
import { SCREENS } from '../../src/lib/rules/screens';
import { ROLES, axeProblems, expect, setTheme, signedInAs, test, tokenOf, waitForHydration, type Role } from './support';
import { codesOnScreen, errorToasts, layoutProblems, watchPage, type Problems, type Settled } from './tour/checks';
import { TOUR_DIR, demoIds, screenName, touredAddresses, untouredScreens, type DemoIds } from './tour/screens';
import { SCREEN_CODES } from '../../src/lib/format/words';
import { OPENERS } from './tour/openers';

/**
 * The tour: every screen of the screen table, as each demo role sees it, at a desktop and a
 * phone width, in the light and the dark theme. A screen fails on anything a person would
 * call broken (tests/e2e/tour/checks.ts), and leaves a screenshot of itself in TOUR_DIR so
 * the whole panel can be paged through after a change.
 */

/**
 * Answers a screen asks for knowing they may be refused: the affiliate area's first call, whose
 * 404 means 'no affiliate account yet' (spec part 3, 2.10), and the object of an address the
 * tour made up for a role that has none (the screen then says so on the page).
 */
const onPurpose = (ids: DemoIds) => (url: URL, status: number) =>
  status === 404 && (url.pathname === '/api/affiliate/exists/' || ids.standIns.some((id) => url.pathname.split('/').includes(id)));

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test('the tour has addresses for every screen of the screen table', () => {
  expect(untouredScreens()).toEqual([]);
});

/** Opens `path` and waits until the screen has drawn what it loaded. */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('main h1, main [role="status"]').first()).toBeVisible();
}

/**
 * How closely a role looks. The owner sees every control, so the owner's tour takes each screen
 * at both widths in both themes, with axe reading each theme. The other roles see the same
 * screens with fewer controls: their tour checks the layout at both widths and keeps one
 * screenshot (desktop, light), since the themes and their contrast are the owner's to prove.
 */
interface Look {
  themes: readonly boolean[];
  /** The widths a screenshot is kept at; the layout is checked at every width. */
  shotsAt: readonly (typeof WIDTHS)[number]['name'][];
  axe: boolean;
}
const LOOKS: Record<Role, Look> = {
  owner: { themes: [false, true], shotsAt: ['desktop', 'phone'], axe: true },
  customer: { themes: [false], shotsAt: ['desktop'], axe: false },
  staff: { themes: [false], shotsAt: ['desktop'], axe: false },
};

/**
 * Looks at the screen now shown, at both widths (and the role's themes); answers what is wrong.
 * `axeWithin` narrows axe to an open dialog: the page behind it was read on its own.
 */
async function lookAt(page: Page, role: Role, name: string, settled: Settled, axeWithin?: string): Promise<Problems> {
  const look = LOOKS[role];
  const problems: Problems = [];
  const folder = join(TOUR_DIR, role);
  mkdirSync(folder, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // What redraws itself on a resize (a chart's ResizeObserver) has done so two frames later.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await settled('after a resize');
    problems.push(...(await layoutProblems(page)).map((p) => `${size.name}: ${p}`));
    if (!look.shotsAt.includes(size.name)) continue;
    for (const dark of look.themes) {
      await setTheme(page, dark);
      // Contrast does not change with the width: axe reads each theme once, at the desktop
      // width. Only colours change with the theme, so the dark theme's reading is of contrast.
      if (size.name === 'desktop' && look.axe) problems.push(...(await axeProblems(page, dark ? 'contrast' : 'all', axeWithin)).map((p) => `${dark ? 'dark' : 'light'}: ${p}`));
      await page.screenshot({ path: join(folder, `${name}-${size.name}-${dark ? 'dark' : 'light'}.jpeg`), fullPage: true, quality: 80 });
    }
    await setTheme(page, false);
  }
  problems.push(...(await codesOnScreen(page, SCREEN_CODES)));
  return problems;
}

/** What the openers open: dialogs, drawers and wizards are each a dialog (or an alert dialog) to assistive technology. */
const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/** Opens the screen's dialogs, drawers and wizards in turn and looks at each (and each of its views). */
async function lookAtDialogs(page: Page, role: Role, screen: string, settled: Settled): Promise<Problems> {
  const problems: Problems = [];
  for (const opener of OPENERS[screen] ?? []) {
    await page.setViewportSize(WIDTHS[0]);
    const dialog = await opener.open(page);
    if (!dialog) continue;
    await expect(dialog, `${opener.name} opens`).toBeVisible();
    await settled();
    const views = opener.views ? await opener.views(dialog) : [{ name: '', show: async () => undefined }];
    for (const view of views) {
      await page.setViewportSize(WIDTHS[0]);
      await view.show();
      const name = [screen, opener.name, view.name].filter(Boolean).join('-');
      problems.push(...(await lookAt(page, role, name, settled, DIALOGS)).map((p) => `${opener.name}${view.name ? ` ${view.name}` : ''}: ${p}`));
    }
    await page.keyboard.press('Escape');
    await expect(dialog, `${opener.name} closes with Escape`).toBeHidden();
  }
  return problems;
}

for (const role of ROLES) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: signedInAs(role) });
    for (const id of SCREEN_IDS) {
      const { pattern } = SCREENS[id];
      test(`tours ${pattern}`, async ({ page, request }) => {
        const ids = await demoIds(request, tokenOf(role));
        const watch = await watchPage(page, onPurpose(ids));
        const settled: Settled = (after) => watch.settled(after);
        for (const path of touredAddresses(id, ids)) {
          const screen = screenName(pattern, path);
          await openScreen(page, path);
          await settled();
          const problems = [...(await lookAt(page, role, screen, settled)), ...(await lookAtDialogs(page, role, screen, settled)), ...(await errorToasts(page))];
          expect.soft([...watch.take(), ...problems], `${role} at ${path}`).toEqual([]);
        }
      });
    }
  });
}
