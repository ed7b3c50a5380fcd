import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from 'node:dns/promises';
import { and, eq } from 'drizzle-orm';
import { addDnsRecord, deleteDnsRecord, exportZoneFile, getDnsZone, importZoneFile, restoreDnsZone, updateDnsRecord, zoneHistory } from '../../src/lib/requests/dns-zone';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsZones, domains } from '../../src/server/db/schema/index';
import { startDnsServer, type DnsHandle } from '../../src/server/dns/server';
import { openSeededApp, type TestApp } from './helpers/app';
import { settledResolver } from './helpers/dns';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let dns: DnsHandle;
let resolver: Resolver;
let target: { guid: string; domain: string };
let foreign: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  dns = await startDnsServer(database, { port: 0, host: '127.0.0.1' });
  resolver = settledResolver(dns);
  const [row] = await database.db
    .select({ guid: domains.guid, domain: domains.domain })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE'), eq(domains.isSubdomain, false)))
    .limit(1);
  target = row!;
  const [other] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await database.db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await dns.close();
  await t.deps.jobs.stop();
  await database.close();
});

describe('the DNS zone (spec part 2, 2.6 and 7.4) and the DNS server answering it', () => {
  it('adds a record the server answers at once, with a new serial', async () => {
    const before = await getDnsZone(t.client(demo), target.guid);
    expect(before.records.SOA.nameserver).toBeTruthy();
    const answer = await addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'shop', value: '203.0.113.7\n203.0.113.8\n', ttl: 3600 });
    expect(answer.message).toBe('DNS record successfully created!');
    expect(answer.zone.records.A.find((r) => r.name === 'shop')).toEqual({ name: 'shop', records: ['203.0.113.7', '203.0.113.8'], ttl: 3600 });
    expect(answer.zone.records.SOA.serial).toBeGreaterThan(before.records.SOA.serial);
    expect((await resolver.resolve4(`shop.${target.domain}`)).sort()).toEqual(['203.0.113.7', '203.0.113.8']);
    const soa = await resolver.resolveSoa(target.domain);
    expect(soa.serial).toBe(answer.zone.records.SOA.serial);
  });

  it('changes and deletes a record, and the server follows', async () => {
    const changed = await updateDnsRecord(t.client(demo), target.guid, { type: 'A', old_name: 'shop', name: 'store', value: '203.0.113.9', ttl: 7200 });
    expect(changed.message).toBe('DNS record successfully updated!');
    expect(await resolver.resolve4(`store.${target.domain}`)).toEqual(['203.0.113.9']);
    await expect(resolver.resolve4(`shop.${target.domain}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await addDnsRecord(t.client(demo), target.guid, { type: 'MX', name: 'store', value: '5 mx.example.net', ttl: 3600 });
    expect((await resolver.resolveMx(`store.${target.domain}`)).map(({ priority, exchange }) => ({ priority, exchange }))).toEqual([{ priority: 5, exchange: 'mx.example.net' }]);
    await addDnsRecord(t.client(demo), target.guid, { type: 'TXT', name: 'store', value: 'hello world', ttl: 3600 });
    expect(await resolver.resolveTxt(`store.${target.domain}`)).toEqual([['hello world']]);
    const deleted = await deleteDnsRecord(t.client(demo), target.guid, 'A', 'store');
    expect(deleted.message).toBe('DNS record successfully deleted!');
    expect(await resolver.resolve4(`store.${target.domain}`).catch((e: { code: string }) => e.code)).toBe('ENODATA');
    await expect(resolver.resolve4('nothing.example.invalid')).rejects.toMatchObject({ code: 'EREFUSED' });
  });

  it('says what is wrong in the words of section 5', async () => {
    const fields = async (body: Parameters<typeof addDnsRecord>[2]) => (await refusal(addDnsRecord(t.client(demo), target.guid, body), 400)).body.fields;
    expect(await fields({ type: 'A', name: 'x', value: ' \n ', ttl: 3600 })).toEqual({ value: "Please enter DNS record's value!" });
    expect(await fields({ type: 'A', name: 'x', value: '1.2.3.4', ttl: 3600.5 })).toEqual({ ttl: 'TTL must be a full number!' });
    expect(await fields({ type: 'A', name: 'x', value: '1.2.3.4', ttl: 600 })).toEqual({ ttl: 'Please enter a TTL value between 3600 and 592200!' });
    expect(await fields({ type: 'A', name: 'a b', value: '1.2.3.4', ttl: 3600 })).toEqual({ name: "The name can hold only a-z, 0-9, '.' and '-' (blank is the domain itself)." });
    expect(await fields({ type: 'SOA', name: '', value: 'ns1.x hostmaster.x 1 2 3 4 5', ttl: 3600 })).toEqual({ type: 'An SOA record cannot be added: edit the existing one.' });
    expect(await fields({ type: 'A', name: 'x', value: 'not-an-ip', ttl: 3600 })).toEqual({ value: 'not-an-ip is not an IPv4 address.' });
  });

  it('keeps every change in the history, with its diff, and restores an earlier version as a change of its own', async () => {
    const history = await zoneHistory(t.client(demo), target.guid, { per_page: 100 });
    expect(history.data.map((v) => v.summary).slice(0, 5)).toEqual(['Deleted A store', 'Added TXT store', 'Added MX store', 'Changed A shop to store', 'Added A shop']);
    expect(history.data.at(-1)!.summary).toBe('The zone before its first recorded change');
    expect(history.data[0]!.changed_by?.email).toBe('demo@hostdeck.test');
    expect(history.data[0]!.diff.removed).toEqual(['A store 7200 203.0.113.9']);
    const restored = await restoreDnsZone(t.client(demo), target.guid, history.data.find((v) => v.summary === 'Added A shop')!.version);
    expect(restored.message).toBe('DNS zone successfully restored!');
    expect(restored.zone.records.A.find((r) => r.name === 'shop')?.records).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(restored.zone.records.MX.find((r) => r.name === 'store')).toBeUndefined();
    expect((await zoneHistory(t.client(demo), target.guid)).data[0]!.summary).toMatch(/^Restored version \d+$/);
    expect((await resolver.resolve4(`shop.${target.domain}`)).sort()).toEqual(['203.0.113.7', '203.0.113.8']);
  });

  it('exports the zone as a BIND file, previews an edited file with its bad lines, and imports it', async () => {
    const file = await exportZoneFile(t.client(demo), target.guid);
    expect(file.filename).toMatch(/\.zone$/);
    const text = new TextDecoder().decode(file.body);
    expect(text).toContain(`$ORIGIN ${target.domain}.`);
    expect(text).toMatch(/shop\s.*A\s+203\.0\.113\.7/);

    const bad = `${text}\nblog\t3600\tIN\tA\t198.51.100.4\nbroken\t3600\tIN\tA\t999.1.1.1\n`;
    const preview = await importZoneFile(t.client(demo), target.guid, { zone_file: bad });
    expect(preview.added).toEqual(['A blog 3600 198.51.100.4']);
    expect(preview.removed).toEqual([]);
    expect(preview.errors).toEqual([{ line: bad.split('\n').findIndex((l) => l.includes('999.1.1.1')) + 1, message: '999.1.1.1 is not an IPv4 address.' }]);
    expect(preview.zone).toBeNull();
    await refusal(importZoneFile(t.client(demo), target.guid, { zone_file: bad, apply: true }), 400);

    const good = `${text}\nblog\t3600\tIN\tA\t198.51.100.4\n`;
    const applied = await importZoneFile(t.client(demo), target.guid, { zone_file: good, apply: true });
    expect(applied.message).toBe('DNS zone successfully imported!');
    expect(applied.zone?.records.A.find((r) => r.name === 'blog')?.records).toEqual(['198.51.100.4']);
    expect(await resolver.resolve4(`blog.${target.domain}`)).toEqual(['198.51.100.4']);
    expect((await zoneHistory(t.client(demo), target.guid)).data[0]!.summary).toBe('Imported a zone file (1 added, 0 removed)');
  });

  it('answers 409 for a zone not provisioned, and 404 for another company', async () => {
    await database.db.update(dnsZones).set({ status: 'PENDING' }).where(eq(dnsZones.domainGuid, target.guid));
    expect((await refusal(getDnsZone(t.client(demo), target.guid), 409)).body.errors).toEqual(['DNS zone is not available, yet!']);
    await database.db.update(dnsZones).set({ status: 'ACTIVE' }).where(eq(dnsZones.domainGuid, target.guid));
    await refusal(getDnsZone(t.client(demo), foreign), 404);
    await refusal(addDnsRecord(t.client(demo), foreign, { type: 'A', name: 'x', value: '1.2.3.4', ttl: 3600 }), 404);
  });
});

describe('the DNS messages of section 5 not met above, and records that clash', () => {
  const fields = async (promise: Promise<unknown>, status = 400) => (await refusal(promise, status)).body.fields;
  const zoneNow = () => getDnsZone(t.client(demo), target.guid);

  it('answers each value problem beside its field, writing nothing', async () => {
    const before = await zoneNow();
    const add = (body: Record<string, unknown>) => fields(addDnsRecord(t.client(demo), target.guid, { name: 'x', ttl: 3600, ...body } as never));
    expect(await add({ type: 'AAAA', value: '::1' })).toEqual({ type: 'Please choose a record type!' });
    expect(await add({ type: 'CNAME', value: 'not a host' })).toEqual({ value: 'not a host is not a host name.' });
    expect(await add({ type: 'MX', value: 'mail.example.com' })).toEqual({
      value: 'mail.example.com is not a mail server: write its priority and host, like "10 mail.example.com".',
    });
    expect(await add({ type: 'TXT', value: 'x'.repeat(2049) })).toEqual({ value: 'A TXT value can be at most 2048 characters long.' });
    expect(await add({ type: 'TXT', value: 'x'.repeat(20_001) })).toEqual({ value: 'The value is too long.' });
    const soa = (value: string) => fields(updateDnsRecord(t.client(demo), target.guid, { type: 'SOA', old_name: '', name: '', value, ttl: 3600 }));
    expect(await soa('ns1.example.com hostmaster.example.com 1 2 3')).toEqual({ value: 'An SOA value has 7 parts: nameserver, email, serial, refresh, retry, expire and ttl.' });
    expect(await soa('ns1.example.com hostmaster.example.com 1 2 three 4 5')).toEqual({ value: 'The serial, refresh, retry, expire and ttl of an SOA record are whole numbers.' });
    expect(await zoneNow()).toEqual(before);
  });

  it('refuses a second set of a type at a name, and a CNAME beside other records', async () => {
    await addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'clash', value: '203.0.113.20', ttl: 3600 });
    await addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'other', value: '203.0.113.21', ttl: 3600 });
    const before = await zoneNow();
    const again = await refusal(addDnsRecord(t.client(demo), target.guid, { type: 'A', name: 'clash', value: '203.0.113.22', ttl: 3600 }), 409);
    expect(again.body.errors).toEqual(['There is a A record for clash already: edit it to add values.']);
    expect(again.body.fields).toEqual({ name: 'There is a A record for clash already: edit it to add values.' });
    expect(await fields(addDnsRecord(t.client(demo), target.guid, { type: 'CNAME', name: 'clash', value: 'example.com', ttl: 3600 }), 409)).toEqual({
      name: 'clash cannot have a CNAME record and other records.',
    });
    expect(await fields(updateDnsRecord(t.client(demo), target.guid, { type: 'A', old_name: 'clash', name: 'other', value: '203.0.113.20', ttl: 3600 }), 409)).toEqual({
      name: 'There is a A record for other already.',
    });
    expect(await zoneNow()).toEqual(before);
  });

  it('answers 404 for a record, a version or a domain that is not there, and keeps the SOA record', async () => {
    expect(
      (await refusal(updateDnsRecord(t.client(demo), target.guid, { type: 'A', old_name: 'nothing-here', name: 'nothing-here', value: '203.0.113.1', ttl: 3600 }), 404)).body
        .errors,
    ).toEqual(['DNS record not found.']);
    expect((await refusal(deleteDnsRecord(t.client(demo), target.guid, 'A', 'nothing-here'), 404)).body.errors).toEqual(['DNS record not found.']);
    expect((await refusal(deleteDnsRecord(t.client(demo), target.guid, 'SOA', '@'), 409)).body.errors).toEqual(['The SOA record cannot be deleted: every zone has one.']);
    expect((await refusal(restoreDnsZone(t.client(demo), target.guid, 999_999), 404)).body.errors).toEqual(['Version not found.']);
    for (const call of [
      () => updateDnsRecord(t.client(demo), foreign, { type: 'A', old_name: 'x', name: 'x', value: '203.0.113.1', ttl: 3600 }),
      () => deleteDnsRecord(t.client(demo), foreign, 'A', 'x'),
      () => zoneHistory(t.client(demo), foreign),
      () => restoreDnsZone(t.client(demo), foreign, 1),
      () => exportZoneFile(t.client(demo), foreign),
      () => importZoneFile(t.client(demo), foreign, { zone_file: 'x' }),
    ]) {
      expect((await refusal(call(), 404)).body.errors).toEqual(['Domain not found.']);
    }
  });

  it('checks the zone file import: something pasted, within its limit, apply a boolean, and no bad line when applied', async () => {
    const before = await zoneNow();
    const imported = (body: Record<string, unknown>) => fields(importZoneFile(t.client(demo), target.guid, body as never));
    expect(await imported({ zone_file: '' })).toEqual({ zone_file: 'Please paste a zone file!' });
    expect(await imported({})).toEqual({ zone_file: 'Please paste a zone file!' });
    expect(await imported({ zone_file: 'x'.repeat(500_001) })).toEqual({ zone_file: 'A zone file can be at most 500,000 characters long.' });
    expect(await imported({ zone_file: 'x', apply: 'yes' })).toEqual({ apply: 'Apply must be true or false.' });
    expect(await imported({ zone_file: 'x', confirm_removals: 1 })).toEqual({ confirm_removals: 'Confirm removals must be true or false.' });
    const bad = await refusal(importZoneFile(t.client(demo), target.guid, { zone_file: 'broken\t3600\tIN\tA\t999.1.1.1\n', apply: true }), 400);
    expect(bad.body.errors).toEqual(['The zone file has lines that cannot be imported: mend them, then import again.']);
    expect(await zoneNow()).toEqual(before);
  });
});

describe('zone files read as BIND reads them, and an import that never empties a zone by accident (issue 31)', () => {
  const origin = () => `$ORIGIN ${target.domain}.`;
  const preview = (zone_file: string) => importZoneFile(t.client(demo), target.guid, { zone_file });
  const zoneNow = () => getDnsZone(t.client(demo), target.guid);

  it('gives records without a TTL of their own the $TTL of the file (issue 31, 1)', async () => {
    const answer = await preview(`${origin()}\n$TTL 7200\n@ IN A 1.2.3.4\n`);
    expect(answer.errors).toEqual([]);
    expect(answer.added).toEqual(['A @ 7200 1.2.3.4']);
  });

  it('completes relative names in data with $ORIGIN, and the DNS server answers them so (issue 31, 2)', async () => {
    const file = `${origin()}\n$TTL 3600\n@ IN NS ns1.hostdeck.test.\nportal IN CNAME shop\nshop IN A 192.0.2.70\n@ IN MX 20 mail\nmail IN A 192.0.2.71\n`;
    const answer = await preview(file);
    expect(answer.errors).toEqual([]);
    expect(answer.added).toEqual(expect.arrayContaining([`CNAME portal 3600 shop.${target.domain}`, `MX @ 3600 20 mail.${target.domain}`]));
    const applied = await importZoneFile(t.client(demo), target.guid, { zone_file: file, apply: true, confirm_removals: true });
    expect(applied.zone?.records.CNAME).toEqual([{ name: 'portal', records: [`shop.${target.domain}`], ttl: 3600 }]);
    expect(await resolver.resolveCname(`portal.${target.domain}`)).toEqual([`shop.${target.domain}`]);
    expect((await resolver.resolveMx(target.domain)).map((m) => m.exchange)).toEqual([`mail.${target.domain}`]);
  });

  it('keeps every character of a TXT value: escapes, several strings, a DKIM key in parentheses (issue 31, 3)', async () => {
    const key = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwJ7bTfZ2sN4RvQ8eYk3Gm1xq5LwCn0uP9hVb6dJtXa2KcR4oPzE8WfS1iM7yU3lH';
    const file = [
      origin(),
      '$TTL 3600',
      '@ IN NS ns1.hostdeck.test.',
      'hi IN TXT "say \\"hi\\""',
      'slogan IN TXT "fast sites, \\"happy clients\\""',
      'two IN TXT "a" "b"',
      `mail._domainkey IN TXT ( "v=DKIM1; k=rsa; "\n\t"p=${key.slice(0, 60)}"\n\t"${key.slice(60)}" )`,
      'path IN TXT "C:\\\\sites \\065\\066 caf\\195\\169"',
      '',
    ].join('\n');
    const answer = await preview(file);
    expect(answer.errors).toEqual([]);
    const applied = await importZoneFile(t.client(demo), target.guid, { zone_file: file, apply: true, confirm_removals: true });
    const txt = Object.fromEntries(applied.zone!.records.TXT.map((s) => [s.name, s.records]));
    expect(txt).toEqual({ hi: ['say "hi"'], slogan: ['fast sites, "happy clients"'], two: ['ab'], 'mail._domainkey': [`v=DKIM1; k=rsa; p=${key}`], path: ['C:\\sites AB café'] });
    // The export writes each value back so that it reads as the same value.
    const exported = new TextDecoder().decode((await exportZoneFile(t.client(demo), target.guid)).body);
    expect(exported).toContain('"say \\"hi\\""');
    const again = await preview(exported);
    expect([again.errors, again.added, again.removed]).toEqual([[], [], []]);
  });

  it('refuses a text that does not read as a zone file, in preview and apply, and the zone stays (issue 31, 4)', async () => {
    const before = await zoneNow();
    const unclosed = `${origin()}\n$TTL 3600\n@ IN SOA ns1.hostdeck.test. hostmaster.${target.domain}. (\n  2024010101 3600 900 1209600 300\nwww IN A 192.0.2.1\n`;
    for (const apply of [false, true]) {
      const refused = await refusal(importZoneFile(t.client(demo), target.guid, { zone_file: unclosed, apply, confirm_removals: true }), 400);
      expect(refused.body).toMatchObject({
        code: 'zone_file_unreadable',
        errors: ['Line 3: The parenthesis opened on this line is never closed, so the file cannot be read past it.'],
      });
    }
    const letter = await refusal(preview('Dear support,\n\nplease move my domain to the new server.\n'), 400);
    expect(letter.body.errors).toEqual(['Line 1: support, is not a record type, so this line is no record.', 'Line 3: move is not a record type, so this line is no record.']);
    expect((await refusal(preview('; nothing but a comment\n\n'), 400)).body.errors).toEqual(['The text holds no records, so it is not a zone file.']);
    expect(await zoneNow()).toEqual(before);
  });

  it('applies a file that removes more records than it adds only when the removals are confirmed (issue 31, 4)', async () => {
    const before = await zoneNow();
    const file = `${origin()}\n$TTL 3600\nonly IN A 192.0.2.99\n`;
    const answer = await preview(file);
    expect(answer.added).toEqual(['A only 3600 192.0.2.99']);
    expect(answer.removed.length).toBeGreaterThan(1);
    const refused = await refusal(importZoneFile(t.client(demo), target.guid, { zone_file: file, apply: true }), 409);
    expect(refused.body.code).toBe('removals_not_confirmed');
    expect(refused.body.errors).toEqual([`This zone file removes ${answer.removed.length} records and adds 1: please confirm the removals.`]);
    expect(await zoneNow()).toEqual(before);
    const applied = await importZoneFile(t.client(demo), target.guid, { zone_file: file, apply: true, confirm_removals: true });
    expect(applied.zone?.records.A).toEqual([{ name: 'only', records: ['192.0.2.99'], ttl: 3600 }]);
    // Adding as many as it removes needs no confirmation.
    const back = await importZoneFile(t.client(demo), target.guid, { zone_file: `${origin()}\n$TTL 3600\nother IN A 192.0.2.98\n`, apply: true });
    expect(back.message).toBe('DNS zone successfully imported!');
  });

  it('names the line each bad record starts on, whatever other lines hold its value (issue 31, 5)', async () => {
    const file = [
      origin(),
      '$TTL 3600',
      '; 999.1.1.1 was the old address',
      'a IN TXT "999.1.1.1"',
      'b IN A (',
      '    999.1.1.1 )',
      'c IN A 999.1.1.1',
      '@ 60 IN MX 10  mail.example.net.',
      'ipv6 IN AAAA 2001:db8::1',
      '',
    ].join('\n');
    expect((await preview(file)).errors).toEqual([
      { line: 5, message: '999.1.1.1 is not an IPv4 address.' },
      { line: 7, message: '999.1.1.1 is not an IPv4 address.' },
      { line: 8, message: 'MX @: Please enter a TTL value between 3600 and 592200!' },
      { line: 9, message: 'AAAA records are not edited here; remove them from the file.' },
    ]);
  });
});
