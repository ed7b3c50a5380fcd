import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { getDomain } from '../../src/lib/requests/domains';
import { getSoftware, installSoftware, installSsl, listSoftware, revealSoftwarePassword, uninstallSoftware, uninstallSsl } from '../../src/lib/requests/domain-software';
import type { InstallSoftware } from '../../src/lib/schemas/domain-software';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domains, hostingAccounts, softwareInstallations } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { CERTIFICATE_ISSUER } from '../../src/server/services/certificate-issuer';
import { openSeededApp, type TestApp } from './helpers/app';
import { customHostDomain } from './helpers/domain-picks';
import { openTaskStream, refusal, taskFinished } from './helpers/outcomes';
import { listGroupTasks } from '../../src/lib/requests/tasks';
import { SSL_REQUEST_PENDING } from '../../src/server/services/ssl-requests';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** An ACTIVE domain on shared hosting without certificate or software, whose zone points at its address. */
let target: { guid: string; domain: string; group: string };
let foreign: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const candidates = await db
    .select({ guid: domains.guid, domain: domains.domain, group: domains.groupGuid })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(
      and(
        eq(domains.companyGuid, demo.company),
        eq(domains.status, 'ACTIVE'),
        isNull(domains.sslStatus),
        eq(domains.isSubdomain, false),
        eq(hostingAccounts.accountType, 'SHARED_HOSTING'),
        isNull(softwareInstallations.guid),
        eq(dnsZones.status, 'ACTIVE'),
      ),
    );
  target = candidates[0]!;
  // The zone as the provider sets it: the domain and www on the assigned address.
  const [row] = await db.select({ ip: domains.ipAddressGuid }).from(domains).where(eq(domains.guid, target.guid));
  expect(row!.ip).not.toBeNull();
  const [other] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

const finished = (task: string) => taskFinished(t, demo, target.group, task);

const form = (extra: Partial<InstallSoftware> = {}): InstallSoftware => ({
  software: 'WORDPRESS',
  language: 'de',
  protocol: 'https://',
  install_directory: '/blog/',
  admin_username: 'Brave-Otter 42',
  admin_password: 'A-long-password!1',
  admin_email: 'Owner@Example.com',
  website_name: 'My blog',
  website_description: 'Notes',
  ...extra,
});

describe("SSL certificate (spec part 2, 2.5 'Install SSL Certificate')", () => {
  it('waits while the domain resolves elsewhere, saying so, and issues once the DNS server answers the assigned address', async () => {
    const { db } = database;
    const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.domainGuid, target.guid));
    const ip = (await getDomain(t.client(demo), target.guid)).ip_address!.ip_address;
    const apex = and(eq(dnsRecords.zoneGuid, zone!.guid), eq(dnsRecords.type, 'A'), eq(dnsRecords.name, ''));
    await db.delete(dnsRecords).where(apex);
    await db.insert(dnsRecords).values({ zoneGuid: zone!.guid, type: 'A', name: '', value: '203.0.113.9' });

    const stream = await openTaskStream(t, demo);
    let answer: Awaited<ReturnType<typeof installSsl>>;
    try {
      answer = await installSsl(t.client(demo), target.guid, {});
      await stream.next(answer.task.guid, 'the certificate item to wait for the DNS (RETRYING)', (event) => event.item?.status === 'RETRYING');
    } finally {
      await stream.close();
    }
    const task = (await listGroupTasks(t.client(demo), target.group, { per_page: 100 })).data.find((x) => x.guid === answer.task.guid);
    expect(task?.items.find((item) => item.status === 'RETRYING')?.error).toBe(
      `Waiting for ${target.domain} to resolve to its assigned IP address ${ip} (it resolves to 203.0.113.9).`,
    );
    expect((await getDomain(t.client(demo), target.guid)).ssl_certificate).toMatchObject({ status: 'PENDING' });
    // While it waits, the same request again is answered with it (a double click); another is refused, not dropped.
    expect((await installSsl(t.client(demo), target.guid, {})).task.guid).toBe(answer.task.guid);
    expect((await refusal(installSsl(t.client(demo), target.guid, { include_www_subdomain: true }), 409)).body.errors).toEqual([SSL_REQUEST_PENDING]);

    await db.update(dnsRecords).set({ value: ip }).where(apex);
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    expect((await getDomain(t.client(demo), target.guid)).ssl_certificate).toMatchObject({ status: 'ACTIVE' });
    await finished((await uninstallSsl(t.client(demo), target.guid)).task.guid);
  });

  it("issues a Let's Encrypt certificate once the zone points at the address, and removes it", async () => {
    const { db } = database;
    const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.domainGuid, target.guid));
    const ip = (await getDomain(t.client(demo), target.guid)).ip_address!.ip_address;
    await db.delete(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone!.guid), eq(dnsRecords.type, 'A'), eq(dnsRecords.name, '')));
    await db.insert(dnsRecords).values({ zoneGuid: zone!.guid, type: 'A', name: '', value: ip });
    await db.delete(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone!.guid), eq(dnsRecords.name, 'www')));

    // With www asked for and no www record, the step says why it cannot.
    const withWww = await installSsl(t.client(demo), target.guid, { include_www_subdomain: true });
    const failed = await finished(withWww.task.guid);
    expect(failed.status).toBe('FAILURE');
    expect(failed.items[0]!.error).toBe(`www.${target.domain} has no DNS record, so the certificate cannot include it. Add the record, then request the certificate again.`);
    // A request that failed is no longer shown as pending.
    expect((await getDomain(t.client(demo), target.guid)).ssl_certificate).toMatchObject({ status: 'FAILURE' });

    const answer = await installSsl(t.client(demo), target.guid, {});
    expect(answer.message).toBe("Let's Encrypt installation successfully scheduled!");
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    const issued = (await getDomain(t.client(demo), target.guid)).ssl_certificate!;
    expect(issued).toMatchObject({ status: 'ACTIVE', certificate_type: 'LETS_ENCRYPT', include_www_subdomain: false, issuer: CERTIFICATE_ISSUER.name });
    // Issued by the sandbox, for Let's Encrypt's 90 days.
    expect(Date.parse(issued.date_expires!) - Date.parse(issued.date_created!)).toBe(90 * 86_400_000);
    expect((await refusal(installSsl(t.client(demo), target.guid, {}))).body.errors).toEqual(['An SSL certificate is installed already.']);

    const removed = await uninstallSsl(t.client(demo), target.guid);
    expect(removed.message).toBe('SSL certificate update successfully scheduled!');
    await finished(removed.task.guid);
    expect((await getDomain(t.client(demo), target.guid)).ssl_certificate).toBeNull();
    expect((await refusal(uninstallSsl(t.client(demo), target.guid))).body.errors).toEqual(['SSL certificate not installed!']);
  });

  it("offers only Let's Encrypt", async () => {
    const error = await refusal(installSsl(t.client(demo), target.guid, { is_lets_encrypt: false as true }));
    expect(error.body.fields).toEqual({ is_lets_encrypt: "Only Let's Encrypt certificates can be requested." });
  });
});

describe('software (spec part 2, 2.5 "Install Software", "Software Info")', () => {
  it('lists the software with its languages', async () => {
    const { data } = await listSoftware(t.client(demo), target.guid);
    expect(data.find((s) => s.key === 'WORDPRESS')?.languages).toContain('de');
  });

  it('installs WordPress from the form, shows it, reveals the password for the account password, and uninstalls it', async () => {
    const answer = await installSoftware(t.client(demo), target.guid, form());
    expect(answer.message).toBe('Software installation successfully scheduled!');
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    const info = await getSoftware(t.client(demo), target.guid);
    expect(info).toMatchObject({
      key: 'WORDPRESS',
      status: 'ACTIVE',
      language: 'de',
      install_directory: 'blog',
      username: 'braveotter42',
      admin_email: 'owner@example.com',
      has_password: true,
    });
    const [row] = await database.db.select().from(softwareInstallations).where(eq(softwareInstallations.domainGuid, target.guid));
    expect(row!.adminPasswordSecret).not.toContain('A-long-password');

    expect((await refusal(revealSoftwarePassword(t.client(demo), target.guid, 'wrong'))).body.fields).toEqual({ password: 'The password is not correct.' });
    expect((await refusal(revealSoftwarePassword(t.client(demo), target.guid, ''))).body.fields).toEqual({ password: "Please enter your account's password!" });
    expect(await revealSoftwarePassword(t.client(demo), target.guid, DEMO_PASSWORD)).toEqual({ data: { password: 'A-long-password!1' } });
    expect((await refusal(installSoftware(t.client(demo), target.guid, form()))).body.errors).toEqual(['Software is installed on this domain already.']);

    const removed = await uninstallSoftware(t.client(demo), target.guid);
    expect(removed.message).toBe('Software update successfully scheduled!');
    await finished(removed.task.guid);
    expect((await refusal(getSoftware(t.client(demo), target.guid))).body.errors).toEqual(['Software is not installed!']);
  });

  it('checks the form with the spec rules', async () => {
    const error = await refusal(
      installSoftware(
        t.client(demo),
        target.guid,
        form({ software: '', admin_username: '!!', admin_password: 'short', admin_email: 'nope', website_name: ' ', install_directory: '../etc' }),
      ),
    );
    expect(error.body.fields).toEqual({
      software: 'Please choose the software!',
      admin_username: 'The admin username needs at least 3 letters or digits.',
      admin_password: 'The admin password needs at least 12 characters.',
      admin_email: 'Please enter a valid email address!',
      website_name: 'Please enter the website name!',
      install_directory: "The install directory can hold letters, digits, '-', '_', '.' and '/' only.",
    });
    expect((await refusal(installSoftware(t.client(demo), target.guid, form({ language: 'xx' })))).body.fields).toEqual({ language: 'Please choose a language!' });
  });

  it("says when no password is kept, and hides other companies' domains", async () => {
    const [wizardInstalled] = await database.db
      .select({ domain: softwareInstallations.domainGuid })
      .from(softwareInstallations)
      .where(and(eq(softwareInstallations.companyGuid, demo.company), isNull(softwareInstallations.adminPasswordSecret)))
      .limit(1);
    if (wizardInstalled) expect((await refusal(revealSoftwarePassword(t.client(demo), wizardInstalled.domain, DEMO_PASSWORD))).body.errors).toEqual(['Password is unavailable!']);
    for (const call of [() => getSoftware(t.client(demo), foreign), () => installSsl(t.client(demo), foreign, {}), () => listSoftware(t.client(demo), foreign)])
      expect((await refusal(call())).status).toBe(404);
  });
});

describe('software and SSL refusals', () => {
  const demoClient = () => t.client(demo);

  it('answers each missing or wrong field of the install form beside it, installing nothing', async () => {
    const fields = async (extra: Record<string, unknown>) => (await refusal(installSoftware(demoClient(), target.guid, form(extra as Partial<InstallSoftware>)), 400)).body.fields;
    expect(await fields({ protocol: 'ftp://' })).toEqual({ protocol: 'Please choose a protocol!' });
    expect(await fields({ admin_username: undefined })).toEqual({ admin_username: 'Please enter the admin username!' });
    expect(await fields({ admin_password: '' })).toEqual({ admin_password: 'Please enter the admin password!' });
    expect(await fields({ admin_password: 'x'.repeat(129) })).toEqual({ admin_password: 'The admin password can be at most 128 characters long.' });
    expect(await fields({ software: 'NO_SUCH_SOFTWARE' })).toEqual({ software: 'Please choose the software!' });
    expect((await refusal(installSsl(demoClient(), target.guid, { include_www_subdomain: 'yes' as never }), 400)).body.fields).toEqual({
      include_www_subdomain: 'Include www must be true or false.',
    });
    expect(await database.db.select().from(softwareInstallations).where(eq(softwareInstallations.domainGuid, target.guid))).toEqual([]);
  });

  it('says there is no software to uninstall or reveal, and no certificate to remove until it is installed', async () => {
    expect((await refusal(uninstallSoftware(demoClient(), target.guid), 409)).body.errors).toEqual(['Software is not installed!']);
    expect((await refusal(revealSoftwarePassword(demoClient(), target.guid, DEMO_PASSWORD), 409)).body.errors).toEqual(['Software is not installed!']);
    await database.db.update(domains).set({ sslStatus: 'PENDING' }).where(eq(domains.guid, target.guid));
    try {
      expect((await refusal(uninstallSsl(demoClient(), target.guid), 409)).body.errors).toEqual(['The SSL certificate can be removed once it is installed.']);
    } finally {
      await database.db.update(domains).set({ sslStatus: null }).where(eq(domains.guid, target.guid));
    }
  });

  it('uninstalls software only once it is ACTIVE', async () => {
    const [installed] = await database.db
      .select()
      .from(softwareInstallations)
      .innerJoin(domains, eq(domains.guid, softwareInstallations.domainGuid))
      .where(and(eq(domains.companyGuid, demo.company), eq(softwareInstallations.status, 'ACTIVE')))
      .limit(1);
    const row = installed!.software_installations;
    await database.db.update(softwareInstallations).set({ status: 'INSTALLING' }).where(eq(softwareInstallations.guid, row.guid));
    try {
      expect((await refusal(uninstallSoftware(demoClient(), row.domainGuid), 409)).body.errors).toEqual(['The software can be uninstalled once it is ACTIVE.']);
    } finally {
      await database.db.update(softwareInstallations).set({ status: 'ACTIVE' }).where(eq(softwareInstallations.guid, row.guid));
    }
  });

  it('refuses software on a custom host account', async () => {
    const custom = await customHostDomain(database.db, demo.company);
    expect((await refusal(installSoftware(demoClient(), custom, form()), 409)).body.errors).toEqual(['Software cannot be installed on a custom host account.']);
  });

  it('answers 409 busy while the domain is not ACTIVE', async () => {
    await database.db.update(domains).set({ status: 'UPDATING' }).where(eq(domains.guid, target.guid));
    try {
      const busy = ['The domain is busy (updating). Please wait until its current task finishes!'];
      expect((await refusal(installSsl(demoClient(), target.guid, {}), 409)).body.errors).toEqual(busy);
      expect((await refusal(installSoftware(demoClient(), target.guid, form()), 409)).body.errors).toEqual(busy);
    } finally {
      await database.db.update(domains).set({ status: 'ACTIVE' }).where(eq(domains.guid, target.guid));
    }
  });

  it("answers 404 for another company's domain in every software and SSL call", async () => {
    for (const call of [
      () => uninstallSsl(demoClient(), foreign),
      () => installSoftware(demoClient(), foreign, form()),
      () => uninstallSoftware(demoClient(), foreign),
      () => revealSoftwarePassword(demoClient(), foreign, DEMO_PASSWORD),
    ]) {
      expect((await refusal(call(), 404)).body.errors).toEqual(['Domain not found.']);
    }
  });
});
