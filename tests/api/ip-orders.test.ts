import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { priceIpOrder } from '../../src/lib/billing';
import { createIpOrder, ipMarketplace, ipOrderOptions } from '../../src/lib/requests/ip-orders';
import { getInvoice } from '../../src/lib/requests/billing';
import {
  BAD_COUPON,
  CHOOSE_A_LOCATION,
  CHOOSE_GROUP,
  ORDER_PLACED,
  SHARED_ONE_SLOT,
  TOO_MANY_SLOTS,
  UNKNOWN_CYCLE,
  UNKNOWN_LOCATION,
  type IpOrderInput,
} from '../../src/lib/schemas/ip-orders';
import type { MarketplaceLocation } from '../../src/lib/api/ip-orders';
import type { Database } from '../../src/server/db/connection';
import { companies, invoiceItems, invoices, ipAddresses, ipGroups, ipInventory, marketplaceLocations, memberships, orders } from '../../src/server/db/schema/index';
import { allocateIpOrder, releaseIpOrder } from '../../src/server/billing/ip-stock';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { payInFull } from './helpers/pay';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let bluebird: { token: string; company: string };
let group: string;
let theirGroup: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  bluebird = await t.signIn('bluebird@hostdeck.test');
  const { db } = database;
  const [mine] = await db.select().from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(1);
  const [theirs] = await db.select().from(ipGroups).where(eq(ipGroups.companyGuid, bluebird.company)).limit(1);
  group = mine!.guid;
  theirGroup = theirs!.guid;
});
afterAll(() => database.close());

const client = () => t.client(demo);
const locations = async (query: Parameters<typeof ipMarketplace>[1] = {}) => (await ipMarketplace(client(), query)).data.flatMap((c) => c.locations);
const at = (list: MarketplaceLocation[], hash: string) => list.find((l) => l.hash === hash)!;
const freeRows = async (hash: string, type = 'DEDICATED') => {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ipInventory)
    .innerJoin(marketplaceLocations, eq(marketplaceLocations.guid, ipInventory.locationGuid))
    .where(and(eq(marketplaceLocations.hash, hash), eq(ipInventory.ipType, type), sql`${ipInventory.allocatedCount} < ${ipInventory.capacity}`));
  return row!.n;
};
const order = (over: Partial<IpOrderInput> = {}): IpOrderInput => ({
  group,
  billing_cycle: 'ANNUALLY',
  locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 0 }],
  ip_address_filter: 'NONE',
  ip_address_type: 'DEDICATED',
  excluded_groups: [],
  coupon: null,
  ...over,
});

describe('the marketplace', () => {
  it('lists every location by country with prices in the company’s currency', async () => {
    const page = await ipMarketplace(client());
    expect(page.total).toBe(page.data.length);
    const us = page.data.find((c) => c.country_code === 'US')!;
    expect(us.country_name).toBe('United States');
    expect(us.locations.map((l) => l.city)).toContain('New York');
    expect(at(us.locations, 'us-nyc')).toMatchObject({ location: 'us-nyc', price: 300, site_price: 100, currency: 'USD' });
    const eur = await ipMarketplace(t.client(bluebird));
    expect(eur.data[0]!.locations[0]!.currency).toBe('EUR');
  });

  it('counts the free stock without a filter, and Sydney is sold out', async () => {
    const list = await locations({ ip_filter: 'NONE' });
    expect(at(list, 'us-nyc').ip_address_count).toBe(await freeRows('us-nyc'));
    expect(at(list, 'au-syd').ip_address_count).toBe(0);
    const shared = await locations({ ip_filter: 'NONE', ip_type: 'SHARED' });
    expect(at(shared, 'us-nyc').ip_address_count).toBe(await freeRows('us-nyc', 'SHARED'));
  });

  it('counts one address per subnet the company does not hold with a filter, fewer the wider it is', async () => {
    const none = await locations({ ip_filter: 'NONE' });
    const c = await locations({ ip_filter: 'C' });
    const b = await locations({ ip_filter: 'B' });
    for (const l of c) expect(l.ip_address_count).toBeLessThanOrEqual(at(none, l.hash).ip_address_count);
    // Each city is one /16 and the demo company holds addresses in many: B leaves at most 1 a city.
    for (const l of b) expect(l.ip_address_count).toBeLessThanOrEqual(1);
    expect(b.every((l) => l.ip_address_count <= at(c, l.hash).ip_address_count)).toBe(true);
  });

  it('compares nothing with the excluded groups', async () => {
    const all = (await database.db.select({ guid: ipGroups.guid }).from(ipGroups).where(eq(ipGroups.companyGuid, demo.company))).map((g) => g.guid);
    const excluded = await locations({ ip_filter: 'B', exclude: all });
    const none = await locations({ ip_filter: 'NONE' });
    // With every group excluded, B offers one address per free /16: 1 wherever anything is free.
    for (const l of excluded) expect(l.ip_address_count).toBe(Math.min(1, at(none, l.hash).ip_address_count));
  });

  it('refuses an unknown filter', async () => {
    const error = await refusal(ipMarketplace(client(), { ip_filter: 'D' as 'C' }), 400);
    expect(error.body.fields).toEqual({ ip_filter: 'The subnet filter must be NONE, C, B or A.' });
  });
});

describe('the options', () => {
  it('answers the billing cycles with their discounts, the defaults and the slot limits', async () => {
    const options = await ipOrderOptions(client());
    expect(options.billing_cycles.map((b) => b.name)).toEqual(['MONTHLY', 'QUARTERLY', 'SEMI_ANNUALLY', 'ANNUALLY']);
    expect(options.billing_cycles.at(-1)).toEqual({ name: 'ANNUALLY', value: 12, discount: { discount_type: 'PERCENTAGE', percentage_value: 15 } });
    expect(options.billing_cycles[0]!.discount).toBeNull();
    expect(options.defaults).toEqual({ ip_address_type: 'DEDICATED', ip_address_filter: 'C', billing_cycle: 'ANNUALLY' });
    expect(options.max_website_slots).toEqual({ DEDICATED: 10, SHARED: 1 });
    expect(options.currency).toBe('USD');
    expect(options.coupon).toBeNull();
  });

  it('checks a coupon: its terms, or the coupon’s sentence', async () => {
    expect((await ipOrderOptions(client(), { coupon: 'ipannual20' })).coupon).toMatchObject({ code: 'IPANNUAL20', discount_type: 'PERCENTAGE', percentage_value: 20 });
    for (const code of ['NOPE', 'SPRING5']) {
      const error = await refusal(ipOrderOptions(client(), { coupon: code }), 400);
      expect(error.body.fields).toEqual({ coupon: BAD_COUPON });
    }
  });
});

describe('placing an order', () => {
  it('refuses with each sentence of spec 5', async () => {
    const cases: [Partial<IpOrderInput>, string, string][] = [
      [{ locations: [] }, 'locations', CHOOSE_A_LOCATION],
      [{ locations: [{ location: 'us-nyc', ip_address_count: 0, additional_site_count: 0 }] }, 'locations', CHOOSE_A_LOCATION],
      [{ locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 10 }] }, 'locations.0.additional_site_count', TOO_MANY_SLOTS],
      [{ ip_address_type: 'SHARED', locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 1 }] }, 'locations.0.additional_site_count', SHARED_ONE_SLOT],
      [{ group: '' }, 'group', CHOOSE_GROUP],
      [{ billing_cycle: 'WEEKLY' }, 'billing_cycle', UNKNOWN_CYCLE],
      [{ locations: [{ location: 'xx-nowhere', ip_address_count: 1, additional_site_count: 0 }] }, 'locations.0.location', UNKNOWN_LOCATION],
      [{ coupon: 'NOPE' }, 'coupon', BAD_COUPON],
    ];
    for (const [over, field, sentence] of cases) {
      const error = await refusal(createIpOrder(client(), order(over)), 400);
      expect(error.body.fields?.[field], field).toBe(sentence);
    }
  });

  it('404s for another company’s group and 403s without can_add_ip_addresses', async () => {
    await refusal(createIpOrder(client(), order({ group: theirGroup })), 404);
    const where = and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER'));
    const [m] = await database.db.select().from(memberships).where(where);
    await database.db
      .update(memberships)
      .set({ permissions: m!.permissions.filter((p) => p !== 'can_add_ip_addresses') })
      .where(where);
    try {
      await refusal(createIpOrder(client(), order()), 403);
      await refusal(ipMarketplace(client()), 403);
    } finally {
      await database.db.update(memberships).set({ permissions: m!.permissions }).where(where);
    }
  });

  it('writes a PENDING order and its UNPAID invoice priced by priceIpOrder, takes the stock and blanks a blank coupon', async () => {
    const before = await locations({ ip_filter: 'NONE' });
    const input = order({
      billing_cycle: 'QUARTERLY',
      coupon: '   ',
      locations: [
        { location: 'us-nyc', ip_address_count: 2, additional_site_count: 2 },
        { location: 'de-fra', ip_address_count: 1, additional_site_count: 0 },
        { location: 'gb-lon', ip_address_count: 0, additional_site_count: 0 },
      ],
    });
    const answer = await createIpOrder(client(), input);
    expect(answer.message).toBe(ORDER_PLACED);
    const invoice = await getInvoice(client(), answer.invoice_id);
    const priced = priceIpOrder(
      {
        ipAddressType: 'DEDICATED',
        cycle: { name: 'QUARTERLY', months: 3, discountPercentage: 5 },
        locations: [
          { city: 'New York', country: 'United States', count: 2, slots: 3, priceCents: 300, sitePriceCents: 100 },
          { city: 'Frankfurt', country: 'Germany', count: 1, slots: 1, priceCents: 350, sitePriceCents: 100 },
        ],
      },
      { currency: 'USD' },
    );
    expect(invoice).toMatchObject({ status: 'UNPAID', currency: 'USD', order_id: answer.order_id, coupon_code: null });
    expect(invoice.total_amount).toBe(priced.total_amount);
    expect(invoice.discount_amount).toBe(priced.discount_amount);
    expect(invoice.items.map((i) => [i.description, i.quantity, i.rate, i.sub_total])).toEqual(priced.items.map((i) => [i.description, i.quantity, i.rate, i.sub_total]));
    const [row] = await database.db.select().from(orders).where(eq(orders.id, answer.order_id));
    expect(row).toMatchObject({
      status: 'PENDING',
      orderType: 'IP_ADDRESS_HOSTING',
      billingCycle: 'QUARTERLY',
      couponCode: null,
      ipGroupGuid: group,
      monthlyCostCents: priced.monthly_total,
    });
    expect(row!.preferences.locations).toHaveLength(2);
    const after = await locations({ ip_filter: 'NONE' });
    expect(at(after, 'us-nyc').ip_address_count).toBe(at(before, 'us-nyc').ip_address_count - 2);
    expect(at(after, 'de-fra').ip_address_count).toBe(at(before, 'de-fra').ip_address_count - 1);
  });

  it('lets a coupon replace the cycle’s discount', async () => {
    const answer = await createIpOrder(client(), order({ coupon: 'ipannual20', locations: [{ location: 'us-chi', ip_address_count: 1, additional_site_count: 4 }] }));
    const invoice = await getInvoice(client(), answer.invoice_id);
    const priced = priceIpOrder(
      {
        ipAddressType: 'DEDICATED',
        cycle: { name: 'ANNUALLY', months: 12, discountPercentage: 15 },
        coupon: { code: 'IPANNUAL20', discountType: 'PERCENTAGE', percentageValue: 20 },
        locations: [{ city: 'Chicago', country: 'United States', count: 1, slots: 5, priceCents: 290, sitePriceCents: 100 }],
      },
      { currency: 'USD' },
    );
    expect(invoice.coupon_code).toEqual({ name: 'IPANNUAL20', value: '20%' });
    expect(invoice.total_amount).toBe(priced.total_amount);
  });

  it('prices an EUR company’s order in EUR from the stored EUR prices', async () => {
    const [theirs] = await database.db.select().from(companies).where(eq(companies.guid, bluebird.company));
    expect(theirs!.currency).toBe('EUR');
    const answer = await createIpOrder(
      t.client(bluebird),
      order({ group: theirGroup, billing_cycle: 'MONTHLY', locations: [{ location: 'nl-ams', ip_address_count: 1, additional_site_count: 1 }] }),
    );
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, answer.invoice_id));
    expect(invoice!.currency).toBe('EUR');
    // 3.40 USD and 1.00 USD at the seed's 0.92: 3.13 + 0.92 a month.
    expect(invoice!.totalAmountCents).toBe(313 + 92);
  });

  it('refuses more than the stock holds, naming the city, and takes nothing', async () => {
    const free = at(await locations({ ip_filter: 'NONE' }), 'us-mia').ip_address_count;
    const error = await refusal(
      createIpOrder(
        client(),
        order({
          locations: [
            { location: 'us-dal', ip_address_count: 1, additional_site_count: 0 },
            { location: 'us-mia', ip_address_count: free + 1, additional_site_count: 0 },
          ],
        }),
      ),
      409,
    );
    expect(error.body.errors[0]).toContain('Miami');
    expect(error.body.fields).toHaveProperty('locations.1.ip_address_count');
    expect(at(await locations({ ip_filter: 'NONE' }), 'us-mia').ip_address_count).toBe(free);
  });

  it('gives an order with a filter addresses in subnets of their own', async () => {
    const free = at(await locations({ ip_filter: 'C' }), 'ca-tor').ip_address_count;
    expect(free).toBeGreaterThan(1);
    const answer = await createIpOrder(client(), order({ ip_address_filter: 'C', locations: [{ location: 'ca-tor', ip_address_count: 2, additional_site_count: 0 }] }));
    const [row] = await database.db.select().from(orders).where(eq(orders.id, answer.order_id));
    const reserved = (row!.data as { reserved: { inventory: string[] }[] }).reserved[0]!.inventory;
    const nets = await database.db
      .select({ net: sql<number>`(${ipInventory.ipNumeric} >> 8)` })
      .from(ipInventory)
      .where(sql`${ipInventory.guid} in ${reserved}`);
    expect(new Set(nets.map((n) => n.net)).size).toBe(2);
    // The reserved subnets now count as held: two fewer for the next order with C.
    expect(at(await locations({ ip_filter: 'C' }), 'ca-tor').ip_address_count).toBe(free - 2);
  });

  it('makes one order of two identical requests with one Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const input = order({ locations: [{ location: 'us-lax', ip_address_count: 1, additional_site_count: 0 }] });
    const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.companyGuid, demo.company)))[0]!.n;
    const before = await count();
    const [first, second] = await Promise.all(
      [createIpOrder(client(), input, key), createIpOrder(client(), input, key)].map((p) =>
        p.then(
          (a) => a,
          (e: unknown) => e,
        ),
      ),
    );
    const answers = [first, second].filter((a): a is { invoice_id: number } => typeof a === 'object' && a !== null && 'invoice_id' in a);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    const again = await createIpOrder(client(), input, key);
    expect(again.invoice_id).toBe(answers[0]!.invoice_id);
    expect(await count()).toBe(before + 1);
    const items = await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, again.invoice_id));
    expect(items).toHaveLength(1);
  });

  it('puts the reserved addresses into the group when the invoice is paid through the gateway, once', async () => {
    const answer = await createIpOrder(client(), order({ locations: [{ location: 'es-mad', ip_address_count: 2, additional_site_count: 4 }] }));
    const [row] = await database.db.select().from(orders).where(eq(orders.id, answer.order_id));
    const reserved = (row!.data as { reserved: { inventory: string[] }[] }).reserved[0]!.inventory;
    const stock = await database.db.select({ ip: ipInventory.ipAddress }).from(ipInventory).where(sql`${ipInventory.guid} in ${reserved}`);
    expect(await database.db.select().from(ipAddresses).where(eq(ipAddresses.orderId, answer.order_id))).toEqual([]);

    // Paid in full with the company's saved card, approved at the sandbox gateway.
    expect(await payInFull(t, database, demo, answer.invoice_id)).toContain('payment=success');
    expect((await getInvoice(client(), answer.invoice_id)).status).toBe('PAID');

    const rows = await database.db.select().from(ipAddresses).where(eq(ipAddresses.orderId, answer.order_id));
    expect(rows.map((r) => r.ipAddress).sort()).toEqual(stock.map((s) => s.ip).sort());
    for (const r of rows)
      expect(r).toMatchObject({
        groupGuid: group,
        companyGuid: demo.company,
        status: 'ACTIVE',
        city: 'Madrid',
        domainsAllowed: 5,
        ipCostCents: 330,
        slotCostCents: 100,
        ipAddressType: 'DEDICATED',
      });
    const [after] = await database.db.select().from(orders).where(eq(orders.id, answer.order_id));
    expect(after!.status).toBe('ACTIVE');
    // The first period runs a billing cycle (a year) from the payment.
    expect(after!.dateNextInvoice!.getTime() - after!.dateActivated!.getTime()).toBeGreaterThan(364 * 86_400_000);
    // Carried out once: a second run adds nothing.
    expect(await database.db.transaction((tx) => allocateIpOrder(tx, answer.order_id, new Date()))).toBe(0);
  });

  it('gives an unpaid order’s stock back when it is released', async () => {
    const before = at(await locations({ ip_filter: 'NONE' }), 'pl-waw').ip_address_count;
    const answer = await createIpOrder(client(), order({ locations: [{ location: 'pl-waw', ip_address_count: 3, additional_site_count: 0 }] }));
    expect(at(await locations({ ip_filter: 'NONE' }), 'pl-waw').ip_address_count).toBe(before - 3);
    expect(await database.db.transaction((tx) => releaseIpOrder(tx, answer.order_id))).toBe(3);
    expect(await database.db.transaction((tx) => releaseIpOrder(tx, answer.order_id))).toBe(0);
    expect(at(await locations({ ip_filter: 'NONE' }), 'pl-waw').ip_address_count).toBe(before);
  });
});
