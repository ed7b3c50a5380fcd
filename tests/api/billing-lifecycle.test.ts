import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addUtcMonths, priceIpOrder } from '../../src/lib/billing';
import { getInvoice, getOrder } from '../../src/lib/requests/billing';
import { createCancellation, modifySlots } from '../../src/lib/requests/ip-addresses';
import { createIpOrder } from '../../src/lib/requests/ip-orders';
import { cancelOrder, extendOrder, extensionOptions } from '../../src/lib/requests/order-actions';
import type { IpOrderInput } from '../../src/lib/schemas/ip-orders';
import { SLOTS_AWAIT_PAYMENT } from '../../src/lib/schemas/ip-addresses';
import {
  CHOOSE_PERIOD,
  ORDER_CANCELLATION_REQUESTED,
  ORDER_CANCELLATION_SUBMITTED,
  ORDER_NOT_CANCELLABLE,
  ORDER_NOT_EXTENDABLE,
  UNKNOWN_PERIOD,
  type OrderCancellation,
} from '../../src/lib/schemas/order-actions';
import { RENEWAL_LEAD_DAYS, runBillingCycle } from '../../src/server/billing/billing-cycle';
import { configuredRate, refreshEurRate } from '../../src/server/billing/exchange-rate';
import { GRACE_DAYS, TERMINATION_DAYS } from '../../src/server/billing/order-lifecycle';
import type { Database } from '../../src/server/db/connection';
import { cancellationRequests, exchangeRates, invoices, ipAddresses, ipGroups, ipInventory, orders } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { payInFull } from './helpers/pay';
import { withoutOwnerScopes } from './helpers/scopes';

const DAY = 86_400_000;
let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let bluebird: { token: string; company: string };
let group: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  bluebird = await t.signIn('bluebird@hostdeck.test');
  const [mine] = await database.db.select().from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(1);
  group = mine!.guid;
});
afterAll(() => database.close());

const client = () => t.client(demo);
const run = () => runBillingCycle(database.db, configuredRate(0.92), t.deps.now());
const feedback: OrderCancellation = { cancellation_time: 'END_OF_BILLING_CYCLE', cancellation_reason: 'PROJECT_ENDED', recommendation_score: 4, how_likely_to_use_us_again: 3 };

/** An order of dedicated addresses in New York. */
const nycOrder = (count: number, slots: number, cycle: string, into = group): IpOrderInput => ({
  group: into,
  billing_cycle: cycle,
  locations: [{ location: 'us-nyc', ip_address_count: count, additional_site_count: slots - 1 }],
  ip_address_filter: 'NONE',
  ip_address_type: 'DEDICATED',
  excluded_groups: [],
  coupon: null,
});

/** A paid, running order of `count` dedicated addresses in New York with `slots` website slots each. */
async function runningOrder(count: number, slots: number, cycle = 'MONTHLY'): Promise<{ order: number; renewal: Date; addresses: string[] }> {
  const placed = await createIpOrder(client(), nycOrder(count, slots, cycle));
  await payInFull(t, database, demo, placed.invoice_id);
  const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.order_id));
  const addresses = await database.db.select({ guid: ipAddresses.guid }).from(ipAddresses).where(eq(ipAddresses.orderId, placed.order_id));
  expect(row!.status).toBe('ACTIVE');
  return { order: placed.order_id, renewal: row!.dateNextInvoice!, addresses: addresses.map((a) => a.guid) };
}

const orderRow = async (id: number) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const renewalInvoices = (id: number) =>
  database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, id), eq(invoices.purpose, 'RENEWAL')));
/** Moves the server's clock forward by `ms`; sessions end with the days that pass, so both sign in again. */
async function advance(ms: number) {
  t.advance(ms);
  demo = await t.signIn('demo@hostdeck.test');
  bluebird = await t.signIn('bluebird@hostdeck.test');
}
/** Moves the server's clock to `at` (never back). */
const moveTo = (at: Date) => advance(Math.max(0, at.getTime() - t.deps.now().getTime()));

describe('renewals, downgrades and suspension over one billing cycle', () => {
  let placed: { order: number; renewal: Date; addresses: string[] };

  it('a renewal invoice is raised once, 7 days before the renewal date, priced by the pricing module with the pending downgrade', async () => {
    placed = await runningOrder(2, 3);
    const downgraded = placed.addresses[0]!;
    const answer = await modifySlots(client(), { ip_addresses: [{ ip_address: downgraded, value: 1 }] });
    expect(answer.invoice_id).toBeNull();

    await run();
    expect(await renewalInvoices(placed.order)).toHaveLength(0);

    await moveTo(new Date(placed.renewal.getTime() - RENEWAL_LEAD_DAYS * DAY + 60_000));
    await run();
    await run();
    const raised = await renewalInvoices(placed.order);
    expect(raised).toHaveLength(1);
    const invoice = await getInvoice(client(), raised[0]!.id);
    const expected = priceIpOrder(
      {
        ipAddressType: 'DEDICATED',
        locations: [
          { city: 'New York', country: 'United States', count: 1, slots: 1, priceCents: 300, sitePriceCents: 100 },
          { city: 'New York', country: 'United States', count: 1, slots: 3, priceCents: 300, sitePriceCents: 100 },
        ],
        cycle: { name: 'MONTHLY', months: 1, discountPercentage: null },
        periodStart: placed.renewal,
      },
      { currency: 'USD' },
    );
    expect(invoice.total_amount).toBe(expected.total_amount);
    expect(invoice.total_amount).toBe(300 + 300 + 2 * 100);
    expect(invoice.items.map((i) => [i.description, i.quantity, i.rate])).toEqual(expected.items.map((i) => [i.description, i.quantity, i.rate]));
    expect(invoice.items[0]!.period_start).toBe(placed.renewal.toISOString());
    expect(invoice.status).toBe('UNPAID');
    // Still 3 slots until the cycle ends.
    const [before] = await database.db.select().from(ipAddresses).where(eq(ipAddresses.guid, downgraded));
    expect([before!.domainsAllowed, before!.pendingDomainsAllowed]).toEqual([3, 1]);
  });

  it('at the renewal date the downgrade takes effect and the next period begins', async () => {
    await moveTo(new Date(placed.renewal.getTime() + 60_000));
    await run();
    const [after] = await database.db.select().from(ipAddresses).where(eq(ipAddresses.guid, placed.addresses[0]!));
    expect([after!.domainsAllowed, after!.pendingDomainsAllowed]).toEqual([1, null]);
    expect((await orderRow(placed.order)).dateNextInvoice!.toISOString()).toBe(addUtcMonths(placed.renewal, 1).toISOString());
    expect(await renewalInvoices(placed.order)).toHaveLength(1);
  });

  it('unpaid past the grace period the order is suspended; paying its invoice makes it active again', async () => {
    const [renewal] = await renewalInvoices(placed.order);
    await moveTo(new Date(renewal!.dateDue.getTime() + (GRACE_DAYS - 1) * DAY));
    await run();
    expect((await orderRow(placed.order)).status).toBe('ACTIVE');
    await moveTo(new Date(renewal!.dateDue.getTime() + GRACE_DAYS * DAY + 60_000));
    const report = await run();
    expect(report.ordersSuspended).toBeGreaterThanOrEqual(1);
    expect((await getOrder(client(), placed.order)).status).toBe('SUSPENDED');

    await payInFull(t, database, demo, renewal!.id);
    expect((await getOrder(client(), placed.order)).status).toBe('ACTIVE');
  });
});

describe('a pending downgrade', () => {
  it('is withdrawn by asking for the current count again, and dropped by an upgrade once paid', async () => {
    const placed = await runningOrder(1, 3);
    const ip = placed.addresses[0]!;
    const slots = async () => (await database.db.select().from(ipAddresses).where(eq(ipAddresses.guid, ip)))[0]!;
    await modifySlots(client(), { ip_addresses: [{ ip_address: ip, value: 2 }] });
    expect((await slots()).pendingDomainsAllowed).toBe(2);
    expect((await modifySlots(client(), { ip_addresses: [{ ip_address: ip, value: 3 }] })).invoice_id).toBeNull();
    expect([(await slots()).domainsAllowed, (await slots()).pendingDomainsAllowed]).toEqual([3, null]);

    await modifySlots(client(), { ip_addresses: [{ ip_address: ip, value: 1 }] });
    const upgrade = await modifySlots(client(), { ip_addresses: [{ ip_address: ip, value: 5 }] });
    await payInFull(t, database, demo, upgrade.invoice_id!);
    expect([(await slots()).domainsAllowed, (await slots()).pendingDomainsAllowed]).toEqual([5, null]);
  });
});

describe('extending an order', () => {
  it('offers the cycles with their renewal dates and prices; the paid invoice moves the renewal date, one invoice per key', async () => {
    const placed = await runningOrder(1, 1);
    const options = await extensionOptions(client(), placed.order);
    expect(options.current_renewal_date).toBe(placed.renewal.toISOString());
    const quarter = options.available_periods.find((p) => p.value === 3)!;
    expect(quarter).toEqual({ value: 3, next_renewal_date: addUtcMonths(placed.renewal, 3).toISOString(), discount: 5, total_amount: 900 - 45 });

    const first = await extendOrder(client(), placed.order, { period: 3 }, 'extend-once');
    const again = await extendOrder(client(), placed.order, { period: 3 }, 'extend-once');
    expect(again.invoice_id).toBe(first.invoice_id);
    const invoice = await getInvoice(client(), first.invoice_id);
    expect(invoice.total_amount).toBe(quarter.total_amount);

    await payInFull(t, database, demo, first.invoice_id);
    expect((await orderRow(placed.order)).dateNextInvoice!.toISOString()).toBe(quarter.next_renewal_date);
  });

  it('refuses a period not offered, a missing one, an order that is not active, another company’s and a member without can_edit_orders', async () => {
    const placed = await runningOrder(1, 1);
    expect((await refusal(extendOrder(client(), placed.order, { period: 7 }), 400)).body.fields).toEqual({ period: UNKNOWN_PERIOD });
    expect((await refusal(extendOrder(client(), placed.order, {} as { period: number }), 400)).body.fields).toEqual({ period: CHOOSE_PERIOD });
    const [theirs] = await database.db.select().from(orders).where(eq(orders.companyGuid, bluebird.company)).limit(1);
    await refusal(extensionOptions(client(), theirs!.id), 404);
    await refusal(extendOrder(client(), theirs!.id, { period: 1 }), 404);
    await withoutOwnerScopes(database, demo.company, ['can_edit_orders'], async () => {
      await refusal(extendOrder(client(), placed.order, { period: 1 }), 403);
    });
    await cancelOrder(client(), placed.order, { ...feedback, cancellation_time: 'IMMEDIATELY' });
    expect((await refusal(extensionOptions(client(), placed.order), 409)).body.errors).toEqual([ORDER_NOT_EXTENDABLE]);
  });
});

describe('cancelling an order', () => {
  const freeInventory = async (ips: string[]) => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ipInventory)
      .innerJoin(ipAddresses, eq(ipAddresses.ipAddress, ipInventory.ipAddress))
      .where(and(sql`${ipAddresses.guid} in ${ips}`, sql`${ipInventory.allocatedCount} < ${ipInventory.capacity}`));
    return Number(row!.n);
  };

  it('a running order waits for the end of its cycle, then its addresses end and their stock is free again', async () => {
    const placed = await runningOrder(2, 1);
    const answer = await cancelOrder(client(), placed.order, feedback);
    expect(answer).toMatchObject({ message: ORDER_CANCELLATION_SUBMITTED, status: 'PENDING', date_effective: placed.renewal.toISOString() });
    expect((await getOrder(client(), placed.order)).status).toBe('PENDING_CANCELLATION');
    const pending = await database.db.select({ status: ipAddresses.status }).from(ipAddresses).where(eq(ipAddresses.orderId, placed.order));
    expect(pending.map((p) => p.status)).toEqual(['PENDING_CANCELLATION', 'PENDING_CANCELLATION']);
    expect((await refusal(cancelOrder(client(), placed.order, feedback), 409)).body.errors).toEqual([ORDER_NOT_CANCELLABLE]);

    // No renewal for an order on its way out.
    await moveTo(new Date(placed.renewal.getTime() - 60_000));
    await run();
    expect(await renewalInvoices(placed.order)).toHaveLength(0);
    expect(await freeInventory(placed.addresses)).toBe(0);

    await moveTo(new Date(placed.renewal.getTime() + 60_000));
    await run();
    expect((await getOrder(client(), placed.order)).status).toBe('CANCELLED');
    const ended = await database.db.select({ status: ipAddresses.status, date: ipAddresses.dateCancelled }).from(ipAddresses).where(eq(ipAddresses.orderId, placed.order));
    expect(ended.every((e) => e.status === 'CANCELLED' && e.date !== null)).toBe(true);
    expect(await freeInventory(placed.addresses)).toBe(2);
    const [request] = await database.db.select().from(cancellationRequests).where(eq(cancellationRequests.orderId, placed.order));
    expect(request).toMatchObject({ status: 'PROCESSED', cancellationReason: 'PROJECT_ENDED' });
  });

  it('an unpaid order is cancelled at once: its invoice is cancelled and its reserved stock goes back', async () => {
    const placed = await createIpOrder(client(), nycOrder(1, 1, 'MONTHLY'));
    const [reserved] = await database.db.select({ data: orders.data }).from(orders).where(eq(orders.id, placed.order_id));
    const taken = (reserved!.data as { reserved: { inventory: string[] }[] }).reserved[0]!.inventory;
    const allocated = async () => (await database.db.select({ n: ipInventory.allocatedCount }).from(ipInventory).where(eq(ipInventory.guid, taken[0]!)))[0]!.n;
    const before = await allocated();
    const answer = await cancelOrder(client(), placed.order_id, feedback);
    expect(answer.status).toBe('PROCESSED');
    expect((await getOrder(client(), placed.order_id)).status).toBe('CANCELLED');
    expect((await getInvoice(client(), placed.invoice_id)).status).toBe('CANCELLED');
    expect(await allocated()).toBe(before - 1);
  });

  it('refuses a second request, a reason OTHER without words, another company’s order and a member without can_add_cancellation_requests', async () => {
    const placed = await runningOrder(1, 1);
    await cancelOrder(client(), placed.order, feedback);
    // The order is PENDING_CANCELLATION now; put it back to see the request check on its own.
    await database.db.update(orders).set({ status: 'ACTIVE' }).where(eq(orders.id, placed.order));
    expect((await refusal(cancelOrder(client(), placed.order, feedback), 409)).body.errors).toEqual([ORDER_CANCELLATION_REQUESTED]);
    const other = await runningOrder(1, 1);
    expect((await refusal(cancelOrder(client(), other.order, { ...feedback, cancellation_reason: 'OTHER', custom_cancellation_reason: ' ' }), 400)).body.fields).toEqual({
      custom_cancellation_reason: 'Please provide a cancellation reason!',
    });
    const [theirs] = await database.db.select().from(orders).where(eq(orders.companyGuid, bluebird.company)).limit(1);
    await refusal(cancelOrder(client(), theirs!.id, feedback), 404);
    await withoutOwnerScopes(database, demo.company, ['can_add_cancellation_requests'], async () => {
      await refusal(cancelOrder(client(), other.order, feedback), 403);
    });
  });

  it('IP addresses cancelled IMMEDIATELY end before the answer', async () => {
    const placed = await runningOrder(2, 1);
    await createCancellation(client(), { ...feedback, cancellation_time: 'IMMEDIATELY', ip_addresses: [placed.addresses[0]!] });
    const rows = await database.db.select({ guid: ipAddresses.guid, status: ipAddresses.status }).from(ipAddresses).where(eq(ipAddresses.orderId, placed.order));
    expect(rows.find((r) => r.guid === placed.addresses[0])!.status).toBe('CANCELLED');
    expect(rows.find((r) => r.guid === placed.addresses[1])!.status).toBe('ACTIVE');
    expect((await orderRow(placed.order)).status).toBe('ACTIVE');
    // Its last address gone, the order ends too.
    await createCancellation(client(), { ...feedback, cancellation_time: 'IMMEDIATELY', ip_addresses: [placed.addresses[1]!] });
    expect((await orderRow(placed.order)).status).toBe('CANCELLED');
  });
});

describe('what the run re-checks', () => {
  it('an unpaid extension or slot upgrade is an offer: past the grace period it suspends nothing', async () => {
    const placed = await runningOrder(1, 1);
    const extension = await extendOrder(client(), placed.order, { period: 1 });
    const upgrade = await modifySlots(client(), { ip_addresses: [{ ip_address: placed.addresses[0]!, value: 2 }] });
    const [due] = await database.db.select({ at: invoices.dateDue }).from(invoices).where(eq(invoices.id, extension.invoice_id));
    // Before the renewal is raised, so only the offers are unpaid.
    await moveTo(new Date(Math.min(due!.at.getTime() + GRACE_DAYS * DAY + 60_000, placed.renewal.getTime() - RENEWAL_LEAD_DAYS * DAY - 60_000)));
    await run();
    expect((await orderRow(placed.order)).status).toBe('ACTIVE');
    expect((await getInvoice(client(), upgrade.invoice_id!)).status).toBe('UNPAID');
  });

  it('a slot upgrade asked again before its invoice is paid is refused, not invoiced twice', async () => {
    const placed = await runningOrder(1, 1);
    const first = await modifySlots(client(), { ip_addresses: [{ ip_address: placed.addresses[0]!, value: 2 }] });
    const again = await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: placed.addresses[0]!, value: 3 }] }), 400);
    const [ip] = await database.db.select({ ip: ipAddresses.ipAddress }).from(ipAddresses).where(eq(ipAddresses.guid, placed.addresses[0]!));
    expect(again.body.fields).toEqual({ 'ip_addresses.0.value': SLOTS_AWAIT_PAYMENT(ip!.ip, first.invoice_id!) });
  });

  it('a renewal already raised is withdrawn and raised again at the new price when slots change within its 7 days', async () => {
    const placed = await runningOrder(1, 3);
    await moveTo(new Date(placed.renewal.getTime() - 2 * DAY));
    await run();
    const [before] = await renewalInvoices(placed.order);
    expect(before!.totalAmountCents).toBe(300 + 2 * 100);
    await modifySlots(client(), { ip_addresses: [{ ip_address: placed.addresses[0]!, value: 1 }] });
    await run();
    const after = await renewalInvoices(placed.order);
    expect(after.sort((a, b) => a.id - b.id).map((i) => [i.status, i.totalAmountCents])).toEqual([
      ['CANCELLED', 500],
      ['UNPAID', 300],
    ]);
  });

  it('an extension paid once the new period has begun leaves that period’s renewal owed', async () => {
    const placed = await runningOrder(1, 1);
    const extension = await extendOrder(client(), placed.order, { period: 1 });
    await moveTo(new Date(placed.renewal.getTime() + 60_000));
    await run();
    const [begun] = await renewalInvoices(placed.order);
    expect(begun!.status).toBe('UNPAID');
    await payInFull(t, database, demo, extension.invoice_id);
    expect((await getInvoice(client(), begun!.id)).status).toBe('UNPAID');
  });

  it('cancelling an order withdraws its unpaid extension, which can then not be paid', async () => {
    const placed = await runningOrder(1, 1);
    const extension = await extendOrder(client(), placed.order, { period: 3 });
    await cancelOrder(client(), placed.order, feedback);
    expect((await getInvoice(client(), extension.invoice_id)).status).toBe('CANCELLED');
  });

  it('a rate source that fails leaves the stored rate and the rest of the run goes on', async () => {
    const logged: string[] = [];
    const failing = { eurPerUsd: async () => Promise.reject(new Error('feed down')) };
    await advance(2 * DAY);
    const report = await runBillingCycle(database.db, failing, t.deps.now(), (m) => logged.push(m));
    expect(report.eurPerUsd).toBeNull();
    expect(logged.join()).toContain('feed down');
    expect(report).toHaveProperty('renewalsInvoiced');
  });
});

describe('the order page’s addresses', () => {
  it('lists the first addresses, and none to a member without can_view_ip_addresses', async () => {
    const placed = await runningOrder(2, 1);
    const shown = await getOrder(client(), placed.order);
    expect(shown.ip_address_list?.map((a) => a.status)).toEqual(['ACTIVE', 'ACTIVE']);
    await withoutOwnerScopes(database, demo.company, ['can_view_ip_addresses'], async () => {
      expect((await getOrder(client(), placed.order)).ip_address_list).toBeNull();
    });
  });
});

describe('orders left unpaid', () => {
  it('a new order unpaid past the grace period ends; a suspended one is terminated after 30 days', async () => {
    const placed = await createIpOrder(client(), nycOrder(1, 1, 'MONTHLY'));
    const suspended = await runningOrder(1, 1);
    await database.db.update(orders).set({ status: 'SUSPENDED', dateSuspended: t.deps.now() }).where(eq(orders.id, suspended.order));
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, placed.invoice_id));
    await moveTo(new Date(invoice!.dateDue.getTime() + GRACE_DAYS * DAY + 60_000));
    await run();
    expect((await orderRow(placed.order_id)).status).toBe('CANCELLED');
    expect((await getInvoice(client(), placed.invoice_id)).status).toBe('CANCELLED');
    expect((await orderRow(suspended.order)).status).toBe('SUSPENDED');
    await advance(TERMINATION_DAYS * DAY);
    await run();
    expect((await orderRow(suspended.order)).status).toBe('CANCELLED');
  });
});

describe('the EUR rate', () => {
  it('is taken once a day and stored on each EUR invoice', async () => {
    // One o'clock of tomorrow (UTC): a minute later is the same day whenever the test runs.
    const tomorrow = new Date(Math.floor(t.deps.now().getTime() / DAY) * DAY + DAY + 3_600_000);
    expect(await refreshEurRate(database.db, configuredRate(0.95), tomorrow)).toBe(0.95);
    expect(await refreshEurRate(database.db, configuredRate(0.5), new Date(tomorrow.getTime() + 60_000))).toBe(0.95);
    const [stored] = await database.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR'));
    expect(stored!.perUsd).toBe(0.95);

    const [theirGroup] = await database.db.select().from(ipGroups).where(eq(ipGroups.companyGuid, bluebird.company)).limit(1);
    const placed = await createIpOrder(t.client(bluebird), nycOrder(1, 1, 'MONTHLY', theirGroup!.guid));
    const invoice = await getInvoice(t.client(bluebird), placed.invoice_id);
    expect([invoice.currency, invoice.eur_per_usd]).toEqual(['EUR', 0.95]);
    const usd = await getInvoice(client(), (await createIpOrder(client(), nycOrder(1, 1, 'MONTHLY'))).invoice_id);
    expect(usd.eur_per_usd).toBeNull();
  });
});
