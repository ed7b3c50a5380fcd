import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';

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

/**
 * The browser id every test's browser sends at sign-in (stores/device.ts keeps it in local
 * storage). A demo account's first sign-in trusts its device; one shared id keeps the other
 * tests from meeting the device verification step, which tests/e2e/auth-flow.spec.ts covers.
 */
export const KNOWN_DEVICE_ID = 'e2e-known-device';
const DEVICE_KEY = 'hostdeck:device-id';

/**
 * Fails on serious or critical WCAG 2.2 AA violations of the page as it is now, in the light
 * and in the dark theme (the theme is the `dark` class on <html>, all colours follow it).
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const theme of [dark, !dark]) {
    // Colours that fade between themes are read once they have arrived.
    await page.evaluate(async (on) => {
      document.documentElement.classList.toggle('dark', on);
      await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
    }, theme);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious, `accessibility of ${where} (${theme ? 'dark' : 'light'} theme)`).toEqual([]);
  }
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

/** Runs `work` with an API session of `account`, ended afterwards. */
async function withApiSession<T>(request: APIRequestContext, account: Account, work: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const login = await request.post('/api/auth/login/', { data: { email: account.email, password: account.password, fingerprint: KNOWN_DEVICE_ID } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Token ${token}` };
  try {
    return await work(headers);
  } finally {
    await request.post('/api/auth/logout/', { headers });
  }
}

/** The signed-in user as the API describes it, to compare the page with. */
export function whoami(request: APIRequestContext, account: Account) {
  return withApiSession(request, account, async (headers) => {
    const me = await request.get('/api/account/whoami/', { headers });
    const { user } = (await me.json()) as { user: { first_name: string; last_name: string; company: { name: string } } };
    return user;
  });
}

/** A domain the seed gave the account's company (the search matches substrings, and every domain has a dot). */
export function someSeededDomain(request: APIRequestContext, account: Account) {
  return withApiSession(request, account, async (headers) => {
    const answer = await request.get('/api/system/search/?q=.', { headers });
    const { data } = (await answer.json()) as { data: { domain?: { domain: string } }[] };
    const domain = data.find((entry) => entry.domain)?.domain?.domain;
    expect(domain, 'the demo seed should give the owner domains').toBeTruthy();
    return domain!;
  });
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');

/**
 * The tests' `test`: it also fails a test whose pages broke the Content Security Policy
 * (the browser reports each refused script or style as a console error).
 */
export const test = base.extend<{ cspGuard: void; knownDevice: void }>({
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
