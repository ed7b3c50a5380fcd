import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import { createInCpanel, getDomain, groupIpAddresses, modifyHosting, modifyIp } from '../../src/lib/requests/domains';
import { listSignatures } from '../../src/lib/requests/ip-addresses';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroupIpGroups, domains, hostingAccounts, ipAddresses } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { customHostDomain } from './helpers/domain-picks';
import { refusal, taskFinished } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let target: { guid: string; group: string; ip: string; account: string };
let foreign: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const [row] = await db
    .select({ guid: domains.guid, group: domains.groupGuid, ip: domains.ipAddressGuid, account: domains.hostingAccountGuid })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE'), eq(domains.isSubdomain, false), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
    .limit(1);
  // Not in cPanel yet, so it can be created there.
  await db.update(domains).set({ isInCpanel: false }).where(eq(domains.guid, row!.guid));
  target = { guid: row!.guid, group: row!.group, ip: row!.ip!, account: row!.account! };
  const [other] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

const finished = (task: string) => taskFinished(t, demo, target.group, task);

describe('Modify IP Address (spec part 2, 2.5)', () => {
  it('moves the domain to a dedicated address with a free slot, its zone following, with a signature and HTTP/2', async () => {
    const { db } = database;
    const free = (await groupIpAddresses(t.client(demo), target.group, { per_page: 99999 })).data.find(
      (ip) => ip.guid !== target.ip && ip.ip_address_type === 'DEDICATED' && ip.domain_count < ip.domains_allowed,
    )!;
    const [old] = await db.select().from(ipAddresses).where(eq(ipAddresses.guid, target.ip));
    const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.domainGuid, target.guid));
    const pointing = await db
      .select({ n: count() })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneGuid, zone!.guid), eq(dnsRecords.value, old!.ipAddress)));
    const signature = (await listSignatures(t.client(demo), { per_page: 99999 })).data.at(-1)!;
    const answer = await modifyIp(t.client(demo), target.guid, { ip_address: free.guid, signature: signature.guid, http_version: 2 });
    expect(answer.message).toBe("Domain's IP address successfully updated!");
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    const detail = await getDomain(t.client(demo), target.guid);
    expect(detail.status).toBe('ACTIVE');
    expect(detail.ip_address).toMatchObject({ guid: free.guid, http_version: 2, signature: { guid: signature.guid } });
    const moved = await db
      .select({ n: count() })
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneGuid, zone!.guid), eq(dnsRecords.value, free.ip_address)));
    expect(Number(moved[0]!.n)).toBeGreaterThanOrEqual(Number(pointing[0]!.n));
    const [after] = await db.select().from(dnsZones).where(eq(dnsZones.guid, zone!.guid));
    expect(after!.soaSerial).toBeGreaterThan(zone!.soaSerial);
    target.ip = free.guid;
  });

  it('refuses to set the signature or HTTP version of a shared address, and a full one', async () => {
    const ips = (await groupIpAddresses(t.client(demo), target.group, { per_page: 99999 })).data;
    const shared = ips.find((ip) => ip.ip_address_type === 'SHARED' && ip.domain_count < ip.domains_allowed);
    if (shared)
      expect((await refusal(modifyIp(t.client(demo), target.guid, { ip_address: shared.guid, http_version: 2 }))).body.errors).toEqual([
        'Cannot edit IP signature or HTTP version of shared IP addresses!',
      ]);
    const full = ips.find((ip) => ip.guid !== target.ip && ip.domain_count >= ip.domains_allowed)!;
    expect((await refusal(modifyIp(t.client(demo), target.guid, { ip_address: full.guid }))).body.fields).toEqual({
      ip_address: `No free website slot is left on ${full.ip_address}.`,
    });
    expect((await refusal(modifyIp(t.client(demo), target.guid, { ip_address: '' }))).body.fields).toEqual({ ip_address: 'Please select an IP address!' });
  });
});

describe('Modify Hosting Account and Create Domain in cPanel (spec part 2, 2.5)', () => {
  it('moves the domain to another ACTIVE account, then creates it in cPanel', async () => {
    const [other] = await database.db
      .select()
      .from(hostingAccounts)
      .where(
        and(
          eq(hostingAccounts.companyGuid, demo.company),
          eq(hostingAccounts.status, 'ACTIVE'),
          eq(hostingAccounts.accountType, 'SHARED_HOSTING'),
          ne(hostingAccounts.guid, target.account),
        ),
      );
    const [inactive] = await database.db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), ne(hostingAccounts.status, 'ACTIVE')));
    expect((await refusal(modifyHosting(t.client(demo), target.guid, { hosting_account: inactive!.guid }))).body.fields).toEqual({
      hosting_account: 'Only an ACTIVE hosting account can be chosen.',
    });
    const moved = await modifyHosting(t.client(demo), target.guid, { hosting_account: other!.guid });
    expect(moved.message).toBe('Hosting account successfully changed!');
    await finished(moved.task.guid);
    expect((await getDomain(t.client(demo), target.guid)).hosting_account?.guid).toBe(other!.guid);

    const created = await createInCpanel(t.client(demo), target.guid);
    expect(created.message).toBe('The domain has been added to cPanel successfully!');
    await finished(created.task.guid);
    expect((await getDomain(t.client(demo), target.guid)).is_in_cpanel).toBe(true);
    expect((await refusal(createInCpanel(t.client(demo), target.guid))).body.errors).toEqual(['The domain is in cPanel already.']);
  });

  it("does not touch another company's domain", async () => {
    for (const call of [
      () => modifyIp(t.client(demo), foreign, { ip_address: target.ip }),
      () => modifyHosting(t.client(demo), foreign, { hosting_account: target.account }),
      () => createInCpanel(t.client(demo), foreign),
    ]) {
      expect((await refusal(call())).status).toBe(404);
    }
  });
});

describe('placement refusals', () => {
  it('answers each sentence of Modify IP Address beside its field, changing nothing', async () => {
    const before = await getDomain(t.client(demo), target.guid);
    const current = target.ip;
    const fields = async (body: Parameters<typeof modifyIp>[2]) => (await refusal(modifyIp(t.client(demo), target.guid, body), 400)).body.fields;
    expect(await fields({ ip_address: current, signature: 'nope' })).toEqual({ signature: 'Please select the signature!' });
    expect(await fields({ ip_address: current, signature: crypto.randomUUID() })).toEqual({ signature: 'Please select the signature!' });
    expect(await fields({ ip_address: current, http_version: 3 as never })).toEqual({ http_version: 'The HTTP version must be 1 or 2.' });
    const [foreignIp] = await database.db.select().from(ipAddresses).where(ne(ipAddresses.companyGuid, demo.company)).limit(1);
    expect(await fields({ ip_address: foreignIp!.guid })).toEqual({ ip_address: 'Please select an IP address!' });
    const nothing = await refusal(
      modifyIp(t.client(demo), target.guid, { ip_address: current, signature: before.ip_address!.signature?.guid ?? null, http_version: before.ip_address!.http_version }),
      409,
    );
    expect(nothing.body.errors).toEqual(['Nothing to change: the domain is on this address with these settings already.']);
    expect(await getDomain(t.client(demo), target.guid)).toEqual(before);
  });

  it("refuses an address outside the IP groups the domain's group allows", async () => {
    const ips = await database.db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, demo.company), eq(ipAddresses.status, 'ACTIVE')));
    const [current] = ips.filter((i) => i.guid === target.ip);
    const outside = ips.find((i) => i.groupGuid !== current!.groupGuid)!;
    const saved = await database.db.select().from(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, target.group));
    await database.db.delete(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, target.group));
    await database.db.insert(domainGroupIpGroups).values({ domainGroupGuid: target.group, ipGroupGuid: current!.groupGuid });
    try {
      const error = await refusal(modifyIp(t.client(demo), target.guid, { ip_address: outside.guid }), 400);
      expect(error.body.fields).toEqual({ ip_address: `${outside.ipAddress} is not in an IP group this domain group may use.` });
      expect((await getDomain(t.client(demo), target.guid)).ip_address?.guid).toBe(target.ip);
    } finally {
      await database.db.delete(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, target.group));
      if (saved.length) await database.db.insert(domainGroupIpGroups).values(saved);
    }
  });

  it('answers each sentence of Modify Hosting Account beside its field', async () => {
    const detail = await getDomain(t.client(demo), target.guid);
    const [foreignAccount] = await database.db.select().from(hostingAccounts).where(ne(hostingAccounts.companyGuid, demo.company)).limit(1);
    expect((await refusal(modifyHosting(t.client(demo), target.guid, { hosting_account: 'nope' }), 400)).body.fields).toEqual({
      hosting_account: 'Please select a hosting account!',
    });
    expect((await refusal(modifyHosting(t.client(demo), target.guid, { hosting_account: foreignAccount!.guid }), 400)).body.fields).toEqual({
      hosting_account: 'Please select a hosting account!',
    });
    expect((await refusal(modifyHosting(t.client(demo), target.guid, { hosting_account: detail.hosting_account!.guid }), 400)).body.fields).toEqual({
      hosting_account: 'The domain is on this hosting account already.',
    });
  });

  it('refuses cPanel for a malformed guid and a domain on a custom host', async () => {
    expect((await refusal(createInCpanel(t.client(demo), 'nope'), 400)).body.fields).toEqual({ guid: 'Domain not found.' });
    const custom = await customHostDomain(database.db, demo.company);
    expect((await refusal(createInCpanel(t.client(demo), custom), 409)).body.errors).toEqual(['Only a domain on a shared hosting account can be created in cPanel.']);
  });

  it('answers 409 busy for a domain that is not ACTIVE, in each dialog', async () => {
    await database.db.update(domains).set({ status: 'UPDATING' }).where(eq(domains.guid, target.guid));
    try {
      const busy = ['The domain is busy (updating). Please wait until its current task finishes!'];
      expect((await refusal(modifyIp(t.client(demo), target.guid, { ip_address: target.ip, http_version: 1 }), 409)).body.errors).toEqual(busy);
      expect((await refusal(modifyHosting(t.client(demo), target.guid, { hosting_account: target.account }), 409)).body.errors).toEqual(busy);
      expect((await refusal(createInCpanel(t.client(demo), target.guid), 409)).body.errors).toEqual(busy);
    } finally {
      await database.db.update(domains).set({ status: 'ACTIVE' }).where(eq(domains.guid, target.guid));
    }
  });
});
