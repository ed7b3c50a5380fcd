import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { addDomains, createDomainGroup, groupIpAddresses, listDomains } from '../../src/lib/requests/domains';
import type { NewDomain } from '../../src/lib/schemas/add-domains';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroups, domains, hostingAccounts, ipAddresses, softwareInstallations } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal, taskFinished } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let group: string;
let account: string;
/** Addresses of the new group with their free slots. */
let free: { guid: string; ip: string; left: number }[];
let foreignIp: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  account = (
    await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1)
  )[0]!.guid;
  group = (await createDomainGroup(t.client(demo), { name: 'New sites', default_hosting_account: account })).group.guid;
  free = (await groupIpAddresses(t.client(demo), group, { per_page: 99999 })).data
    .map((i) => ({ guid: i.guid, ip: i.ip_address, left: i.domains_allowed - i.domain_count }))
    .filter((i) => i.left > 0);
  const [other] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreignIp = (await db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

/** The next address with a free slot, taking the slot, as the wizard assigns them. */
function slot(): string {
  const ip = free.find((f) => f.left > 0);
  if (!ip) throw new Error('The seed has no free website slot left for this test.');
  ip.left--;
  return ip.guid;
}

const row = (domain: string, ip?: string, extra: Partial<NewDomain> = {}): NewDomain => ({ domain, ip_address: ip ?? slot(), group, hosting_account: account, ...extra });

const finished = (task: string) => taskFinished(t, demo, group, task);

describe('POST /domains/', () => {
  it('adds domains as one task: live with their zone, a certificate and WordPress as asked', async () => {
    const betaIp = slot();
    const answer = await addDomains(t.client(demo), {
      domains: [
        row('  Alpha-Sites.example '),
        row('beta-sites.example', betaIp, { install_lets_encrypt: true, redirect_to_https: true }),
        row('gamma-sites.example', undefined, { install_software: 'WORDPRESS', software_protocol: 'http://www.', install_lets_encrypt: false }),
      ],
    });
    expect(answer.message).toMatch(/being added\.$/);
    expect(answer.domains.map((d) => d.domain)).toContain('alpha-sites.example');
    expect(answer.task.items.map((i) => i.action)).toEqual(['CREATE_DOMAIN', 'CREATE_DOMAIN', 'INSTALL_LETS_ENCRYPT', 'CREATE_DOMAIN', 'INSTALL_SOFTWARE']);
    const done = await finished(answer.task.guid);
    expect(done.status).toBe('COMPLETED');
    expect(done.progress_percentage).toBe(100);

    const rows = await database.db
      .select()
      .from(domains)
      .where(
        inArray(
          domains.guid,
          answer.domains.map((d) => d.guid),
        ),
      );
    expect(rows.every((r) => r.status === 'ACTIVE')).toBe(true);
    const beta = rows.find((r) => r.domain === 'beta-sites.example')!;
    expect(beta).toMatchObject({ sslStatus: 'ACTIVE', sslCertificateType: 'LETS_ENCRYPT', redirectToHttps: true });
    const [zone] = await database.db.select().from(dnsZones).where(eq(dnsZones.domainGuid, beta.guid));
    expect(zone!.status).toBe('ACTIVE');
    const apex = await database.db
      .select()
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneGuid, zone!.guid), eq(dnsRecords.type, 'A'), eq(dnsRecords.name, '')));
    expect(apex.map((r) => r.value)).toEqual([free.find((f) => f.guid === betaIp)!.ip]);
    const gamma = rows.find((r) => r.domain === 'gamma-sites.example')!;
    const [software] = await database.db.select().from(softwareInstallations).where(eq(softwareInstallations.domainGuid, gamma.guid));
    expect(software).toMatchObject({ status: 'ACTIVE', protocol: 'http://www.' });
    expect(software!.adminUsername).toMatch(/^[a-z]+\d{2}$/);
    const listed = await listDomains(t.client(demo), { group, per_page: 100 });
    expect(listed.data.map((d) => d.domain)).toEqual(expect.arrayContaining(answer.domains.map((d) => d.domain)));
  });

  it('adds nothing twice for a repeated submission', async () => {
    const body = { domains: [row('once-only.example')] };
    const key = crypto.randomUUID();
    const [first, second] = await Promise.allSettled([addDomains(t.client(demo), body, key), addDomains(t.client(demo), body, key)]);
    const ok = [first, second].filter((r) => r.status === 'fulfilled');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const again = await addDomains(t.client(demo), body, key);
    expect(again.task.guid).toBe((ok[0] as PromiseFulfilledResult<typeof again>).value.task.guid);
    expect(await database.db.select().from(domains).where(eq(domains.domain, 'once-only.example'))).toHaveLength(1);
  });

  it('refuses the whole submission, naming each bad row', async () => {
    const before = (await listDomains(t.client(demo), { group })).total;
    const [existing] = await database.db.select().from(domains).where(eq(domains.companyGuid, demo.company)).limit(1);
    const error = await refusal(
      addDomains(t.client(demo), {
        domains: [row('fine.example'), row('fine.example'), row(existing!.domain), row('other-ip.example', foreignIp)].map((r, i) =>
          i < 3 ? { ...r, ip_address: free.find((f) => f.left > 0)!.guid } : r,
        ),
      }),
    );
    expect(error.status).toBe(400);
    expect(error.body.fields).toEqual({
      'domains.1.domain': 'This domain is listed twice.',
      'domains.2.domain': 'This domain is already added.',
      'domains.3.ip_address': 'IP address not found.',
    });
    expect(error.body.errors).toContain(`${existing!.domain}: This domain is already added.`);
    expect((await listDomains(t.client(demo), { group })).total).toBe(before);
  });

  it('checks each row with the shared schema first', async () => {
    const error = await refusal(addDomains(t.client(demo), { domains: [row('https://bad.example'), row(''), { ...row('x.example'), ip_address: '' }] }));
    expect(error.body.fields).toMatchObject({
      'domains.0.domain': 'Domains cannot start with http(s)://!',
      'domains.1.domain': 'Please enter domain name. To delete the domain use the delete button on the right!',
      'domains.2.ip_address': 'Unable to assign an IP address because there are no IP addresses left!',
    });
    expect((await refusal(addDomains(t.client(demo), { domains: [] }))).body.fields).toEqual({ domains: 'Add at least one domain.' });
  });

  it('refuses an address with no free website slot', async () => {
    const full = (await groupIpAddresses(t.client(demo), group, { per_page: 99999 })).data.find((i) => i.domain_count >= i.domains_allowed)!;
    const error = await refusal(addDomains(t.client(demo), { domains: [row('no-room.example', full.guid)] }));
    expect(error.body.fields).toEqual({ 'domains.0.ip_address': `No free website slot is left on ${full.ip_address}.` });
  });

  it("checks each row's other fields with the shared schema, adding nothing", async () => {
    const before = (await listDomains(t.client(demo), { group })).total;
    const error = await refusal(
      addDomains(t.client(demo), {
        domains: [
          row('not a domain'),
          { ...row('a.example'), group: 'nope' },
          { ...row('b.example'), hosting_account: '' },
          row('c.example', undefined, { install_software: 'JOOMLA' as never }),
          row('d.example', undefined, { install_software: 'WORDPRESS', software_protocol: 'gopher://' as never }),
          row('e.example', undefined, { software_preset: 'nope' }),
        ],
      }),
      400,
    );
    expect(error.body.fields).toEqual({
      'domains.0.domain': 'Please enter a valid domain name, like example.com!',
      'domains.1.group': 'Unknown domain group.',
      'domains.2.hosting_account': 'Please select a hosting account!',
      'domains.3.install_software': 'Only WordPress can be installed here.',
      'domains.4.software_protocol': 'Please choose a protocol!',
      'domains.5.software_preset': 'Unknown software preset.',
    });
    expect((await listDomains(t.client(demo), { group })).total).toBe(before);
  });

  it("refuses another company's group, account and preset, and an account that is not ACTIVE, naming the row", async () => {
    const { db } = database;
    const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [theirGroup] = await db.select().from(domainGroups).where(eq(domainGroups.companyGuid, bluebird!.guid)).limit(1);
    const [theirAccount] = await db.select().from(hostingAccounts).where(eq(hostingAccounts.companyGuid, bluebird!.guid)).limit(1);
    const [inactive] = await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), ne(hostingAccounts.status, 'ACTIVE')))
      .limit(1);
    const ip = free.find((f) => f.left > 1)!.guid;
    const error = await refusal(
      addDomains(t.client(demo), {
        domains: [
          row('their-group.example', ip, { group: theirGroup!.guid }),
          row('their-account.example', ip, { hosting_account: theirAccount!.guid }),
          row('inactive-account.example', ip, { hosting_account: inactive!.guid }),
          row('no-preset.example', ip, { install_software: 'WORDPRESS', software_preset: crypto.randomUUID() }),
        ],
      }),
      400,
    );
    expect(error.body.fields).toEqual({
      'domains.0.group': 'Domain group not found.',
      'domains.1.hosting_account': 'Hosting account not found.',
      'domains.2.hosting_account': 'Only an ACTIVE hosting account can be chosen.',
      'domains.3.software_preset': 'Unknown software preset.',
    });
    expect(
      await db
        .select()
        .from(domains)
        .where(inArray(domains.domain, ['their-group.example', 'their-account.example', 'inactive-account.example', 'no-preset.example'])),
    ).toEqual([]);
  });

  it('refuses an address outside the IP groups the domain group allows', async () => {
    const { db } = database;
    const ips = await db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, demo.company), eq(ipAddresses.status, 'ACTIVE')));
    const outside = ips.find((i) => i.groupGuid !== ips[0]!.groupGuid)!;
    const narrow = (await createDomainGroup(t.client(demo), { name: 'Narrow', default_hosting_account: account, ip_address_groups: [ips[0]!.groupGuid] })).group.guid;
    const error = await refusal(addDomains(t.client(demo), { domains: [row('outside.example', outside.guid, { group: narrow })] }), 400);
    expect(error.body.fields).toEqual({ 'domains.0.ip_address': `${outside.ipAddress} is not in an IP group this domain group may use.` });
  });

  it('lists at most 50 row sentences, then says how many more', async () => {
    const [existing] = await database.db.select().from(domains).where(eq(domains.companyGuid, demo.company)).limit(1);
    const error = await refusal(addDomains(t.client(demo), { domains: Array.from({ length: 52 }, () => row(existing!.domain, free[0]!.guid)) }), 400);
    expect(error.body.errors).toHaveLength(51);
    expect(error.body.errors[0]).toBe(`${existing!.domain}: This domain is already added.`);
    expect(error.body.errors[1]).toBe(`${existing!.domain}: This domain is listed twice.`);
    expect(error.body.errors.at(-1)).toBe('And 2 more.');
  });
});
