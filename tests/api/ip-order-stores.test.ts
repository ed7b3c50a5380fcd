/**
 * The panel's IP order wizard store (src/stores/ip-order.ts) walking the shared scenarios
 * (tests/helpers/ip-order-scenarios.ts) in Node, through the panel's own API object against the
 * in-process API: the refusals beside the fields, the summary's warning, and for a placed order
 * the invoice it went to, whose total is the summary's and whose order is the one chosen.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Order } from '../../src/lib/api/billing';
import { getInvoice, getOrder } from '../../src/lib/requests/billing';
import { listIpGroups } from '../../src/lib/requests/ip-addresses';
import { ORDER_PLACED } from '../../src/lib/schemas/ip-orders';
import { api } from '../../src/stores/api';
import * as ipOrder from '../../src/stores/ip-order';
import { $toasts } from '../../src/stores/toasts';
import { SCENARIOS, walkPages, type OrderFacts } from '../helpers/ip-order-scenarios';
import type { TestApp } from './helpers/app';
import { DEMO_EMAIL, useDemoApp } from './helpers/demo-app';
import { panelSignedInAs, shownToasts } from './helpers/panel';
import type { PageInMemory } from './helpers/page';

let t: TestApp;
let page: PageInMemory;

useTestStorageEngine();
useDemoApp((app) => ({ t } = app));

beforeEach(async () => {
  $toasts.set([]);
  ({ page } = await panelSignedInAs(t, DEMO_EMAIL, '/ip-addresses'));
});

/** The facts of an order as the server keeps it. */
const factsOfOrder = (order: Order): OrderFacts => ({
  ipType: order.preferences.ip_address_type ?? '',
  filter: order.preferences.ip_address_class_filter ?? '',
  cycle: order.billing_cycle,
  coupon: order.coupon,
  lines: (order.preferences.locations ?? []).map((l) => ({ location: l.location, count: l.ip_address_count, slots: l.additional_site_count + 1 })),
});

const wizard = { ...ipOrder, state: () => ipOrder.$ipOrder.get(), summary: () => ipOrder.$summary.get() };

describe('the IP order wizard’s store, walking the shared scenarios', () => {
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const [group, ...others] = (await listIpGroups(api, { per_page: 100 })).data;
      await ipOrder.openIpOrder(group!.guid);
      expect(ipOrder.$ipOrder.get().groups.map((g) => g.guid)).toContain(group!.guid);
      const walked = await walkPages(
        wizard,
        scenario,
        others.map((g) => g.guid),
      );
      expect(walked.warned).toBe(scenario.warned);
      expect(ipOrder.$ipOrder.get().open).toBe(false);
      if (!scenario.order) {
        expect(page.went).toEqual([]);
        return;
      }
      expect(shownToasts()).toEqual([['success', ORDER_PLACED]]);
      const id = /^\/billing\/invoices\/(\d+)$/.exec(page.went.at(-1)?.url ?? '')?.[1];
      expect(id, 'the wizard goes to the invoice').toBeTruthy();
      const invoice = await getInvoice(api, Number(id));
      // The summary shown is the invoice: its lines and its total.
      expect(invoice.items.map((i) => [i.description, i.quantity, i.sub_total])).toEqual(walked.summary!.items.map((i) => [i.description, i.quantity, i.sub_total]));
      expect(invoice.total_amount).toBe(walked.summary!.total_amount);
      expect(factsOfOrder(await getOrder(api, invoice.order_id!))).toEqual(scenario.order);
    });
  }
});
