import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { whoami } from '../../src/lib/requests/auth';
import { addCard, payInvoice } from '../../src/lib/requests/billing';
import { createApiKey } from '../../src/lib/requests/company';
import { addDomains, createDomainGroup, groupIpAddresses } from '../../src/lib/requests/domains';
import { saveGettingStartedData, setGettingStartedStep, stopGettingStarted } from '../../src/lib/requests/getting-started';
import { createCustomHost } from '../../src/lib/requests/hosting';
import { createIpGroup } from '../../src/lib/requests/ip-addresses';
import { STEP } from '../../src/lib/rules/getting-started';
import { EMPTY_TODO_LIST } from '../../src/lib/rules/todo-list';
import { ONE_DATA_FIELD, STEP_RANGE } from '../../src/lib/schemas/getting-started';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, hostingAccounts, invoices, orders, paymentMethods, users } from '../../src/server/db/schema/index';
import { advance } from '../../src/server/services/getting-started';
import { openSeededApp, type TestApp } from './helpers/app';
import { atGateway } from './helpers/pay';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let customer: { token: string; company: string };
let bluebird: string;
let visa: string;
let account: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  customer = await t.signIn('customer@hostdeck.test');
  const { db } = database;
  bluebird = (await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd')))[0]!.guid;
  visa = (
    await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyGuid, demo.company), eq(paymentMethods.methodType, 'CARD')))
  )[0]!.guid;
  account = (
    await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1)
  )[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

const client = () => t.client(demo);

/** Puts the demo company's wizard at a step, as a person who got there would have it. */
async function wizardAt(step: number, show = true, data: Record<string, unknown> = {}) {
  await database.db.update(companies).set({ showGettingStarted: show, gettingStartedStep: step, gettingStartedData: data }).where(eq(companies.guid, demo.company));
}
async function wizard() {
  const { user } = await whoami(client());
  return { show: user.company.show_getting_started, step: user.company.getting_started_step, data: user.company.getting_started_data, todo: user.todo_list };
}
async function clearTodo() {
  await database.db.update(users).set({ todoList: null }).where(eq(users.email, 'demo@hostdeck.test'));
}

/** Pays an UNPAID invoice of the demo company through the sandbox gateway, as Pay Invoice does. */
async function payAnInvoice(onPaid: Record<string, unknown> | null = null) {
  const { db } = database;
  const [order] = await db.insert(orders).values({ companyGuid: demo.company, orderType: 'IP_ADDRESS_HOSTING', status: 'PENDING', currency: 'USD' }).returning({ id: orders.id });
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyGuid: demo.company,
      orderId: order!.id,
      status: 'UNPAID',
      currency: 'USD',
      companyName: 'Northwind Web Agency',
      subTotalCents: 500,
      initialAmountCents: 500,
      totalAmountCents: 500,
      balanceDueCents: 500,
      dateDue: new Date(Date.now() + 86_400_000),
      onPaid,
    })
    .returning({ id: invoices.id });
  const started = await payInvoice(client(), { invoice_id: invoice!.id, payment_method: 'CARD', payment_amount: '', payment_method_guid: visa });
  const back = await t.app.request(new URL(started.redirect_url!).pathname.replace(/^\/api/, ''), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
  });
  expect(back.status).toBeLessThan(400);
  const [paid] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoice!.id));
  expect(paid!.status).toBe('PAID');
}

const CARD = {
  profile_name: 'Wizard card',
  name: 'Olive Own',
  card_number: '4111111111111111',
  expiration_month: 12,
  expiration_year: new Date().getFullYear() + 2,
  cvv: '123',
  address: '1 Test Street',
  city: 'Tallinn',
  region: 'Harju',
  country: 'EE',
  postal_code: '10111',
};

describe('the wizard calls', () => {
  it('starts at step 2, moves to a step, keeps data and stops back at step 1', async () => {
    await wizardAt(1, false);
    expect(await setGettingStartedStep(client(), demo.company, { step: 1, start: true })).toEqual({
      show_getting_started: true,
      getting_started_step: 2,
      getting_started_data: {},
    });
    // Back to the welcome (steps from 3 on pass over what the company has done: see below).
    expect((await setGettingStartedStep(client(), demo.company, { step: 1 })).getting_started_step).toBe(1);
    const ipGroup = (await createIpGroup(client(), { name: 'Wizard data group' })).group.guid;
    const saved = await saveGettingStartedData(client(), demo.company, { ip_group: ipGroup });
    expect(saved.getting_started_data).toEqual({ ip_group: ipGroup });
    const withDomain = await saveGettingStartedData(client(), demo.company, { domain_info: [{ domain: 'first.example', ip_address: '192.0.2.1' }] });
    expect(withDomain.getting_started_data).toEqual({ ip_group: ipGroup, domain_info: [{ domain: 'first.example', ip_address: '192.0.2.1' }] });
    // Saved per company: another sign-in reads the same state.
    const again = await t.signIn('demo@hostdeck.test');
    expect((await whoami(t.client(again))).user.company.getting_started_step).toBe(1);
    expect(await stopGettingStarted(client(), demo.company)).toEqual({ show_getting_started: false, getting_started_step: 1, getting_started_data: {} });
  });

  it('refuses steps outside 1 to 8 and data that is not exactly one piece, or another company’s group', async () => {
    for (const step of [0, 9, 2.5]) {
      await expect(setGettingStartedStep(client(), demo.company, { step })).rejects.toMatchObject({ status: 400, body: { errors: [STEP_RANGE] } });
    }
    await expect(saveGettingStartedData(client(), demo.company, {})).rejects.toMatchObject({ status: 400, body: { errors: [ONE_DATA_FIELD] } });
    const [theirs] = await database.db.select({ guid: domainGroups.guid }).from(domainGroups).where(eq(domainGroups.companyGuid, bluebird)).limit(1);
    await expect(saveGettingStartedData(client(), demo.company, { domain_group: theirs!.guid })).rejects.toMatchObject({
      status: 400,
      body: { fields: { domain_group: 'Domain group not found.' } },
    });
  });

  it('answers 404 for another company’s path and refuses customer accounts', async () => {
    await expect(setGettingStartedStep(client(), bluebird, { step: 2 })).rejects.toMatchObject({ status: 404, body: { errors: ['Company not found.'] } });
    await expect(stopGettingStarted(client(), bluebird)).rejects.toMatchObject({ status: 404 });
    await expect(saveGettingStartedData(client(), bluebird, { domain_info: [] })).rejects.toMatchObject({ status: 404 });
    await expect(setGettingStartedStep(t.client(customer), customer.company, { step: 2 })).rejects.toMatchObject({
      status: 403,
      body: { errors: ['This area is not available for customer accounts.'] },
    });
  });
});

describe('events move the wizard and tick the to-do list, whoever caused them', () => {
  beforeEach(clearTodo);

  it('a card verified: step 4 from the steps before it, never back; a card only started or declined moves nothing', async () => {
    await wizardAt(STEP.paymentMethod);
    const declined = await addCard(client(), CARD);
    expect((await wizard()).step).toBe(STEP.paymentMethod);
    await atGateway(t, declined.verification_url!, 'decline');
    expect((await wizard()).step).toBe(STEP.paymentMethod);
    await atGateway(t, (await addCard(client(), CARD)).verification_url!, 'approve');
    expect((await wizard()).step).toBe(4);
    await wizardAt(STEP.ipAddresses);
    await atGateway(t, (await addCard(client(), CARD)).verification_url!, 'approve');
    expect((await wizard()).step).toBe(STEP.ipAddresses);
  });

  it('an invoice paid: 4 to 5 and 6 to 7, nothing at 5; a paid IP order ticks Add IP addresses', async () => {
    await wizardAt(STEP.hosting);
    await payAnInvoice();
    expect((await wizard()).step).toBe(5);
    await payAnInvoice();
    expect((await wizard()).step).toBe(5);
    await wizardAt(STEP.ipAddresses);
    await payAnInvoice({ action: 'ACTIVATE_IP_ORDER', order_id: -1 });
    const after = await wizard();
    expect(after.step).toBe(7);
    expect(after.todo).toEqual({ ...EMPTY_TODO_LIST, set_up_add_ip_addresses: true });
  });

  it('an IP group created (here through an API key, as the CLI and scripts do): 5 to 6 with the group kept; nothing at 4', async () => {
    await wizardAt(STEP.hosting);
    await createIpGroup(client(), { name: 'Not yet' });
    expect((await wizard()).step).toBe(4);
    expect((await wizard()).todo).toEqual({ ...EMPTY_TODO_LIST, set_up_ip_group: true });

    await wizardAt(STEP.ipGroup);
    const { token } = await createApiKey(client(), demo.company, {
      name: 'Wizard script',
      allowed_ip_addresses: '127.0.0.0/8',
      permissions: ['can_view_ip_groups', 'can_edit_ip_groups'],
    });
    const { group } = await createIpGroup(t.client({ token, company: demo.company }), { name: 'From a script' });
    expect(await wizard()).toMatchObject({ step: 6, data: { ip_group: group.guid } });
  });

  it('a domain group created at 7: step 8 with the group kept; nothing at 6', async () => {
    await wizardAt(STEP.ipAddresses);
    await createDomainGroup(client(), { name: 'Too early', default_hosting_account: account });
    expect((await wizard()).step).toBe(6);
    await wizardAt(STEP.domainGroup);
    const { group } = await createDomainGroup(client(), { name: 'Wizard sites', default_hosting_account: account });
    const after = await wizard();
    expect(after).toMatchObject({ step: 8, data: { domain_group: group.guid } });
    expect(after.todo).toEqual({ ...EMPTY_TODO_LIST, set_up_domain_group: true });
  });

  it('a custom host added at 4 reopens the wizard at 5; nothing at 3', async () => {
    await wizardAt(STEP.paymentMethod);
    await createCustomHost(client(), { name: 'Own rack A', hostname: null, ip_address: '192.0.2.10' });
    expect((await wizard()).step).toBe(3);
    await wizardAt(STEP.hosting);
    await createCustomHost(client(), { name: 'Own rack B', hostname: null, ip_address: '192.0.2.11' });
    const after = await wizard();
    expect(after).toMatchObject({ show: true, step: 5 });
    expect(after.todo).toEqual({ ...EMPTY_TODO_LIST, set_up_hosting_account: true });
  });

  it('the first domain added at 8 is kept for the summary and ticks Add your domains', async () => {
    const { group } = await createDomainGroup(client(), { name: 'Wizard domains', default_hosting_account: account });
    const ip = (await groupIpAddresses(client(), group.guid, { per_page: 99999 })).data.find((i) => i.domains_allowed > i.domain_count)!;
    await wizardAt(STEP.firstDomain, true, { domain_group: group.guid });
    await clearTodo();
    await addDomains(client(), { domains: [{ domain: 'wizard-first.example', ip_address: ip.guid, group: group.guid, hosting_account: account }] });
    const after = await wizard();
    expect(after).toMatchObject({ step: 8, data: { domain_group: group.guid, domain_info: [{ domain: 'wizard-first.example', ip_address: ip.ip_address }] } });
    expect(after.todo).toEqual({ ...EMPTY_TODO_LIST, set_up_domains: true });
  });

  it('a stopped wizard does not move', async () => {
    await wizardAt(STEP.welcome, false);
    await atGateway(t, (await addCard(client(), CARD)).verification_url!, 'approve');
    expect(await wizard()).toMatchObject({ show: false, step: 1 });
  });
});

describe('advance', () => {
  const at = (step: number) => ({ show: true, step, data: {} });
  it('moves only from the steps the spec names', () => {
    const moves: [number, Parameters<typeof advance>[1], number | null][] = [
      [3, { kind: 'payment_method_added' }, 4],
      [4, { kind: 'payment_method_added' }, null],
      [4, { kind: 'invoice_paid', action: null }, 5],
      [6, { kind: 'invoice_paid', action: null }, 7],
      [7, { kind: 'invoice_paid', action: null }, null],
      [5, { kind: 'ip_group_created', group: 'g' }, 6],
      [6, { kind: 'ip_group_created', group: 'g' }, null],
      [7, { kind: 'domain_group_created', group: 'd' }, 8],
      [8, { kind: 'domain_group_created', group: 'd' }, null],
      [4, { kind: 'custom_host_added' }, 5],
      [5, { kind: 'custom_host_added' }, null],
    ];
    for (const [from, event, to] of moves) expect(advance(at(from), event)?.step ?? null, `${event.kind} at ${from}`).toBe(to);
  });
});
