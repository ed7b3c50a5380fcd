import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  changeCpanelPassword,
  createCustomHost,
  deleteHostingAccount,
  getHostingAccount,
  hostingCpanelLogin,
  listHostingAccountDomains,
  listHostingAccounts,
  revealCpanelPassword,
  updateHostingAccount,
} from '../../src/lib/requests/hosting';
import {
  ENTER_ACCOUNT_NAME,
  ENTER_ACCOUNT_PASSWORD,
  ENTER_HOSTING_NAME,
  ENTER_SERVER_ADDRESS,
  INVALID_IP_ADDRESS,
  NEW_PASSWORDS_DIFFER,
} from '../../src/lib/schemas/hosting-accounts';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, companies, domainGroups, domains, hostingAccounts, memberships } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { openSecret } from '../../src/server/services/secret-box';
import { ONLY_CUSTOM_HOSTS, stillDefaultOf, stillHosting, TOGGLE_REFUSED } from '../../src/server/services/hosting-account-changes';
import { NO_CPANEL, WRONG_ACCOUNT_PASSWORD, WRONG_CPANEL_PASSWORD } from '../../src/server/services/hosting-cpanel';
import { SANDBOX_CPANEL_NOTICE, SANDBOX_LINK_USED } from '../../src/server/routes/hosting-sandbox-cpanel';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
type AccountRow = typeof hostingAccounts.$inferSelect;
/** The demo company's seeded accounts by name, and one of the other company's. */
let mine: Map<string, AccountRow>;
let foreign: AccountRow;

const client = () => t.client(demo);
const account = (name: string) => mine.get(name)!;
const without = (scope: string, work: () => Promise<void>) => withoutOwnerScopes(database, demo.company, [scope], work);
const rowOf = async (guid: string) => (await database.db.select().from(hostingAccounts).where(eq(hostingAccounts.guid, guid)))[0];
const lastActivity = async () =>
  (await database.db.select().from(activityLogs).where(eq(activityLogs.companyGuid, demo.company)).orderBy(desc(activityLogs.dateCreated)).limit(1))[0];

/** Runs `work` with the owner restricted to the named hosting accounts. */
async function restrictedTo(guids: string[], work: () => Promise<void>) {
  const owner = and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER'));
  await database.db.update(memberships).set({ allowedHostingAccounts: guids }).where(owner);
  try {
    await work();
  } finally {
    await database.db.update(memberships).set({ allowedHostingAccounts: [] }).where(owner);
  }
}

/** The sandbox page's path under the API (the redirect_url is on the panel's origin, under /api). */
const sandboxPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '');

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const rows = await database.db.select().from(hostingAccounts).where(eq(hostingAccounts.companyGuid, demo.company));
  mine = new Map(rows.map((r) => [r.name, r]));
  const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await database.db.select().from(hostingAccounts).where(eq(hostingAccounts.companyGuid, bluebird!.guid)))[0]!;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

describe('GET /hosting/accounts/ and /hosting/accounts/{guid}/', () => {
  it('answers an account with its cards: nameservers and plan limits for shared hosting, the pending downgrade', async () => {
    const { data } = await getHostingAccount(client(), account('Client Sites').guid);
    expect(data).toMatchObject({ name: 'Client Sites', account_type: 'SHARED_HOSTING', upgrade_pending: true, pending_plan: { name: 'Business' }, has_cpanel_password: true });
    expect(data.nameservers).toEqual(['ns1.hostdeck.test', 'ns2.hostdeck.test']);
    expect(data.plan_limits).not.toBeNull();
    const legacy = (await getHostingAccount(client(), account('Legacy Hosting').guid)).data;
    expect(legacy).toMatchObject({ is_legacy: true, cost: { amount: 0 }, nameservers: [] });
    const custom = (await getHostingAccount(client(), account('Own VPS').guid)).data;
    expect(custom).toMatchObject({
      account_type: 'CUSTOM_HOST',
      custom_host_server: { destination_type: 'IP_ADDRESS', ip_address: '198.51.100.24' },
      plan_limits: null,
      has_cpanel_password: false,
    });
    expect(custom.domain_count).toBeGreaterThan(0);
  });

  it('answers 404 for another company’s account and for one a restricted member may not see; 403 without the scope', async () => {
    await refusal(getHostingAccount(client(), foreign.guid), 404);
    await restrictedTo([account('Main Shared Hosting').guid], async () => {
      expect((await getHostingAccount(client(), account('Main Shared Hosting').guid)).data.name).toBe('Main Shared Hosting');
      await refusal(getHostingAccount(client(), account('Client Sites').guid), 404);
      await refusal(listHostingAccountDomains(client(), account('Client Sites').guid), 404);
      expect((await listHostingAccounts(client())).data.map((a) => a.name)).toEqual(['Main Shared Hosting']);
    });
    await without('can_view_hosting_accounts', async () => {
      await refusal(getHostingAccount(client(), account('Main Shared Hosting').guid), 403);
    });
  });
});

describe('GET /hosting/accounts/{guid}/domains/', () => {
  it('pages the account’s top-level domains with their address, status and group', async () => {
    const guid = account('Main Shared Hosting').guid;
    const first = await listHostingAccountDomains(client(), guid, { per_page: 5 });
    expect(first.data).toHaveLength(5);
    expect(first.total).toBe((await getHostingAccount(client(), guid)).data.domain_count);
    const [row] = first.data;
    const [stored] = await database.db.select().from(domains).where(eq(domains.guid, row!.guid));
    expect(stored).toMatchObject({ hostingAccountGuid: guid, parentDomainGuid: null, domain: row!.domain });
    const [group] = await database.db.select().from(domainGroups).where(eq(domainGroups.guid, stored!.groupGuid));
    expect(row!.group).toEqual({ guid: group!.guid, name: group!.name });
    const second = await listHostingAccountDomains(client(), guid, { per_page: 5, page: 2 });
    expect(second.data.map((d) => d.guid)).not.toContain(row!.guid);
    await refusal(listHostingAccountDomains(client(), foreign.guid), 404);
  });
});

describe('PATCH /hosting/accounts/{guid}/', () => {
  it('renames an account and logs it; an empty name is refused with the spec’s sentence', async () => {
    const a = account('Main Shared Hosting');
    const answer = await updateHostingAccount(client(), a.guid, { name: '  Main Shared Renamed ' });
    expect(answer.message).toBe("Hosting account's name successfully updated!");
    expect(answer.data.name).toBe('Main Shared Renamed');
    expect(await lastActivity()).toMatchObject({ verb: 'renamed', actionObject: 'Main Shared Renamed', actionObjectGuid: a.guid });
    expect((await refusal(updateHostingAccount(client(), a.guid, { name: '  ' }), 400)).body.fields?.name).toBe(ENTER_ACCOUNT_NAME);
    await updateHostingAccount(client(), a.guid, { name: a.name });
  });

  it('switches domain deletion off and on, with the spec’s sentences', async () => {
    const a = account('Main Shared Hosting');
    expect((await updateHostingAccount(client(), a.guid, { allow_domain_deletion: false })).message).toBe('Domain deletion successfully disabled!');
    expect((await rowOf(a.guid))?.allowDomainDeletion).toBe(false);
    expect(await lastActivity()).toMatchObject({ verb: 'disabled domain deletion on', actionObject: a.name });
    expect((await updateHostingAccount(client(), a.guid, { allow_domain_deletion: true })).message).toBe('Domain deletion successfully enabled!');
    expect((await rowOf(a.guid))?.allowDomainDeletion).toBe(true);
  });

  it('refuses the toggle on legacy and internal accounts, both fields at once, other companies and members without the scope', async () => {
    expect((await refusal(updateHostingAccount(client(), account('Legacy Hosting').guid, { allow_domain_deletion: true }), 409)).body.errors).toEqual([TOGGLE_REFUSED]);
    const internal = account('Own VPS');
    await database.db.update(hostingAccounts).set({ isInternal: true }).where(eq(hostingAccounts.guid, internal.guid));
    try {
      expect((await refusal(updateHostingAccount(client(), internal.guid, { allow_domain_deletion: false }), 409)).body.errors).toEqual([TOGGLE_REFUSED]);
    } finally {
      await database.db.update(hostingAccounts).set({ isInternal: false }).where(eq(hostingAccounts.guid, internal.guid));
    }
    await refusal(updateHostingAccount(client(), account('Main Shared Hosting').guid, { name: 'x', allow_domain_deletion: true }), 400);
    await refusal(updateHostingAccount(client(), foreign.guid, { name: 'Mine now' }), 404);
    await without('can_edit_hosting_accounts', async () => {
      await refusal(updateHostingAccount(client(), account('Main Shared Hosting').guid, { name: 'No' }), 403);
    });
    await restrictedTo([account('Client Sites').guid], async () => {
      await refusal(updateHostingAccount(client(), account('Main Shared Hosting').guid, { name: 'No' }), 404);
    });
  });
});

describe('POST /hosting/custom-hosts/ and DELETE /hosting/accounts/{guid}/', () => {
  it('adds a custom host by hostname (trimmed, lowercased) or by address, and logs it', async () => {
    const byName = await createCustomHost(client(), { name: 'Rack 7', destination_type: 'HOSTNAME', hostname: '  Rack7.Example.COM ', ip_address: '' });
    expect(byName.message).toBe('Custom host successfully added!');
    expect(byName.data).toMatchObject({
      account_type: 'CUSTOM_HOST',
      status: 'ACTIVE',
      custom_host_server: { destination_type: 'HOSTNAME', hostname: 'rack7.example.com', ip_address: null },
    });
    expect(await lastActivity()).toMatchObject({ verb: 'created', actionObject: 'Rack 7', actionObjectType: 'custom_host' });
    const byAddress = await createCustomHost(client(), { name: 'Rack 8', hostname: null, ip_address: '2001:db8::8' });
    expect(byAddress.data.custom_host_server).toEqual({ destination_type: 'IP_ADDRESS', hostname: null, ip_address: '2001:db8::8' });
    expect((await listHostingAccounts(client())).data.map((a) => a.name)).toContain('Rack 8');
    for (const made of [byName, byAddress]) await deleteHostingAccount(client(), made.data.guid);
  });

  it('answers the spec’s sentences for a missing name or address, and checks an address as one', async () => {
    const fields = async (body: Parameters<typeof createCustomHost>[1]) => (await refusal(createCustomHost(client(), body), 400)).body.fields;
    expect(await fields({ name: '', ip_address: '192.0.2.1' })).toEqual({ name: ENTER_HOSTING_NAME });
    expect(await fields({ name: 'A', ip_address: '' })).toEqual({ ip_address: ENTER_SERVER_ADDRESS });
    expect(await fields({ name: 'A', destination_type: 'HOSTNAME', hostname: ' ' })).toEqual({ hostname: ENTER_SERVER_ADDRESS });
    expect(await fields({ name: 'A', ip_address: '300.1.2.3' })).toEqual({ ip_address: INVALID_IP_ADDRESS });
    await without('can_add_hosting_accounts', async () => {
      await refusal(createCustomHost(client(), { name: 'A', ip_address: '192.0.2.1' }), 403);
    });
  });

  it('deletes an unused custom host and logs it; refuses shared hosting, internal hosts and hosts in use', async () => {
    const { data } = await createCustomHost(client(), { name: 'Short-lived', ip_address: '192.0.2.9' });
    await without('can_delete_hosting_accounts', async () => {
      await refusal(deleteHostingAccount(client(), data.guid), 403);
    });
    expect((await deleteHostingAccount(client(), data.guid)).message).toBe('Hosting account successfully deleted!');
    expect(await rowOf(data.guid)).toBeUndefined();
    expect(await lastActivity()).toMatchObject({ verb: 'deleted', actionObject: 'Short-lived' });
    await refusal(deleteHostingAccount(client(), data.guid), 404);

    expect((await refusal(deleteHostingAccount(client(), account('Main Shared Hosting').guid), 409)).body.errors).toEqual([ONLY_CUSTOM_HOSTS]);
    const used = account('Own VPS');
    const n = (await getHostingAccount(client(), used.guid)).data.domain_count;
    expect((await refusal(deleteHostingAccount(client(), used.guid), 409)).body.errors).toEqual([stillHosting(n)]);

    const spare = account('Agency Server');
    const [group] = await database.db.select().from(domainGroups).where(eq(domainGroups.companyGuid, demo.company)).limit(1);
    await database.db.update(domainGroups).set({ defaultHostingAccountGuid: spare.guid }).where(eq(domainGroups.guid, group!.guid));
    expect((await refusal(deleteHostingAccount(client(), spare.guid), 409)).body.errors).toEqual([stillDefaultOf(group!.name)]);
    await database.db.update(domainGroups).set({ defaultHostingAccountGuid: group!.defaultHostingAccountGuid }).where(eq(domainGroups.guid, group!.guid));
    await database.db.update(hostingAccounts).set({ isInternal: true }).where(eq(hostingAccounts.guid, spare.guid));
    await refusal(deleteHostingAccount(client(), spare.guid), 409);
    await database.db.update(hostingAccounts).set({ isInternal: false }).where(eq(hostingAccounts.guid, spare.guid));
    await refusal(deleteHostingAccount(client(), foreign.guid), 404);
  });
});

describe('POST /hosting/shared_hosting/{guid}/password/ and change_password/', () => {
  const seededPassword = async (name: string) => openSecret(database.db, (await rowOf(account(name).guid))!.cpanelPasswordSecret!);

  it('answers the cPanel password for the user’s own account password, and refuses a wrong or missing one', async () => {
    const guid = account('Client Sites').guid;
    expect(await revealCpanelPassword(client(), guid, { password: DEMO_PASSWORD })).toEqual({ password: await seededPassword('Client Sites') });
    expect((await refusal(revealCpanelPassword(client(), guid, { password: 'not my password' }), 400)).body.fields).toEqual({ password: WRONG_ACCOUNT_PASSWORD });
    expect((await refusal(revealCpanelPassword(client(), guid, { password: '' }), 400)).body.fields).toEqual({ password: ENTER_ACCOUNT_PASSWORD });
    expect((await refusal(revealCpanelPassword(client(), account('Own VPS').guid, { password: DEMO_PASSWORD }), 409)).body.errors).toEqual([NO_CPANEL]);
    await refusal(revealCpanelPassword(client(), foreign.guid, { password: DEMO_PASSWORD }), 404);
    await without('can_login_to_hosting_accounts', async () => {
      await refusal(revealCpanelPassword(client(), guid, { password: DEMO_PASSWORD }), 403);
    });
  });

  it('throttles wrong account passwords as sign-in does', async () => {
    const { token, company } = await t.signIn('staff@hostdeck.test');
    const staff = t.client({ token, company });
    const guid = account('Client Sites').guid;
    for (let i = 0; i < t.deps.config.loginMaxFailures; i++) await refusal(revealCpanelPassword(staff, guid, { password: `wrong ${i}` }), 400);
    await refusal(revealCpanelPassword(staff, guid, { password: DEMO_PASSWORD }), 429);
  });

  it('changes the cPanel password when the current one matches; the new ones must match', async () => {
    const guid = account('Main Shared Hosting').guid;
    const current = (await seededPassword('Main Shared Hosting'))!;
    const changed = await changeCpanelPassword(client(), guid, { current_password: current, new_password: 'a fresh cpanel pass', new_password_repeat: 'a fresh cpanel pass' });
    expect(changed.message).toBe('cPanel password successfully updated!');
    expect(await seededPassword('Main Shared Hosting')).toBe('a fresh cpanel pass');
    expect(await lastActivity()).toMatchObject({ verb: 'changed the cPanel password of', actionObjectGuid: guid });

    const body = { current_password: 'a fresh cpanel pass', new_password: 'another pass 1', new_password_repeat: 'another pass 2' };
    expect((await refusal(changeCpanelPassword(client(), guid, body), 400)).body.fields).toEqual({ new_password_repeat: NEW_PASSWORDS_DIFFER });
    const wrong = { current_password: current, new_password: 'another pass 1', new_password_repeat: 'another pass 1' };
    expect((await refusal(changeCpanelPassword(client(), guid, wrong), 400)).body.fields).toEqual({ current_password: WRONG_CPANEL_PASSWORD });
    await refusal(changeCpanelPassword(client(), foreign.guid, wrong), 404);
    await without('can_edit_hosting_accounts', async () => {
      await refusal(changeCpanelPassword(client(), guid, wrong), 403);
    });
  });
});

describe('GET /hosting/shared_hosting/{guid}/cpanel/login/ and the sandbox control panel', () => {
  it('answers a one-time link to the API’s own sandbox page, which shows the account and works once', async () => {
    const a = account('Client Sites');
    const { redirect_url } = await hostingCpanelLogin(client(), a.guid);
    expect(redirect_url).toMatch(/^http:\/\/hostdeck\.test\/api\/sandbox-cpanel\/[^/]+\/$/);
    const first = await t.call('GET', sandboxPath(redirect_url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await first.text();
    expect(html).toContain(SANDBOX_CPANEL_NOTICE.replace("'", '&#39;'));
    expect(html).toContain(a.username!);
    expect(html).toContain('Client Sites');
    expect(html).not.toContain('<script');
    const again = await t.call('GET', sandboxPath(redirect_url));
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(SANDBOX_LINK_USED);
  });

  it('expires a link after two minutes and refuses suspended accounts, custom hosts, other companies and the scope', async () => {
    const { redirect_url } = await hostingCpanelLogin(client(), account('Client Sites').guid);
    t.advance(3 * 60_000);
    expect((await t.call('GET', sandboxPath(redirect_url))).status).toBe(410);
    await refusal(hostingCpanelLogin(client(), account('Old Reseller').guid), 409);
    expect((await refusal(hostingCpanelLogin(client(), account('Agency Server').guid), 409)).body.errors).toEqual([NO_CPANEL]);
    await refusal(hostingCpanelLogin(client(), foreign.guid), 404);
    await without('can_login_to_hosting_accounts', async () => {
      await refusal(hostingCpanelLogin(client(), account('Client Sites').guid), 403);
    });
  });
});
