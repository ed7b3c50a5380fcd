/**
 * The hosting area's stores in Node, through the panel's own API object against the
 * in-process API: the accounts and an account's page (rename, cPanel in a new tab, passwords,
 * custom hosts), the shared hosting order, the plan change wizard and the websites list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { hostingAccounts, orders } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { openSecret } from '../../src/server/services/secret-box';
import { WEBSITE_NOT_FOUND } from '../../src/lib/api/websites';
import { BAD_COUPON } from '../../src/lib/schemas/ip-orders';
import { ENTER_ACCOUNT_NAME, ENTER_HOSTING_NAME } from '../../src/lib/schemas/hosting-accounts';
import { DOWNGRADE_SCHEDULED, HOSTING_ORDER_PLACED, PLAN_NOT_CHANGEABLE, SELECT_PLAN, UPGRADE_INVOICED } from '../../src/lib/schemas/hosting-orders';
import {
  $cpanelPassword,
  $hostingAccount,
  changePasswordForm,
  customHostForm,
  deleteCustomHost,
  hostingAccountsList,
  hostingDomainsList,
  LOAD_FAILED,
  loadHostingAccount,
  NEW_CUSTOM_HOST,
  openCpanel,
  renameForm,
  revealForm,
  setDomainDeletion,
} from '../../src/stores/hosting-accounts';
import {
  $hostingOrder,
  $hostingOrderSummary,
  applyHostingCoupon,
  chooseHostingPlan,
  couponOverridesDiscount,
  openSharedHostingOrder,
  placeSharedHostingOrder,
  setHostingCoupon,
  setHostingName,
} from '../../src/stores/hosting-order';
import { $planChange, canGoNext, choosePlan, closePlanChange, openPlanChange, submitPlanChange, toConfirmation } from '../../src/stores/hosting-plan';
import { $website, loadWebsite, websitesList } from '../../src/stores/websites';
import { $router } from '../../src/stores/router';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs, shownToasts, until } from './helpers/panel';
import type { PageInMemory } from './helpers/page';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string; page: PageInMemory };

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

beforeEach(async () => {
  demo = await panelSignedInAs(t, 'demo@hostdeck.test', '/hosting');
  $toasts.set([]);
});

const accountNamed = async (name: string) =>
  (
    await database.db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.name, name)))
  )[0]!;

describe("a hosting account's page (spec part 3, 2.8)", () => {
  beforeEach(() => cleanStores(hostingAccountsList.$list, hostingDomainsList.$list));

  it('shows the account, renames it and switches domain deletion, with the server’s sentences', async () => {
    const account = await accountNamed('Client Sites');
    await loadHostingAccount(account.guid);
    expect($hostingAccount.get()).toMatchObject({ guid: account.guid, loading: false, account: { name: 'Client Sites' } });
    expect(await renameForm.submit({ name: '  ' })).toMatchObject({ ok: false, fields: { name: ENTER_ACCOUNT_NAME } });
    expect((await renameForm.submit({ name: 'Client Sites Renamed' })).ok).toBe(true);
    expect($hostingAccount.get().account?.name).toBe('Client Sites Renamed');
    await setDomainDeletion(account.guid, false);
    expect($hostingAccount.get().account?.allow_domain_deletion).toBe(false);
    await setDomainDeletion(account.guid, true);
    expect(shownToasts()).toEqual([
      ['success', "Hosting account's name successfully updated!"],
      ['success', 'Domain deletion successfully disabled!'],
      ['success', 'Domain deletion successfully enabled!'],
    ]);
    await renameForm.submit({ name: 'Client Sites' });
  });

  it("says 'Something went wrong!' for an account it cannot load", async () => {
    await loadHostingAccount('00000000-0000-4000-8000-000000000000');
    expect($hostingAccount.get()).toMatchObject({ loading: false, account: null });
    expect(shownToasts()).toEqual([['error', LOAD_FAILED]]);
  });

  it("toasts the server's refusal of the domain deletion switch on a legacy account", async () => {
    const legacy = await accountNamed('Legacy Hosting');
    await loadHostingAccount(legacy.guid);
    await setDomainDeletion(legacy.guid, true);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });

  it('opens cPanel signed in, in the tab opened at the click', async () => {
    const account = await accountNamed('Client Sites');
    await openCpanel(account.guid);
    expect(demo.page.tabs).toEqual([{ url: expect.stringMatching(/\/sandbox-cpanel\/[^/]+\/$/), closed: false }]);
    expect(demo.page.went).toEqual([]);
  });

  it("closes the tab again and toasts the server's sentence when there is no cPanel to open", async () => {
    const vps = await accountNamed('Own VPS');
    await openCpanel(vps.guid);
    expect(demo.page.tabs).toEqual([{ url: null, closed: true }]);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });

  it('reveals the cPanel password for the account password, and changes it', async () => {
    const account = await accountNamed('Main Shared Hosting');
    const current = (await openSecret(database.db, account.cpanelPasswordSecret!))!;
    await loadHostingAccount(account.guid);
    expect(await revealForm.submit({ password: 'not my password' })).toMatchObject({ ok: false, reason: 'refused', fields: { password: expect.any(String) } });
    expect((await revealForm.submit({ password: DEMO_PASSWORD })).ok).toBe(true);
    expect($cpanelPassword.get()).toEqual({ guid: account.guid, password: current });
    $toasts.set([]);
    expect((await changePasswordForm.submit({ current_password: current, new_password: 'a fresh cpanel pass', new_password_repeat: 'a fresh cpanel pass' })).ok).toBe(true);
    expect(shownToasts()).toEqual([['success', 'cPanel password successfully updated!']]);
    // The password shown before is the old one now.
    expect($cpanelPassword.get()).toBeNull();
  });

  it('adds a custom host, lists it, and deletes it from its page, back to the list', async () => {
    const stop = hostingAccountsList.$list.listen(() => undefined);
    await until(hostingAccountsList.$list, (l) => !l.loading && l.answer !== null);
    expect(await customHostForm.submit({ ...NEW_CUSTOM_HOST, name: '', ip_address: '192.0.2.10' })).toMatchObject({ ok: false, fields: { name: ENTER_HOSTING_NAME } });
    expect((await customHostForm.submit({ ...NEW_CUSTOM_HOST, name: 'Store Rack', ip_address: '192.0.2.10' })).ok).toBe(true);
    const host = hostingAccountsList.$list.get().answer!.data.find((a) => a.name === 'Store Rack')!;
    expect(host.account_type).toBe('CUSTOM_HOST');
    $router.open(`/hosting/${host.guid}`);
    await deleteCustomHost(host.guid, true);
    expect($router.get()?.path).toBe('/hosting');
    expect(hostingAccountsList.$list.get().answer!.data.some((a) => a.guid === host.guid)).toBe(false);
    expect(shownToasts()).toEqual([
      ['success', 'Custom host successfully added!'],
      ['success', 'Hosting account successfully deleted!'],
    ]);
    stop();
  });

  it('lists the domains of an account', async () => {
    const account = await accountNamed('Main Shared Hosting');
    hostingDomainsList.$list.setKey('filters', { account: account.guid });
    const stop = hostingDomainsList.$list.listen(() => undefined);
    const list = await until(hostingDomainsList.$list, (l) => !l.loading && l.answer !== null);
    expect(list.answer!.total).toBeGreaterThan(0);
    stop();
  });
});

describe('Add Hosting Account > Shared Hosting (spec part 3, 2.8 and 5)', () => {
  it('preselects the first location and ANNUALLY, prices the order and places it, going to the invoice', async () => {
    await openSharedHostingOrder();
    const s = $hostingOrder.get();
    expect(s).toMatchObject({ loading: false, billingCycle: 'ANNUALLY', location: s.locations[0]!.guid });
    const business = s.plans.find((p) => p.name === 'Business')!;
    setHostingName('Store Shop');
    chooseHostingPlan(business.guid);
    expect($hostingOrderSummary.get()?.total_amount).toBeGreaterThan(0);
    setHostingCoupon('welcome10');
    expect(couponOverridesDiscount('ANNUALLY', 'welcome10')).toBe(true);
    expect(await applyHostingCoupon()).toBe(true);
    expect($hostingOrder.get().couponTerms).toMatchObject({ code: 'WELCOME10' });
    expect(await placeSharedHostingOrder()).toBe(true);
    expect(shownToasts()).toEqual([['success', HOSTING_ORDER_PLACED]]);
    const url = demo.page.went[0]!.url;
    expect(url).toMatch(/^\/billing\/invoices\/\d+$/);
    const [order] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.companyGuid, demo.company), eq(orders.orderType, 'SHARED_HOSTING')))
      .orderBy(orders.id);
    expect(order).toBeTruthy();
  });

  it('says what is missing before sending, and shows a coupon the server refuses beside its field', async () => {
    await openSharedHostingOrder();
    expect(await placeSharedHostingOrder()).toBe(false);
    expect($hostingOrder.get().errors).toMatchObject({ name: ENTER_HOSTING_NAME, plan: SELECT_PLAN });
    setHostingName('Store Shop 2');
    chooseHostingPlan($hostingOrder.get().plans[0]!.guid);
    setHostingCoupon('NOPE');
    expect(await placeSharedHostingOrder()).toBe(false);
    expect($hostingOrder.get().errors).toEqual({ coupon: BAD_COUPON });
    expect($toasts.get()).toEqual([]);
    expect(demo.page.went).toEqual([]);
  });
});

describe('the plan change wizard (spec part 3, 4 "Hosting account")', () => {
  const plan = (name: string) => $planChange.get().plans.find((p) => p.name === name)!.guid;

  it('schedules a downgrade for the renewal and shows the account again', async () => {
    const account = await accountNamed('Client Sites');
    await loadHostingAccount(account.guid);
    await openPlanChange(account.guid, account.planGuid);
    choosePlan(account.planGuid!);
    expect(canGoNext($planChange.get())).toBe(false);
    choosePlan(plan('Starter'));
    await toConfirmation();
    expect($planChange.get()).toMatchObject({ step: 2, when: 'RENEWAL', previews: { RENEWAL: { direction: 'DOWNGRADE' } } });
    expect(await submitPlanChange()).toBe(true);
    expect(shownToasts()).toEqual([['success', DOWNGRADE_SCHEDULED]]);
    expect($planChange.get().open).toBe(false);
    expect($hostingAccount.get().account?.guid).toBe(account.guid);
    expect(demo.page.went).toEqual([]);
    expect((await accountNamed('Client Sites')).pendingPlanGuid).toBe(plan('Starter'));
  });

  it('invoices an upgrade now and goes to the invoice', async () => {
    const account = await accountNamed('Main Shared Hosting');
    await openPlanChange(account.guid, account.planGuid);
    choosePlan(plan('Pro'));
    await toConfirmation();
    expect($planChange.get().previews.NOW?.direction).toBe('UPGRADE');
    expect(await submitPlanChange()).toBe(true);
    expect(shownToasts()).toEqual([['success', UPGRADE_INVOICED]]);
    expect(demo.page.went[0]?.url).toMatch(/^\/billing\/invoices\/\d+$/);
  });

  it("toasts the server's refusal of a legacy account's change and stays on the plans", async () => {
    const legacy = await accountNamed('Legacy Hosting');
    await openPlanChange(legacy.guid, legacy.planGuid);
    choosePlan(plan('Pro'));
    await toConfirmation();
    expect($planChange.get()).toMatchObject({ open: true, step: 1, loading: false });
    expect(await submitPlanChange()).toBe(false);
    expect(shownToasts()).toEqual([
      ['error', PLAN_NOT_CHANGEABLE],
      ['error', PLAN_NOT_CHANGEABLE],
    ]);
    expect($planChange.get()).toMatchObject({ open: true, busy: false });
    closePlanChange();
  });

  it('needs the edit scope: a member without it hears the server', async () => {
    const account = await accountNamed('Main Shared Hosting');
    await openPlanChange(account.guid, account.planGuid);
    choosePlan(plan('Starter'));
    await withoutOwnerScopes(database, demo.company, ['can_edit_hosting_accounts'], async () => {
      expect(await submitPlanChange()).toBe(false);
    });
    expect(shownToasts()).toEqual([['error', 'You do not have permission to perform this action (can_edit_hosting_accounts).']]);
  });
});

describe('the websites list and a website’s page (spec part 2, 2.11)', () => {
  beforeEach(() => cleanStores(websitesList.$list));

  it('lists the websites, searches them and opens one', async () => {
    const stop = websitesList.$list.listen(() => undefined);
    const all = await until(websitesList.$list, (l) => !l.loading && l.answer !== null);
    expect(all.answer!.total).toBeGreaterThan(0);
    const first = all.answer!.data[0]!;
    websitesList.setFilters({ search: first.domain });
    const found = await until(websitesList.$list, (l) => !l.loading && l.filters.search === first.domain);
    expect(found.answer!.data.map((w) => w.domain)).toContain(first.domain);
    await loadWebsite(first.guid);
    expect($website.get()).toMatchObject({ guid: first.guid, loading: false, website: { domain: first.domain } });
    stop();
  });

  it("toasts 'Website not found.' for one that is not there", async () => {
    await loadWebsite('00000000-0000-4000-8000-000000000000');
    expect($website.get()).toMatchObject({ loading: false, website: null });
    expect(shownToasts()).toEqual([['error', WEBSITE_NOT_FOUND]]);
  });
});
