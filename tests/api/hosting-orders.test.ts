import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addUtcMonths, priceSharedHostingOrder, prorateChange } from '../../src/lib/billing';
import { getInvoice } from '../../src/lib/requests/billing';
import {
  cancelDowngrade,
  createSharedHostingOrder,
  listHostingLocations,
  listHostingPlans,
  modifyHostingPlan,
  getHostingAccount,
  previewPlanChange,
  sharedHostingOptions,
} from '../../src/lib/requests/hosting';
import { BAD_COUPON } from '../../src/lib/schemas/ip-orders';
import { ENTER_HOSTING_NAME } from '../../src/lib/schemas/hosting-accounts';
import {
  DOWNGRADE_AT_RENEWAL,
  DOWNGRADE_CANCELED,
  DOWNGRADE_REDUCES,
  DOWNGRADE_SCHEDULED,
  HOSTING_ORDER_PLACED,
  NO_PENDING_DOWNGRADE,
  PLAN_CHANGE_AWAITS_PAYMENT,
  PLAN_NOT_CHANGEABLE,
  SAME_PLAN,
  SELECT_CYCLE,
  SELECT_LOCATION,
  SELECT_PLAN,
  UNKNOWN_HOSTING_CYCLE,
  UNKNOWN_PLAN,
  UPGRADE_INVOICED,
} from '../../src/lib/schemas/hosting-orders';
import { RENEWAL_LEAD_DAYS, runBillingCycle } from '../../src/server/billing/billing-cycle';
import { configuredRate } from '../../src/server/billing/exchange-rate';
import { provisionHostingAccounts } from '../../src/server/billing/hosting-provision';
import type { Database } from '../../src/server/db/connection';
import { contacts, emails, hostingAccounts, hostingPlans, hostingServers, invoices, ipGroups, orders } from '../../src/server/db/schema/index';
import { openSecret } from '../../src/server/services/secret-box';
import { openSeededApp, type TestApp } from './helpers/app';
import { until } from '../helpers/waiting';
import { refusal } from './helpers/outcomes';
import { payInFull } from './helpers/pay';
import { withoutOwnerScopes } from './helpers/scopes';

const DAY = 86_400_000;
let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let bluebird: { token: string; company: string };
let plans: Map<string, string>;
let dallas: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  bluebird = await t.signIn('bluebird@hostdeck.test');
  plans = new Map((await database.db.select().from(hostingPlans)).map((p) => [p.name, p.guid]));
  dallas = (await listHostingLocations(t.client(demo))).data.find((l) => l.city === 'Dallas')!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

const client = () => t.client(demo);
const accountNamed = async (company: string, name: string) =>
  (
    await database.db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, company), eq(hostingAccounts.name, name)))
  )[0]!;
const accountRow = async (guid: string) => (await database.db.select().from(hostingAccounts).where(eq(hostingAccounts.guid, guid)))[0]!;

/** Waits for the job (hosting-provision.ts) to create the account, reading its row as the page's load would. */
const created = (guid: string) =>
  until(
    `the hosting run to create the account ${guid}`,
    () => accountRow(guid),
    (row) => row.isCreated,
    t.signal,
  );

describe('what a shared hosting order offers', () => {
  it('answers the plans on offer nested as data.data, priced in the company currency', async () => {
    const usd = await listHostingPlans(client());
    expect(usd.data.data.map((p) => p.name)).toEqual(['Starter', 'Business', 'Pro', 'Agency']);
    const business = usd.data.data.find((p) => p.name === 'Business')!;
    expect(business).toMatchObject({ price_usd: 999, price: 999, currency: 'USD', storage: 30, memory: 2048, cpu: 2 });
    const eur = await listHostingPlans(t.client(bluebird));
    const eurBusiness = eur.data.data.find((p) => p.name === 'Business')!;
    expect(eurBusiness.currency).toBe('EUR');
    expect(eurBusiness.price).toBe(eurBusiness.price_eur);
  });

  it('answers the locations and the billing cycles with their discounts, ANNUALLY by default', async () => {
    const locations = await listHostingLocations(client());
    expect(locations.data.length).toBeGreaterThan(1);
    const options = await sharedHostingOptions(client());
    expect(options.defaults.billing_cycle).toBe('ANNUALLY');
    expect(options.data).toContainEqual({ name: 'ANNUALLY', value: 12, discount: { discount_type: 'PERCENTAGE', percentage_value: 20 } });
    expect(options.data).toContainEqual({ name: 'MONTHLY', value: 1, discount: null });
  });

  it('checks a coupon: its terms, or the sentence for one not valid for shared hosting', async () => {
    expect((await sharedHostingOptions(client(), { coupon: 'welcome10' })).coupon).toMatchObject({ code: 'WELCOME10', percentage_value: 10 });
    const refused = await refusal(sharedHostingOptions(client(), { coupon: 'IPANNUAL20' }), 400);
    expect(refused.body.fields).toEqual({ coupon: BAD_COUPON });
  });

  it('needs the view scope', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_view_hosting_accounts'], async () => {
      await refusal(listHostingPlans(client()), 403);
    });
  });
});

describe('placing a shared hosting order', () => {
  it("says each of spec 5's messages", async () => {
    const empty = await t.call('POST', '/billing/orders/shared_hosting/create/', { ...demo, body: {} });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fields: Record<string, string> }).fields).toMatchObject({ name: ENTER_HOSTING_NAME, plan: SELECT_PLAN, location: SELECT_LOCATION });
    const noCycle = await refusal(createSharedHostingOrder(client(), { name: 'Shop', plan: plans.get('Business')!, location: dallas, billing_cycle: '' }), 400);
    expect(noCycle.body.fields).toEqual({ billing_cycle: SELECT_CYCLE });
    const unknownCycle = await refusal(createSharedHostingOrder(client(), { name: 'Shop', plan: plans.get('Business')!, location: dallas, billing_cycle: 'WEEKLY' }), 400);
    expect(unknownCycle.body.fields).toEqual({ billing_cycle: UNKNOWN_HOSTING_CYCLE });
    const retired = await refusal(createSharedHostingOrder(client(), { name: 'Shop', plan: plans.get('Legacy Basic')!, location: dallas }), 400);
    expect(retired.body.fields).toEqual({ plan: UNKNOWN_PLAN });
    const badCoupon = await refusal(createSharedHostingOrder(client(), { name: 'Shop', plan: plans.get('Business')!, location: dallas, coupon: 'NOPE' }), 400);
    expect(badCoupon.body.fields).toEqual({ coupon: BAD_COUPON });
  });

  it('writes a PENDING order, its invoice priced by the pricing module and the account not created yet; a blank coupon is none', async () => {
    const placed = await createSharedHostingOrder(client(), { name: 'Annual Shop', plan: plans.get('Business')!, location: dallas, coupon: '  ' });
    expect(placed.message).toBe(HOSTING_ORDER_PLACED);
    const invoice = await getInvoice(client(), placed.invoice_id);
    const expected = priceSharedHostingOrder(
      { accountName: 'Annual Shop', plan: { name: 'Business', monthlyCents: 999 }, cycle: { name: 'ANNUALLY', months: 12, discountPercentage: 20 } },
      { currency: 'USD' },
    );
    expect(invoice).toMatchObject({ status: 'UNPAID', total_amount: expected.total_amount, discount_amount: expected.discount_amount, coupon_code: null });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order).toMatchObject({ orderType: 'SHARED_HOSTING', status: 'PENDING', billingCycle: 'ANNUALLY', hostingAccountGuid: placed.hosting_account });
    expect(await accountRow(placed.hosting_account)).toMatchObject({ status: 'PENDING', isCreated: false, planGuid: plans.get('Business'), locationGuid: dallas, username: null });
  });

  it('lets a coupon replace the default discount on ANNUALLY', async () => {
    const placed = await createSharedHostingOrder(client(), { name: 'Coupon Shop', plan: plans.get('Business')!, location: dallas, coupon: 'welcome10' });
    const invoice = await getInvoice(client(), placed.invoice_id);
    expect(invoice.coupon_code).toEqual({ name: 'WELCOME10', value: '10%' });
    expect(invoice.discount_amount).toBe(1199);
  });

  it('makes one order for one idempotency key', async () => {
    const body = { name: 'Twice Shop', plan: plans.get('Starter')!, location: dallas, billing_cycle: 'MONTHLY' };
    const first = await createSharedHostingOrder(client(), body, 'hosting-order-key-1');
    const again = await createSharedHostingOrder(client(), body, 'hosting-order-key-1');
    expect(again.invoice_id).toBe(first.invoice_id);
    expect(
      await database.db
        .select()
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.name, 'Twice Shop'))),
    ).toHaveLength(1);
  });

  it('needs can_add_hosting_accounts', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_add_hosting_accounts'], async () => {
      await refusal(createSharedHostingOrder(client(), { name: 'Shop', plan: plans.get('Business')!, location: dallas }), 403);
    });
  });
});

let paidAccount: string;

describe('an order paid', () => {
  it('runs the order and a job creates the cPanel account on a server of its location', async () => {
    const placed = await createSharedHostingOrder(client(), { name: 'Paid Shop', plan: plans.get('Business')!, location: dallas, billing_cycle: 'MONTHLY' });
    await payInFull(t, database, demo, placed.invoice_id);
    const account = await created(placed.hosting_account);
    paidAccount = account.guid;
    expect(account).toMatchObject({ status: 'ACTIVE', isCreated: true });
    expect(account.username).toMatch(/^paids\d{3}$/);
    const password = await openSecret(database.db, account.cpanelPasswordSecret!);
    expect(password?.length).toBeGreaterThanOrEqual(16);
    const [server] = await database.db.select().from(hostingServers).where(eq(hostingServers.guid, account.serverGuid!));
    expect(server!.locationGuid).toBe(dallas);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order!.status).toBe('ACTIVE');
    expect(order!.dateNextInvoice!.getTime()).toBe(addUtcMonths(order!.dateActivated!, 1).getTime());
  });

  it('leaves the account not created while the default IP group has no addresses, and creates it once it has', async () => {
    // An empty group older than Bluebird's own becomes its default.
    const [empty] = await database.db
      .insert(ipGroups)
      .values({ companyGuid: bluebird.company, name: 'Empty default', dateCreated: new Date('2000-01-01T00:00:00Z') })
      .returning({ guid: ipGroups.guid });
    const placed = await createSharedHostingOrder(t.client(bluebird), { name: 'Waiting Shop', plan: plans.get('Starter')!, location: dallas, billing_cycle: 'MONTHLY' });
    await payInFull(t, database, bluebird, placed.invoice_id, 'PAYPAL');
    const runAt = new Date('2031-05-06T07:08:09.000Z');
    await database.db.insert(contacts).values({
      companyGuid: bluebird.company,
      firstName: 'Hosting',
      lastName: 'Desk',
      emailAddress: 'hosting-desk@bluebird.test',
      status: 'ACTIVE',
      selectedEvents: ['new_hosting_account'],
    });
    await provisionHostingAccounts(database.db, runAt);
    expect(await accountRow(placed.hosting_account)).toMatchObject({ status: 'PENDING', isCreated: false });
    // Addresses arrive in the default group: here, Bluebird's own group with addresses becomes the default.
    await database.db.delete(ipGroups).where(eq(ipGroups.guid, empty!.guid));
    await provisionHostingAccounts(database.db, runAt);
    expect(await created(placed.hosting_account)).toMatchObject({ status: 'ACTIVE' });
    // The email that announces it is dated by the run's clock, not the machine's.
    const announced = await database.db
      .select({ dateCreated: emails.dateCreated })
      .from(emails)
      .where(and(eq(emails.companyGuid, bluebird.company), eq(emails.subject, 'Hosting account Waiting Shop created')));
    expect(announced.length).toBeGreaterThan(0);
    for (const email of announced) expect(email.dateCreated.toISOString()).toBe(runAt.toISOString());
  });
});

describe('changing the plan', () => {
  const main = () => accountNamed(demo.company, 'Main Shared Hosting');

  it('previews a downgrade: at renewal only, with its warnings', async () => {
    const account = await main();
    const preview = await previewPlanChange(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Starter')! });
    expect(preview).toMatchObject({ direction: 'DOWNGRADE', available_times: ['RENEWAL'], when: 'RENEWAL', due_today: 0, new_monthly_cost: 499 });
    expect(preview.warnings).toEqual([DOWNGRADE_REDUCES('storage, memory and CPU')]);
    const now = await refusal(previewPlanChange(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Starter')!, when: 'NOW' }), 400);
    expect(now.body.fields).toEqual({ when: DOWNGRADE_AT_RENEWAL });
  });

  it('refuses the same plan, a retired one and a legacy account', async () => {
    const account = await main();
    const same = await refusal(modifyHostingPlan(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Business')! }), 400);
    expect(same.body.fields).toEqual({ new_hosting_plan: SAME_PLAN });
    const retired = await refusal(modifyHostingPlan(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Legacy Basic')! }), 400);
    expect(retired.body.fields).toEqual({ new_hosting_plan: UNKNOWN_PLAN });
    const legacy = await accountNamed(demo.company, 'Legacy Hosting');
    const refused = await refusal(modifyHostingPlan(client(), { hosting_account: legacy.guid, new_hosting_plan: plans.get('Pro')! }), 409);
    expect(refused.body.errors).toEqual([PLAN_NOT_CHANGEABLE]);
  });

  it('schedules a downgrade for the renewal and cancels it', async () => {
    const account = await main();
    const done = await modifyHostingPlan(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Starter')! });
    expect(done).toEqual({ message: DOWNGRADE_SCHEDULED, invoice_id: null, when: 'RENEWAL', upgrade_pending: true });
    expect((await main()).pendingPlanGuid).toBe(plans.get('Starter'));
    expect((await cancelDowngrade(client(), account.guid)).message).toBe(DOWNGRADE_CANCELED);
    expect((await main()).pendingPlanGuid).toBeNull();
    expect((await refusal(cancelDowngrade(client(), account.guid), 409)).body.errors).toEqual([NO_PENDING_DOWNGRADE]);
  });

  it("answers 404 for another company's account and 403 without can_edit_hosting_accounts", async () => {
    const theirs = await accountNamed(bluebird.company, 'Bluebird Hosting');
    await refusal(modifyHostingPlan(client(), { hosting_account: theirs.guid, new_hosting_plan: plans.get('Pro')! }), 404);
    await refusal(previewPlanChange(client(), { hosting_account: theirs.guid, new_hosting_plan: plans.get('Pro')! }), 404);
    await refusal(cancelDowngrade(client(), theirs.guid), 404);
    const account = await main();
    await withoutOwnerScopes(database, demo.company, ['can_edit_hosting_accounts'], async () => {
      await refusal(modifyHostingPlan(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Pro')! }), 403);
      await refusal(cancelDowngrade(client(), account.guid), 403);
    });
  });

  it('invoices an upgrade now at the prorated figure the preview showed; paying it switches the plan', async () => {
    const account = await main();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, account.orderId!));
    const input = { hosting_account: account.guid, new_hosting_plan: plans.get('Pro')! };
    const preview = await previewPlanChange(client(), input);
    const expected = prorateChange({ today: t.deps.now(), renewal: order!.dateNextInvoice!, monthlyIncreaseCents: 1999 - 999 }).due_today;
    expect(preview).toMatchObject({ direction: 'UPGRADE', when: 'NOW', available_times: ['NOW', 'RENEWAL'], due_today: expected, warnings: [] });
    const done = await modifyHostingPlan(client(), input, 'plan-change-key-1');
    expect(done.message).toBe(UPGRADE_INVOICED);
    expect((await getInvoice(client(), done.invoice_id!)).total_amount).toBe(expected);
    expect((await refusal(modifyHostingPlan(client(), input), 409)).body.errors).toEqual([PLAN_CHANGE_AWAITS_PAYMENT]);
    expect((await main()).planGuid).toBe(plans.get('Business'));
    // The account page says which invoice the change waits for.
    expect((await getHostingAccount(client(), account.guid)).data.plan_change_invoice_id).toBe(done.invoice_id);
    await payInFull(t, database, demo, done.invoice_id!);
    expect(await main()).toMatchObject({ planGuid: plans.get('Pro'), monthlyCostCents: 1999 });
    expect((await getHostingAccount(client(), account.guid)).data.plan_change_invoice_id).toBeNull();
  });

  it('prices the renewal at a scheduled plan and applies it when the period begins', async () => {
    const account = await accountRow(paidAccount);
    await modifyHostingPlan(client(), { hosting_account: account.guid, new_hosting_plan: plans.get('Starter')!, when: 'RENEWAL' });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, account.orderId!));
    const renewal = order!.dateNextInvoice!;
    const run = () => runBillingCycle(database.db, configuredRate(0.92), t.deps.now());
    t.advance(renewal.getTime() - RENEWAL_LEAD_DAYS * DAY - t.deps.now().getTime() + 60_000);
    await run();
    const [raised] = await database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order!.id), eq(invoices.purpose, 'RENEWAL')));
    expect(raised!.totalAmountCents).toBe(499);
    expect((await accountRow(account.guid)).planGuid).toBe(plans.get('Business'));
    t.advance(renewal.getTime() - t.deps.now().getTime() + 60_000);
    await run();
    expect(await accountRow(account.guid)).toMatchObject({ planGuid: plans.get('Starter'), pendingPlanGuid: null, monthlyCostCents: 499 });
  });
});
