import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { createOwnAccount, type OwnAccount } from './own-account';

export interface Account {
  email: string;
  password: string;
}

/** Demo sign-ins the seeded database provides (src/server/seed/demo-accounts.ts). */
export const ACCOUNTS = {
  owner: { email: 'demo@hostdeck.test', password: DEMO_PASSWORD },
  customer: { email: 'customer@hostdeck.test', password: DEMO_PASSWORD },
  staff: { email: 'staff@hostdeck.test', password: DEMO_PASSWORD },
} satisfies Record<string, Account>;

/** The demo accounts the setup project signs in once each (tests/e2e/sign-in.setup.ts). */
export type Role = keyof typeof ACCOUNTS;
export const ROLES = Object.keys(ACCOUNTS) as Role[];

/**
 * Where the signed-in browser state of a role is kept for this run: `test.use({ storageState:
 * signedInAs('owner') })` starts a test signed in, without going through the login form. The
 * folder is per run (playwright.config.ts), so side-by-side runs keep their sessions apart.
 */
export function signedInAs(role: Role): string {
  const dir = process.env.E2E_STATE;
  if (!dir) throw new Error('E2E_STATE is not set: run the browser tests through playwright.config.ts.');
  return join(dir, `${role}.json`);
}

/** The session token the setup project saved for a role (the panel keeps it in localStorage, stores/credentials.ts). */
export function tokenOf(role: Role): string {
  const state = JSON.parse(readFileSync(signedInAs(role), 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const token = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'hostdeck:token')?.value;
  if (!token) throw new Error(`no saved session for ${role}: did the setup project run?`);
  return token;
}

/**
 * The browser id every test's browser sends at sign-in (stores/device.ts keeps it in local
 * storage). A demo account's first sign-in trusts its device; one shared id keeps the other
 * tests from meeting the device verification step, which tests/e2e/auth-flow.spec.ts covers.
 */
export const KNOWN_DEVICE_ID = 'e2e-known-device';
const DEVICE_KEY = 'hostdeck:device-id';

/**
 * Serious and critical WCAG 2.2 AA violations, in the theme the page shows now: all of them, or
 * only colour contrast (what a change of theme can break); in the whole page or `within` the
 * elements a selector names.
 */
export async function axeProblems(page: Page, rules: 'all' | 'contrast', within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const results = await (rules === 'all' ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']) : axe.withRules(['color-contrast'])).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `axe ${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Shows the page in the light or dark theme (the `dark` class on <html>), once the colours have finished fading. */
export async function setTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate(async (on) => {
    document.documentElement.classList.toggle('dark', on);
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
  }, dark);
}

/**
 * Fails on serious or critical WCAG 2.2 AA violations of the page as it is now: every rule in the
 * theme it shows, and colour contrast in the other (only colours change with the theme).
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  expect(await axeProblems(page, 'all'), `accessibility of ${where} (${dark ? 'dark' : 'light'} theme)`).toEqual([]);
  await setTheme(page, !dark);
  expect(await axeProblems(page, 'contrast'), `contrast of ${where} (${dark ? 'light' : 'dark'} theme)`).toEqual([]);
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
}

/** Islands answer clicks only once hydrated; Astro drops `ssr` from an island when it is. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

export async function fillLogin(page: Page, account: Account): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/auth/login');
  await fillLogin(page, account);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** Opens the dashboard of a signed-in browser and waits for it. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** The API headers of a role's saved session (the one its tests' browsers share). */
const asRole = (role: Role) => ({ Authorization: `Token ${tokenOf(role)}` });

/** The signed-in user as the API describes it, to compare the page with. */
export async function whoami(request: APIRequestContext, role: Role) {
  const me = await request.get('/api/account/whoami/', { headers: asRole(role) });
  expect(me.ok(), await me.text()).toBeTruthy();
  const { user } = (await me.json()) as { user: { first_name: string; last_name: string; company: { name: string } } };
  return user;
}

/** A domain the seed gave the role's company (the search matches substrings, and every domain has a dot). */
export async function someSeededDomain(request: APIRequestContext, role: Role) {
  const answer = await request.get('/api/system/search/?q=.', { headers: asRole(role) });
  const { data } = (await answer.json()) as { data: { domain?: { domain: string } }[] };
  const domain = data.find((entry) => entry.domain)?.domain?.domain;
  expect(domain, `the demo seed should give the ${role} domains`).toBeTruthy();
  return domain!;
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');

/**
 * The tests' `test`: it also fails a test whose pages broke the Content Security Policy
 * (the browser reports each refused script or style as a console error).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright's type for a fixture that gives the test no value (it only runs around it).
export const test = base.extend<{ cspGuard: void; knownDevice: void; ownAccount: OwnAccount; keepWizard: boolean }>({
  /** `test.use({ keepWizard: true })`: the own account's getting-started wizard stays running, as after a real sign-up. */
  keepWizard: [false, { option: true }],
  // A user of the test's own, made through the API when a test asks for it (tests/e2e/own-account.ts).
  // It has an API client of its own: the `request` fixture follows `storageState`, which may be this account's.
  ownAccount: async ({ playwright, baseURL, keepWizard }, use, testInfo) => {
    const api = await playwright.request.newContext({ baseURL });
    const account = await createOwnAccount(api, { baseURL: baseURL!, deviceId: KNOWN_DEVICE_ID, label: `w${testInfo.workerIndex}`, keepWizard });
    await api.dispose();
    await use(account);
  },
  knownDevice: [
    async ({ context }, use) => {
      await context.addInitScript(
        ([key, id]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, id);
        },
        [DEVICE_KEY, KNOWN_DEVICE_ID] as const,
      );
      await use();
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ page }, use) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await use();
      expect(refused, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
