import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getInvoice } from '../../src/lib/requests/billing';
import { listIpGroups } from '../../src/lib/requests/ip-addresses';
import { ipMarketplace, ipOrderOptions } from '../../src/lib/requests/ip-orders';
import { summaryOf } from '../../src/lib/rules/ip-order';
import { TOO_MANY_SLOTS } from '../../src/lib/schemas/ip-orders';
import type { Database } from '../../src/server/db/connection';
import { paymentMethods } from '../../src/server/db/schema/index';
import { run } from '../cli/helpers/run';
import type { TestApp } from './helpers/app';
import { API_UNDER_PANEL, demoConfigDir, fetchUnderApi } from './helpers/cli-api';
import { openDemoApp, type Session } from './helpers/demo-app';

/** `hostdeck ip order` from flags against the reference API in-process (issue 12). */
let database: Database;
let t: TestApp;
let configDir: string;
let demo: Session;
let group: { guid: string; name: string };

const API = API_UNDER_PANEL;
const fetchApi = fetchUnderApi(() => t);
const cli = (argv: string[]) => run(['--api-url', API, ...argv], { configDir, fetch: fetchApi });

interface Placed {
  order_id: number;
  invoice_id: number;
  invoice_url: string;
  total_amount: number;
  currency: string;
  payment: { method: string; redirect_url: string | null } | null;
}

beforeAll(async () => {
  ({ database, t, demo } = await openDemoApp());
  group = (await listIpGroups(t.client(demo), { per_page: 100 })).data[0]!;
});
afterAll(() => database.close());
beforeEach(async () => {
  const temp = await demoConfigDir(API, demo);
  configDir = temp.dir;
  return temp.cleanup;
});

describe('hostdeck ip order from flags', () => {
  it('places the order the wizard would, whose invoice carries the total the panel shows', async () => {
    // What the panel's summary shows for the same choices (src/stores/ip-order.ts prices with summaryOf).
    const client = t.client(demo);
    const [entries, options] = await Promise.all([
      ipMarketplace(client, { ip_type: 'DEDICATED', ip_filter: 'NONE', exclude: [] }).then((p) => p.data),
      ipOrderOptions(client, { coupon: 'IPANNUAL20' }),
    ]);
    const panel = summaryOf({
      ipType: 'DEDICATED',
      entries,
      picks: { 'us-nyc': { count: 2, slots: 3 }, 'de-fra': { count: 1, slots: 1 } },
      cycle: options.billing_cycles.find((c) => c.name === 'ANNUALLY')!,
      coupon: options.coupon,
      options,
    });

    const out = await cli(['--json', 'ip', 'order', '--group', group.name, '--location', 'us-nyc=2:3', '--location', 'Frankfurt=1', '--filter', 'NONE', '--coupon', 'ipannual20']);
    expect(out.code, out.stderr).toBe(0);
    const placed = JSON.parse(out.stdout) as Placed;
    expect(placed.total_amount).toBe(panel.total_amount);
    const invoice = await getInvoice(client, placed.invoice_id);
    expect(invoice.total_amount).toBe(panel.total_amount);
    expect(invoice.coupon_code?.name).toBe('IPANNUAL20');
    expect(placed.invoice_url).toBe(`http://hostdeck.test/billing/invoices/${placed.invoice_id}`);
    expect(placed.payment).toBeNull();
  });

  it('prints the lines, the total and the invoice link on a table run, and starts paying with the saved card with --pay', async () => {
    const out = await cli(['ip', 'order', '--group', group.guid, '--location', 'us-nyc=1', '--cycle', 'monthly', '--pay']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^ITEM\s+QTY\s+RATE\s+AMOUNT/);
    expect(out.stdout).toMatch(/Total: \$\d/);
    const id = /Invoice #(\d+): http:\/\/hostdeck\.test\/billing\/invoices\/\1/.exec(out.stdout)?.[1];
    expect(id).toBeTruthy();
    expect(out.stdout).toMatch(/Approve the payment: http:\/\/hostdeck\.test\/api\/sandbox-gateway\//);
    expect(out.stderr).toContain('placed.');
  });

  it('places the order but exits 3 when --pay finds no saved method', async () => {
    const cards = await database.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyGuid, demo.company), eq(paymentMethods.status, 'ACTIVE')));
    await database.db.update(paymentMethods).set({ status: 'DISABLED' }).where(eq(paymentMethods.companyGuid, demo.company));
    try {
      const out = await cli(['--json', 'ip', 'order', '--group', group.guid, '--location', 'us-nyc=1', '--pay']);
      expect(out.code).toBe(3);
      expect((JSON.parse(out.stdout) as Placed).invoice_id).toBeGreaterThan(0);
      expect(out.stderr).toContain('This company has no saved card or PayPal account: the invoice was not paid.');
    } finally {
      for (const card of cards) await database.db.update(paymentMethods).set({ status: 'ACTIVE' }).where(eq(paymentMethods.guid, card.guid));
    }
  });

  it('says what is wrong before anything is placed', async () => {
    const slots = await cli(['ip', 'order', '--group', group.guid, '--location', 'us-nyc=1:11']);
    expect(slots.code).toBe(2);
    expect(slots.stderr).toContain(TOO_MANY_SLOTS);
    const where = await cli(['ip', 'order', '--group', group.guid, '--location', 'atlantis=1']);
    expect(where.code).toBe(1);
    expect(where.stderr).toContain('No location atlantis is offered for this IP address type.');
    const syntax = await cli(['ip', 'order', '--group', group.guid, '--location', 'us-nyc']);
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toContain('--location us-nyc is not a location and a count.');
    const coupon = await cli(['ip', 'order', '--group', group.guid, '--location', 'us-nyc=1', '--coupon', 'SPRING5']);
    expect(coupon.code).toBe(1);
    expect(coupon.stderr).toContain('This coupon is not valid!');
    const noFlags = await cli(['ip', 'order']);
    expect(noFlags.code).toBe(2);
    expect(noFlags.stderr).toContain('Name the addresses to order with --location.');
  });
});
