import type { Page } from '@playwright/test';
import { billingRoutes } from '../../src/lib/requests/billing';
import { ipOrderRoutes } from '../../src/lib/requests/ip-orders';
import { expect } from './support';

/**
 * The API as the signed-in page calls it (its token from the page's storage), for a test's
 * setup: a group of its own, the list of addresses. What the test is about goes through the screens.
 */
export async function panelApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('hostdeck:token'));
  const headers = { Authorization: `Token ${token}` };
  return {
    get: async <T>(path: string) => (await (await page.request.get(`/api${path}`, { headers })).json()) as T,
    send: async <T>(method: 'post' | 'patch', path: string, data: unknown) => {
      const res = await page.request[method](`/api${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBeTruthy();
      return (await res.json()) as T;
    },
  };
}

/**
 * A one-address IP order in `group`, placed and paid with the company's active card, approved on
 * the sandbox gateway's page as a payer does; the page ends back in the panel.
 */
export async function placePaidIpOrder(page: Page, group: string): Promise<{ order_id: number; invoice_id: number }> {
  const api = await panelApi(page);
  const placed = await api.send<{ order_id: number; invoice_id: number }>('post', ipOrderRoutes.create.path, {
    group,
    billing_cycle: 'MONTHLY',
    locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 0 }],
    ip_address_filter: 'NONE',
    ip_address_type: 'DEDICATED',
    excluded_groups: [],
    coupon: null,
  });
  const methods = await api.get<{ data: { guid: string; method_type: string; status: string }[] }>(`${billingRoutes.listPaymentMethods.path}?per_page=100`);
  const card = methods.data.find((m) => m.method_type === 'CARD' && m.status === 'ACTIVE')!;
  const started = await api.send<{ redirect_url: string }>('post', billingRoutes.pay.path, {
    invoice_id: placed.invoice_id,
    payment_method: 'CARD',
    payment_amount: '',
    payment_method_guid: card.guid,
  });
  await page.goto(started.redirect_url);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/payment=success/);
  return placed;
}
