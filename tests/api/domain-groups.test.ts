import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../../src/lib/errors';
import {
  createDomainGroup,
  deleteDomainGroup,
  getDomain,
  getDomainGroup,
  getNotes,
  saveNotes,
  groupExpiring,
  groupIpAddresses,
  listDomainGroups,
  listDomains,
  selectableDomains,
  updateDomainGroup,
} from '../../src/lib/requests/domains';
import { listIpGroups } from '../../src/lib/requests/ip-addresses';
import { listHostingAccounts } from '../../src/lib/requests/hosting';
import { NO_HOSTING_ACCOUNTS } from '../../src/lib/schemas/domain-groups';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, domainNotes, domains, hostingAccounts, ipGroups, memberships } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let activeAccount: string;
let inactiveAccount: string | undefined;
let ipGroup: string;
let bluebird: { group: string; domain: string; account: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const accounts = await db.select().from(hostingAccounts).where(eq(hostingAccounts.companyGuid, demo.company));
  activeAccount = accounts.find((a) => a.status === 'ACTIVE')!.guid;
  inactiveAccount = accounts.find((a) => a.status !== 'ACTIVE')?.guid;
  ipGroup = (await db.select().from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(1))[0]!.guid;
  const [other] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [d] = await db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1);
  const [a] = await db.select().from(hostingAccounts).where(eq(hostingAccounts.companyGuid, other!.guid)).limit(1);
  bluebird = { group: d!.groupGuid, domain: d!.guid, account: a!.guid };
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

/** The sentences of a refused call, with its status. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; errors: string[]; fields: Record<string, string> }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const e = error as ApiError;
  return { status: e.status, errors: e.body.errors, fields: e.body.fields ?? {} };
}

describe('domain groups', () => {
  it('lists the groups by name (ignoring case), ten a page by default, with counts that match the domains', async () => {
    const page = await listDomainGroups(t.client(demo));
    expect(page.per_page).toBe(10);
    expect(page.total).toBeGreaterThan(0);
    const names = page.data.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    for (const group of page.data) {
      const rows = await database.db
        .select()
        .from(domains)
        .where(and(eq(domains.groupGuid, group.guid), isNull(domains.parentDomainGuid)));
      expect(group.domain_count, group.name).toBe(rows.length);
    }
  });

  it('creates, reads, updates and deletes a group', async () => {
    const created = await createDomainGroup(t.client(demo), { name: '  Client sites  ', default_hosting_account: activeAccount, ip_address_groups: [ipGroup] });
    expect(created.message).toBe('Domain group successfully added!');
    expect(created.group).toMatchObject({ name: 'Client sites', domain_count: 0, is_internal: false, default_hosting_account: { guid: activeAccount } });
    expect(created.group.allowed_ip_address_groups.map((g) => g.guid)).toEqual([ipGroup]);

    const read = await getDomainGroup(t.client(demo), created.group.guid);
    expect(read).toEqual(created.group);

    const updated = await updateDomainGroup(t.client(demo), created.group.guid, {
      name: 'Client sites 2',
      default_hosting_account: activeAccount,
      include_subdomains_in_list: true,
      allowed_ip_address_groups: [],
    });
    expect(updated.message).toBe('Group successfully updated!');
    expect(updated.group).toMatchObject({ name: 'Client sites 2', include_subdomains_in_list: true, allowed_ip_address_groups: [] });

    expect(await deleteDomainGroup(t.client(demo), created.group.guid)).toEqual({ message: 'Domain group successfully deleted!' });
    expect((await refusal(getDomainGroup(t.client(demo), created.group.guid))).status).toBe(404);
  });

  it('says what is missing in the words of the spec', async () => {
    const add = await refusal(createDomainGroup(t.client(demo), { name: ' ', default_hosting_account: '' }));
    expect(add.status).toBe(400);
    expect(add.fields).toEqual({ name: 'Please enter group name!', default_hosting_account: 'Please select the default hosting account!' });
    const group = (await listDomainGroups(t.client(demo))).data[0]!;
    const edit = await refusal(updateDomainGroup(t.client(demo), group.guid, { name: '', default_hosting_account: '' }));
    expect(edit.fields).toEqual({ name: "Please enter your group's name!", default_hosting_account: "Please enter your group's default hosting account!" });
  });

  it('takes only an ACTIVE hosting account of the company and IP groups of the company', async () => {
    if (inactiveAccount) {
      const inactive = await refusal(createDomainGroup(t.client(demo), { name: 'X', default_hosting_account: inactiveAccount }));
      expect(inactive.fields).toEqual({ default_hosting_account: 'Only an ACTIVE hosting account can be chosen.' });
    }
    const foreign = await refusal(createDomainGroup(t.client(demo), { name: 'X', default_hosting_account: bluebird.account }));
    expect(foreign.fields).toEqual({ default_hosting_account: 'Hosting account not found.' });
    const foreignGroup = await refusal(createDomainGroup(t.client(demo), { name: 'X', default_hosting_account: activeAccount, ip_address_groups: [bluebird.group] }));
    expect(foreignGroup.fields).toEqual({ ip_address_groups: 'Unknown IP address group.' });
  });

  it('refuses a name over its limit, malformed or too many IP groups, and a switch that is not a boolean, writing nothing', async () => {
    const before = (await listDomainGroups(t.client(demo), { per_page: 100 })).total;
    const long = await refusal(createDomainGroup(t.client(demo), { name: 'x'.repeat(101), default_hosting_account: activeAccount }));
    expect(long.fields).toEqual({ name: 'Group name can be at most 100 characters long.' });
    const malformed = await refusal(createDomainGroup(t.client(demo), { name: 'X', default_hosting_account: activeAccount, ip_address_groups: ['not-a-guid'] }));
    expect(malformed.fields).toEqual({ 'ip_address_groups.0': 'Unknown IP address group.' });
    const many = Array.from({ length: 10_000 }, () => crypto.randomUUID());
    const tooMany = await refusal(createDomainGroup(t.client(demo), { name: 'X', default_hosting_account: activeAccount, ip_address_groups: many }));
    expect(tooMany.fields).toEqual({ ip_address_groups: 'Choose at most 9999 IP groups.' });
    expect((await listDomainGroups(t.client(demo), { per_page: 100 })).total).toBe(before);
    const group = (await listDomainGroups(t.client(demo))).data[0]!;
    const notBoolean = await refusal(
      updateDomainGroup(t.client(demo), group.guid, { name: 'X', default_hosting_account: activeAccount, include_subdomains_in_list: 'yes' as never }),
    );
    expect(notBoolean.fields).toEqual({ include_subdomains_in_list: 'Include subdomains must be true or false.' });
  });

  it("checks the settings' hosting account and IP groups as the Add dialog does, and changes nothing when refused", async () => {
    const group = (await listDomainGroups(t.client(demo))).data[0]!;
    const settings = { name: 'Renamed', default_hosting_account: activeAccount };
    expect((await refusal(updateDomainGroup(t.client(demo), group.guid, { ...settings, default_hosting_account: bluebird.account }))).fields).toEqual({
      default_hosting_account: 'Hosting account not found.',
    });
    if (inactiveAccount) {
      expect((await refusal(updateDomainGroup(t.client(demo), group.guid, { ...settings, default_hosting_account: inactiveAccount }))).fields).toEqual({
        default_hosting_account: 'Only an ACTIVE hosting account can be chosen.',
      });
    }
    expect((await refusal(updateDomainGroup(t.client(demo), group.guid, { ...settings, allowed_ip_address_groups: [bluebird.group] }))).fields).toEqual({
      allowed_ip_address_groups: 'Unknown IP address group.',
    });
    expect(await getDomainGroup(t.client(demo), group.guid)).toEqual(group);
    expect(await refusal(updateDomainGroup(t.client(demo), bluebird.group, settings))).toMatchObject({ status: 404, errors: ['Domain group not found.'] });
  });

  it('refuses to delete a group with domains, and an internal group', async () => {
    const withDomains = (await listDomainGroups(t.client(demo), { per_page: 100 })).data.find((g) => g.domain_count > 0)!;
    const busy = await refusal(deleteDomainGroup(t.client(demo), withDomains.guid));
    expect(busy).toMatchObject({ status: 409, errors: ['Only an empty domain group can be deleted: move or delete its domains first.'] });
    const [internal] = await database.db.insert(domainGroups).values({ companyGuid: demo.company, name: 'Internal', isInternal: true }).returning();
    const refused = await refusal(deleteDomainGroup(t.client(demo), internal!.guid));
    expect(refused).toMatchObject({ status: 409, errors: ['Internal domain groups cannot be deleted.'] });
    await database.db.delete(domainGroups).where(eq(domainGroups.guid, internal!.guid));
  });

  it("does not show another company's group", async () => {
    for (const call of [
      () => getDomainGroup(t.client(demo), bluebird.group),
      () => groupExpiring(t.client(demo), bluebird.group),
      () => groupIpAddresses(t.client(demo), bluebird.group),
      () => deleteDomainGroup(t.client(demo), bluebird.group),
    ]) {
      expect(await refusal(call())).toMatchObject({ status: 404, errors: ['Domain group not found.'] });
    }
    expect((await refusal(listDomains(t.client(demo), { group: bluebird.group }))).status).toBe(404);
  });

  it('hides groups outside the allowed domain groups of the membership', async () => {
    const all = (await listDomainGroups(t.client(demo), { per_page: 100 })).data;
    const [allowed, hidden] = all;
    const where = and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER'));
    const [m] = await database.db.select().from(memberships).where(where);
    await database.db
      .update(memberships)
      .set({ allowedDomainGroups: [allowed!.guid] })
      .where(where);
    try {
      expect((await listDomainGroups(t.client(demo))).data.map((g) => g.guid)).toEqual([allowed!.guid]);
      expect((await refusal(getDomainGroup(t.client(demo), hidden!.guid))).status).toBe(404);
      expect((await listDomains(t.client(demo), { per_page: 100 })).data.every((d) => d.group.guid === allowed!.guid)).toBe(true);
    } finally {
      await database.db.update(memberships).set({ allowedDomainGroups: m!.allowedDomainGroups }).where(where);
    }
  });

  it('counts domains expiring in less than 10 days', async () => {
    const group = (await listDomainGroups(t.client(demo), { per_page: 100 })).data.find((g) => g.domain_count > 0)!;
    const [first] = await database.db.select().from(domains).where(eq(domains.groupGuid, group.guid)).limit(1);
    const before = (await groupExpiring(t.client(demo), group.guid)).expiring_domains;
    const saved = first!.whoisExpires;
    await database.db
      .update(domains)
      .set({ whoisExpires: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(domains.guid, first!.guid));
    const inside = saved !== null && saved.getTime() >= Date.now() && saved.getTime() < Date.now() + 10 * 86_400_000;
    expect((await groupExpiring(t.client(demo), group.guid)).expiring_domains).toBe(before + (inside ? 0 : 1));
    await database.db.update(domains).set({ whoisExpires: saved }).where(eq(domains.guid, first!.guid));
  });

  it("lists the addresses a group's domains may use, with their used and allowed slots", async () => {
    const group =
      (await listDomainGroups(t.client(demo), { per_page: 100 })).data.find((g) => g.allowed_ip_address_groups.length > 0) ?? (await listDomainGroups(t.client(demo))).data[0]!;
    const page = await groupIpAddresses(t.client(demo), group.guid, { per_page: 99999 });
    expect(page.total).toBe(page.data.length);
    const allowed = group.allowed_ip_address_groups.map((g) => g.guid);
    for (const ip of page.data) {
      if (allowed.length) expect(allowed).toContain(ip.group.guid);
      const used = await database.db.select().from(domains).where(eq(domains.ipAddressGuid, ip.guid));
      expect(ip.domain_count).toBe(used.length);
    }
  });
});

describe('pickers', () => {
  it('lists IP groups and hosting accounts of the company only', async () => {
    const groups = await listIpGroups(t.client(demo), { per_page: 9999 });
    expect(groups.data.map((g) => g.guid)).toContain(ipGroup);
    expect(groups.data.map((g) => g.guid)).not.toContain(bluebird.group);
    const accounts = await listHostingAccounts(t.client(demo), { per_page: 9999 });
    expect(accounts.data.map((a) => a.guid)).toContain(activeAccount);
    expect(accounts.data.map((a) => a.guid)).not.toContain(bluebird.account);
    expect(NO_HOSTING_ACCOUNTS).toMatch(/^No hosting accounts found!/);
  });
});

describe('domains', () => {
  it("lists a group's domains by name and finds them by tag", async () => {
    const group = (await listDomainGroups(t.client(demo), { per_page: 100 })).data.find((g) => g.domain_count > 2)!;
    const page = await listDomains(t.client(demo), { group: group.guid, per_page: 100 });
    expect(page.total).toBe(group.domain_count);
    const names = page.data.map((d) => d.domain);
    expect(names).toEqual([...names].sort());
    const target = page.data[1]!;
    const found = await listDomains(t.client(demo), { group: group.guid, search: [target.domain.slice(0, -2)] });
    expect(found.data.map((d) => d.domain)).toContain(target.domain);
    const byTwo = await listDomains(t.client(demo), { group: group.guid, search: `${page.data[0]!.domain}, ${target.domain}` });
    expect(byTwo.data.map((d) => d.domain).sort()).toEqual([page.data[0]!.domain, target.domain].sort());
  });

  it('answers one domain with its address and hosting account in full', async () => {
    const [row] = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE')))
      .limit(1);
    const detail = await getDomain(t.client(demo), row!.guid);
    expect(detail).toMatchObject({ guid: row!.guid, domain: row!.domain, status: 'ACTIVE' });
    if (row!.ipAddressGuid) expect(detail.ip_address?.guid).toBe(row!.ipAddressGuid);
    expect(detail.meta).toMatchObject({ redirect_to_https: row!.redirectToHttps, cache_enabled: row!.cacheEnabled });
  });

  it("lists every ACTIVE domain of a group's search for 'Select all'", async () => {
    const group = (await listDomainGroups(t.client(demo), { per_page: 100 })).data.find((g) => g.domain_count > 2)!;
    const all = await listDomains(t.client(demo), { group: group.guid, per_page: 100 });
    const active = all.data.filter((d) => d.status === 'ACTIVE').map((d) => d.guid);
    const answer = await selectableDomains(t.client(demo), { group: group.guid });
    expect(answer).toEqual({ guids: active, total: active.length });
    const first = all.data.find((d) => d.status === 'ACTIVE')!;
    expect((await selectableDomains(t.client(demo), { group: group.guid, search: first.domain })).guids).toEqual([first.guid]);
    expect((await refusal(selectableDomains(t.client(demo), { group: bluebird.group }))).status).toBe(404);
  });

  it('keeps notes of at most 1000 characters, trimmed, and has_notes follows', async () => {
    const [row] = await database.db.select().from(domains).where(eq(domains.companyGuid, demo.company)).limit(1);
    const saved = await saveNotes(t.client(demo), row!.guid, { notes: '  Renew with the client in May.\nCall first.  ' });
    expect(saved).toEqual({ message: 'Notes successfully updated!', notes: 'Renew with the client in May.\nCall first.' });
    expect(await getNotes(t.client(demo), row!.guid)).toEqual({ notes: 'Renew with the client in May.\nCall first.' });
    expect((await getDomain(t.client(demo), row!.guid)).has_notes).toBe(true);
    expect((await refusal(saveNotes(t.client(demo), row!.guid, { notes: 'x'.repeat(1001) }))).fields).toEqual({ notes: 'Notes can be at most 1000 characters long.' });
    expect((await refusal(getNotes(t.client(demo), bluebird.domain))).status).toBe(404);
  });

  it("does not show another company's domain", async () => {
    expect(await refusal(getDomain(t.client(demo), bluebird.domain))).toMatchObject({ status: 404, errors: ['Domain not found.'] });
    expect(await refusal(saveNotes(t.client(demo), bluebird.domain, { notes: 'Mine now.' }))).toMatchObject({ status: 404, errors: ['Domain not found.'] });
    expect(await database.db.select().from(domainNotes).where(eq(domainNotes.domainGuid, bluebird.domain))).not.toContainEqual(expect.objectContaining({ notes: 'Mine now.' }));
  });

  it('refuses control characters in the notes, keeping tabs and new lines', async () => {
    const [row] = await database.db.select().from(domains).where(eq(domains.companyGuid, demo.company)).limit(1);
    expect((await refusal(saveNotes(t.client(demo), row!.guid, { notes: 'a\u0001b' }))).fields).toEqual({ notes: 'Notes cannot contain control characters.' });
    expect((await saveNotes(t.client(demo), row!.guid, { notes: 'a\tb\nc' })).notes).toBe('a\tb\nc');
  });

  it('refuses a group that is not a guid in the list and in Select all', async () => {
    const bad = { group: 'not-a-guid' };
    expect(await refusal(listDomains(t.client(demo), bad))).toMatchObject({ status: 400, fields: { group: 'Unknown domain group.' } });
    expect(await refusal(selectableDomains(t.client(demo), bad))).toMatchObject({ status: 400, fields: { group: 'Unknown domain group.' } });
  });
});
