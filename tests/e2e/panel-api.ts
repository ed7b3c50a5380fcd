import type { Page } from '@playwright/test';
import { expect } from './support';

/**
 * The API as the signed-in page calls it (its token from the page's storage), for a test's
 * setup: a group of its own, the list of addresses. What the test is about goes through the screens.
 */
export async function panelApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('hostdeck:token'));
  const headers = { Authorization: `Token ${token}` };
  return {
    get: async <T,>(path: string) => (await (await page.request.get(`/api${path}`, { headers })).json()) as T,
    send: async <T,>(method: 'post' | 'patch', path: string, data: unknown) => {
      const res = await page.request[method](`/api${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBeTruthy();
      return (await res.json()) as T;
    },
  };
}
