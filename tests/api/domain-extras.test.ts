import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { DNS_ZONE_UNAVAILABLE } from '../../src/lib/api/dns-zone';
import { zoneHistory } from '../../src/lib/requests/dns-zone';
import { getDomain, getNotes, saveNotes } from '../../src/lib/requests/domains';
import { createForwarder, createSubdomain, deleteForwarder, listForwarders, listSubdomains } from '../../src/lib/requests/domain-extras';
import {
  EMAIL_ADDRESS_BEING_DELETED,
  EMAIL_ADDRESS_CHARACTERS,
  EMAIL_ADDRESS_CREATED,
  EMAIL_ADDRESS_DELETION_SCHEDULED,
  EMAIL_ADDRESS_DOTS,
  EMAIL_ADDRESS_EXISTS,
  EMAIL_TYPE_FORWARDER,
  ENTER_EMAIL_ADDRESS,
  ENTER_FORWARD_TO,
  ENTER_SUBDOMAIN,
  FORWARD_TO_INVALID,
  FORWARD_TO_ITSELF,
  SELECT_HOSTING_ACCOUNT,
  SELECT_IP_ADDRESS,
  SUBDOMAIN_CHARACTERS,
  SUBDOMAIN_CREATED,
  SUBDOMAIN_EXISTS,
  SUBDOMAIN_HYPHEN,
  SUBDOMAIN_WILDCARD_ALONE,
} from '../../src/lib/schemas/domain-extras';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroupIpGroups, domains, emailForwarders, hostingAccounts, ipAddresses } from '../../src/server/db/schema/index';
import { deleteDomain } from '../../src/lib/requests/domains';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal, taskFinished } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** An ACTIVE domain of the demo company with an ACTIVE zone and seeded subdomains. */
let parent: { guid: string; domain: string; group: string; zone: string };
let account: string;
/** An address of the company given room for the subdomains these tests add. */
let ip: { guid: string; ipAddress: string };
let foreignDomain: string;
let foreignIp: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const [withSub] = await db
    .select({ guid: domains.guid, domain: domains.domain, group: domains.groupGuid, zone: dnsZones.guid })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(
      and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE'), eq(domains.isSubdomain, false), eq(dnsZones.status, 'ACTIVE'), eq(dnsZones.dnsType, 'INTERNAL')),
    )
    .orderBy(domains.dateCreated)
    .limit(1);
  parent = withSub!;
  account = (
    await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE')))
      .limit(1)
  )[0]!.guid;
  const [address] = await db
    .select()
    .from(ipAddresses)
    .where(and(eq(ipAddresses.companyGuid, demo.company), eq(ipAddresses.status, 'ACTIVE')))
    .limit(1);
  await db.update(ipAddresses).set({ domainsAllowed: 100_000 }).where(eq(ipAddresses.guid, address!.guid));
  ip = { guid: address!.guid, ipAddress: address!.ipAddress };
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreignDomain = (
    await db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, bluebird!.guid), eq(domains.isSubdomain, false)))
      .limit(1)
  )[0]!.guid;
  foreignIp = (await db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, bluebird!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

const client = () => t.client(demo);
const finished = (task: string) => taskFinished(t, demo, parent.group, task);
const subdomainBody = (subdomain: unknown, extra: Record<string, unknown> = {}) =>
  ({ subdomain, ip_address: ip.guid, hosting_account: account, ...extra }) as Parameters<typeof createSubdomain>[2];

/** The subdomains of `guid` (the rows a refused creation must not have added). */
const subdomainsOf = (guid: string) => database.db.select({ guid: domains.guid }).from(domains).where(eq(domains.parentDomainGuid, guid));
/** The forwarders of `guid`'s domain. */
const forwardersOf = (guid: string) => database.db.select({ guid: emailForwarders.guid }).from(emailForwarders).where(eq(emailForwarders.domainGuid, guid));
/** The sentence a domain in `status` is refused with (services/domain-access.ts needsActive). */
const busySentence = (status: string) => `The domain is busy (${status}). Please wait until its current task finishes!`;

/**
 * Runs `use` with a domain of the demo company (in the parent's group, no DNS zone) made for
 * it, and removes the domain afterwards, so no test shares a changed domain with another.
 */
async function withDomain(values: { domain: string; status: string }, use: (guid: string) => Promise<void>): Promise<void> {
  const [row] = await database.db
    .insert(domains)
    .values({ companyGuid: demo.company, groupGuid: parent.group, ipAddressGuid: ip.guid, hostingAccountGuid: account, ...values })
    .returning({ guid: domains.guid });
  try {
    await use(row!.guid);
  } finally {
    await database.db.delete(domains).where(eq(domains.guid, row!.guid));
  }
}

/** The sentence the call was refused with for `field`. */
async function fieldRefusal(promise: Promise<unknown>, field: string): Promise<string | undefined> {
  const error = await refusal(promise, 400);
  return error.body.fields?.[field];
}

describe('GET and POST /domains/{guid}/subdomains/', () => {
  it('adds a subdomain as a task: its A record in the parent zone with a new serial, then ACTIVE', async () => {
    const [before] = await database.db.select().from(dnsZones).where(eq(dnsZones.guid, parent.zone));
    const answer = await createSubdomain(client(), parent.guid, subdomainBody('  Shop-2 '));
    expect(answer.message).toBe(SUBDOMAIN_CREATED);
    expect(answer.subdomain).toMatchObject({ domain: `shop-2.${parent.domain}`, status: 'PENDING', is_subdomain: true, parent_domain: parent.guid, hosting_type: 'SUBDOMAIN' });
    expect(answer.subdomain.group.guid).toBe(parent.group);
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');

    const [row] = await database.db.select().from(domains).where(eq(domains.guid, answer.subdomain.guid));
    expect(row).toMatchObject({ status: 'ACTIVE', isWildcard: false, ipAddressGuid: ip.guid, hostingAccountGuid: account });
    const records = await database.db
      .select()
      .from(dnsRecords)
      .where(and(eq(dnsRecords.zoneGuid, parent.zone), eq(dnsRecords.type, 'A'), eq(dnsRecords.name, 'shop-2')));
    expect(records.map((r) => r.value)).toEqual([ip.ipAddress]);
    const [after] = await database.db.select().from(dnsZones).where(eq(dnsZones.guid, parent.zone));
    expect(after!.soaSerial).toBeGreaterThan(before!.soaSerial);
    expect((await zoneHistory(client(), parent.guid, { per_page: 1 })).data[0]!.summary).toBe(`Added A shop-2 for the subdomain shop-2.${parent.domain}`);

    const listed = await listSubdomains(client(), parent.guid, { per_page: 100 });
    expect(listed.data[0]).toMatchObject({ guid: answer.subdomain.guid, status: 'ACTIVE' });
    expect(listed.data.every((d) => d.is_subdomain && d.parent_domain === parent.guid)).toBe(true);
    expect(listed.total).toBe(listed.data.length);
  });

  it("deletes a subdomain with its record in the parent's zone, so the zone no longer answers for it", async () => {
    const added = await createSubdomain(client(), parent.guid, subdomainBody('gone'));
    await finished(added.task.guid);
    const removed = await deleteDomain(client(), added.subdomain.guid);
    expect(removed.message).toBe('Domain deletion successfully scheduled!');
    expect((await finished(removed.task.guid)).status).toBe('COMPLETED');
    expect(
      await database.db
        .select()
        .from(dnsRecords)
        .where(and(eq(dnsRecords.zoneGuid, parent.zone), eq(dnsRecords.name, 'gone'))),
    ).toEqual([]);
    expect((await zoneHistory(client(), parent.guid, { per_page: 1 })).data[0]!.summary).toBe('Deleted the subdomain gone');
  });

  it("takes '*' as the wildcard subdomain", async () => {
    const answer = await createSubdomain(client(), parent.guid, subdomainBody('*', { is_wildcard: false }));
    expect(answer.subdomain.domain).toBe(`*.${parent.domain}`);
    await finished(answer.task.guid);
    const [row] = await database.db.select().from(domains).where(eq(domains.guid, answer.subdomain.guid));
    expect(row).toMatchObject({ status: 'ACTIVE', isWildcard: true });
  });

  it("answers each of the form's sentences beside its field", async () => {
    const api = client();
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody(undefined)), 'subdomain')).toBe(ENTER_SUBDOMAIN);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('  ')), 'subdomain')).toBe(ENTER_SUBDOMAIN);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('new_blog')), 'subdomain')).toBe(SUBDOMAIN_CHARACTERS);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('a.b')), 'subdomain')).toBe(SUBDOMAIN_CHARACTERS);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('shop*')), 'subdomain')).toBe(SUBDOMAIN_WILDCARD_ALONE);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('-shop')), 'subdomain')).toBe(SUBDOMAIN_HYPHEN);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('shop', { ip_address: '' })), 'ip_address')).toBe(SELECT_IP_ADDRESS);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('shop', { hosting_account: undefined })), 'hosting_account')).toBe(SELECT_HOSTING_ACCOUNT);
  });

  it('refuses an address or account not the companys, a full address and a name that exists', async () => {
    const api = client();
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('shop3', { ip_address: foreignIp })), 'ip_address')).toBe(SELECT_IP_ADDRESS);
    const [foreignAccount] = await database.db.select().from(hostingAccounts).where(ne(hostingAccounts.companyGuid, demo.company)).limit(1);
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('shop3', { hosting_account: foreignAccount!.guid })), 'hosting_account')).toBe(
      SELECT_HOSTING_ACCOUNT,
    );

    await database.db.update(ipAddresses).set({ domainsAllowed: 1 }).where(eq(ipAddresses.guid, ip.guid));
    try {
      expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody('shop3')), 'ip_address')).toBe(`No free website slot is left on ${ip.ipAddress}.`);
    } finally {
      await database.db.update(ipAddresses).set({ domainsAllowed: 100_000 }).where(eq(ipAddresses.guid, ip.guid));
    }

    const [existing] = await database.db.select().from(domains).where(eq(domains.parentDomainGuid, parent.guid)).limit(1);
    const label = existing!.domain.slice(0, -(parent.domain.length + 1));
    expect(await fieldRefusal(createSubdomain(api, parent.guid, subdomainBody(label.toUpperCase())), 'subdomain')).toBe(SUBDOMAIN_EXISTS);
  });

  it('refuses an is_wildcard that is not true or false, adding nothing', async () => {
    const before = await subdomainsOf(parent.guid);
    const error = await refusal(createSubdomain(client(), parent.guid, subdomainBody('flagged', { is_wildcard: 'yes' })), 400);
    expect(error.body.fields).toEqual({ is_wildcard: 'is_wildcard must be true or false.' });
    expect(await subdomainsOf(parent.guid)).toEqual(before);
  });

  it('refuses a hosting account of the company that is not ACTIVE, adding nothing', async () => {
    const [suspended] = await database.db
      .insert(hostingAccounts)
      .values({ companyGuid: demo.company, name: 'Suspended for the subdomain test', accountType: 'SHARED_HOSTING', status: 'SUSPENDED' })
      .returning({ guid: hostingAccounts.guid });
    try {
      const before = await subdomainsOf(parent.guid);
      const error = await refusal(createSubdomain(client(), parent.guid, subdomainBody('paused', { hosting_account: suspended!.guid })), 400);
      expect(error.body.fields).toEqual({ hosting_account: 'Only an ACTIVE hosting account can be chosen.' });
      expect(await subdomainsOf(parent.guid)).toEqual(before);
    } finally {
      await database.db.delete(hostingAccounts).where(eq(hostingAccounts.guid, suspended!.guid));
    }
  });

  it("refuses an address outside the IP groups the parent's domain group allows, adding nothing", async () => {
    const ips = await database.db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, demo.company), eq(ipAddresses.status, 'ACTIVE')));
    const [chosen] = ips.filter((i) => i.guid === ip.guid);
    const outside = ips.find((i) => i.groupGuid !== chosen!.groupGuid)!;
    const saved = await database.db.select().from(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, parent.group));
    await database.db.delete(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, parent.group));
    await database.db.insert(domainGroupIpGroups).values({ domainGroupGuid: parent.group, ipGroupGuid: chosen!.groupGuid });
    try {
      const before = await subdomainsOf(parent.guid);
      const error = await refusal(createSubdomain(client(), parent.guid, subdomainBody('outside', { ip_address: outside.guid })), 400);
      expect(error.body.fields).toEqual({ ip_address: `${outside.ipAddress} is not in an IP group this domain group may use.` });
      expect(await subdomainsOf(parent.guid)).toEqual(before);
    } finally {
      await database.db.delete(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, parent.group));
      if (saved.length) await database.db.insert(domainGroupIpGroups).values(saved);
    }
  });

  it('refuses a name the parent zone has a CNAME record for, adding nothing', async () => {
    const [cname] = await database.db
      .insert(dnsRecords)
      .values({ zoneGuid: parent.zone, type: 'CNAME', name: 'alias', value: 'elsewhere.example.' })
      .returning({ guid: dnsRecords.guid });
    try {
      const before = await subdomainsOf(parent.guid);
      const error = await refusal(createSubdomain(client(), parent.guid, subdomainBody('Alias')), 400);
      expect(error.body.fields).toEqual({ subdomain: 'The DNS zone has a CNAME record for alias: delete it before adding the subdomain.' });
      expect(await subdomainsOf(parent.guid)).toEqual(before);
      expect(
        await database.db
          .select({ type: dnsRecords.type })
          .from(dnsRecords)
          .where(and(eq(dnsRecords.zoneGuid, parent.zone), eq(dnsRecords.name, 'alias'))),
      ).toEqual([{ type: 'CNAME' }]);
    } finally {
      await database.db.delete(dnsRecords).where(eq(dnsRecords.guid, cname!.guid));
    }
  });

  it('refuses a subdomain whose full name would pass 253 characters, adding nothing', async () => {
    // 63 + 1 + 190: a label of the longest length under a 190-character parent makes 254.
    const long = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.test`;
    expect(long).toHaveLength(190);
    await withDomain({ domain: long, status: 'ACTIVE' }, async (guid) => {
      const error = await refusal(createSubdomain(client(), guid, subdomainBody('d'.repeat(63))), 400);
      expect(error.body.fields).toEqual({ subdomain: 'The full name of the subdomain can be at most 253 characters long.' });
      expect(await subdomainsOf(guid)).toEqual([]);
      // One character less fits the limit and reaches the next check (this domain has no zone).
      expect((await refusal(createSubdomain(client(), guid, subdomainBody('d'.repeat(62))), 409)).body.errors).toEqual([DNS_ZONE_UNAVAILABLE]);
    });
  });

  it('answers 409 while the parent has no live DNS zone, adding nothing', async () => {
    await withDomain({ domain: 'zoneless-parent.example', status: 'ACTIVE' }, async (guid) => {
      const error = await refusal(createSubdomain(client(), guid, subdomainBody('shop')), 409);
      expect(error.body.errors).toEqual([DNS_ZONE_UNAVAILABLE]);
      expect(await subdomainsOf(guid)).toEqual([]);
    });
    await withDomain({ domain: 'pending-zone-parent.example', status: 'ACTIVE' }, async (guid) => {
      await database.db
        .insert(dnsZones)
        .values({ companyGuid: demo.company, domainGuid: guid, status: 'PENDING', soaNameserver: 'ns1.hostdeck.test.', soaEmail: 'hostmaster.hostdeck.test.', soaSerial: 1 });
      expect((await refusal(createSubdomain(client(), guid, subdomainBody('shop')), 409)).body.errors).toEqual([DNS_ZONE_UNAVAILABLE]);
      expect(await subdomainsOf(guid)).toEqual([]);
    });
  });

  it('answers 409 busy while the parent is not ACTIVE, adding nothing', async () => {
    await withDomain({ domain: 'busy-parent.example', status: 'UPDATING_HOSTING' }, async (guid) => {
      const error = await refusal(createSubdomain(client(), guid, subdomainBody('shop')), 409);
      expect(error.body.errors).toEqual([busySentence('updating hosting')]);
      expect(await subdomainsOf(guid)).toEqual([]);
    });
  });

  it("answers 404 for another company's domain and for a subdomain, which has none", async () => {
    await refusal(listSubdomains(client(), foreignDomain), 404);
    await refusal(createSubdomain(client(), foreignDomain, subdomainBody('shop4')), 404);
    const [sub] = await database.db.select().from(domains).where(eq(domains.parentDomainGuid, parent.guid)).limit(1);
    await refusal(listSubdomains(client(), sub!.guid), 404);
  });
});

describe('GET and POST /domains/{guid}/email_addresses/, DELETE /email_addresses/{guid}/', () => {
  const forwarderBody = (email_address: unknown, extra: Record<string, unknown> = {}) =>
    ({ email_address, email_address_type: 'FORWARDER', forward_to_email_address: 'owner@elsewhere.example', ...extra }) as Parameters<typeof createForwarder>[2];

  it('adds a forwarder PENDING, which its task makes ACTIVE, and lists it', async () => {
    const answer = await createForwarder(client(), parent.guid, forwarderBody(' Sales.Team ', { forward_to_email_address: ' Boss@Elsewhere.example ' }));
    expect(answer.message).toBe(EMAIL_ADDRESS_CREATED);
    expect(answer.email_address).toMatchObject({
      address: 'sales.team',
      email_address: `sales.team@${parent.domain}`,
      email_type: 'FORWARDER',
      forward_address: 'boss@elsewhere.example',
      is_catchall: false,
      status: 'PENDING',
    });
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    const listed = await listForwarders(client(), parent.guid);
    expect(listed.data.find((f) => f.guid === answer.email_address.guid)?.status).toBe('ACTIVE');
    expect(await fieldRefusal(createForwarder(client(), parent.guid, forwarderBody('SALES.team')), 'email_address')).toBe(EMAIL_ADDRESS_EXISTS);
  });

  it("takes '*' as the catch-all", async () => {
    const [taken] = await database.db
      .select()
      .from(emailForwarders)
      .where(and(eq(emailForwarders.domainGuid, parent.guid), eq(emailForwarders.address, '*')));
    if (taken) await database.db.delete(emailForwarders).where(eq(emailForwarders.guid, taken.guid));
    const answer = await createForwarder(client(), parent.guid, forwarderBody('*', { is_catchall: false }));
    expect(answer.email_address).toMatchObject({ address: '*', email_address: `*@${parent.domain}`, is_catchall: true });
    await finished(answer.task.guid);
  });

  it("answers each rule's sentence beside its field", async () => {
    const api = client();
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody(undefined)), 'email_address')).toBe(ENTER_EMAIL_ADDRESS);
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('info@x')), 'email_address')).toBe(EMAIL_ADDRESS_CHARACTERS);
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('in*fo')), 'email_address')).toBe(EMAIL_ADDRESS_CHARACTERS);
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('info..desk')), 'email_address')).toBe(EMAIL_ADDRESS_DOTS);
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('info', { email_address_type: 'MAILBOX' })), 'email_address_type')).toBe(EMAIL_TYPE_FORWARDER);
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('info', { forward_to_email_address: '' })), 'forward_to_email_address')).toBe(ENTER_FORWARD_TO);
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('info', { forward_to_email_address: 'owner' })), 'forward_to_email_address')).toBe(
      FORWARD_TO_INVALID,
    );
    expect(await fieldRefusal(createForwarder(api, parent.guid, forwarderBody('loop', { forward_to_email_address: `LOOP@${parent.domain}` })), 'forward_to_email_address')).toBe(
      FORWARD_TO_ITSELF,
    );
  });

  it('refuses an is_catchall that is not true or false, adding nothing', async () => {
    const before = await forwardersOf(parent.guid);
    const error = await refusal(createForwarder(client(), parent.guid, forwarderBody('flagged', { is_catchall: 'yes' })), 400);
    expect(error.body.fields).toEqual({ is_catchall: 'is_catchall must be true or false.' });
    expect(await forwardersOf(parent.guid)).toEqual(before);
  });

  it('answers 409 busy while the domain is not ACTIVE, adding nothing', async () => {
    await withDomain({ domain: 'busy-forwarders.example', status: 'UPDATING' }, async (guid) => {
      const error = await refusal(createForwarder(client(), guid, forwarderBody('info')), 409);
      expect(error.body.errors).toEqual([busySentence('updating')]);
      expect(await forwardersOf(guid)).toEqual([]);
    });
  });

  it('deletes an ACTIVE forwarder as a task; one being deleted answers 409', async () => {
    const created = await createForwarder(client(), parent.guid, forwarderBody('leaving'));
    await finished(created.task.guid);
    const answer = await deleteForwarder(client(), created.email_address.guid);
    expect(answer.message).toBe(EMAIL_ADDRESS_DELETION_SCHEDULED);
    const again = await refusal(deleteForwarder(client(), created.email_address.guid), 409);
    expect(again.body.errors).toEqual([EMAIL_ADDRESS_BEING_DELETED]);
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    expect(await database.db.select().from(emailForwarders).where(eq(emailForwarders.guid, created.email_address.guid))).toEqual([]);
  });

  it('deletes a PENDING forwarder, which its creation does not bring back', async () => {
    const [row] = await database.db
      .insert(emailForwarders)
      .values({ companyGuid: demo.company, domainGuid: parent.guid, address: 'waiting', forwardAddress: 'owner@elsewhere.example', status: 'PENDING' })
      .returning();
    const answer = await deleteForwarder(client(), row!.guid);
    await finished(answer.task.guid);
    expect(await database.db.select().from(emailForwarders).where(eq(emailForwarders.guid, row!.guid))).toEqual([]);
  });

  it("answers 404 for another company's domain or forwarder", async () => {
    await refusal(listForwarders(client(), foreignDomain), 404);
    await refusal(createForwarder(client(), foreignDomain, forwarderBody('info')), 404);
    const [domain] = await database.db.select().from(domains).where(eq(domains.guid, foreignDomain));
    const [foreign] = await database.db
      .insert(emailForwarders)
      .values({ companyGuid: domain!.companyGuid, domainGuid: foreignDomain, address: 'theirs', forwardAddress: 'owner@elsewhere.example', status: 'ACTIVE' })
      .returning();
    const error = await refusal(deleteForwarder(client(), foreign!.guid), 404);
    expect(error.body.errors).toEqual(['Email address not found.']);
  });
});

describe('GET and POST /domains/{guid}/notes/', () => {
  it('saves the notes trimmed, and has_notes follows', async () => {
    const saved = await saveNotes(client(), parent.guid, { notes: '  Line one\nLine two  \n' });
    expect(saved.message).toBe('Notes successfully updated!');
    expect(await getNotes(client(), parent.guid)).toEqual({ notes: 'Line one\nLine two' });
    expect((await getDomain(client(), parent.guid)).has_notes).toBe(true);
    await saveNotes(client(), parent.guid, { notes: '   ' });
    expect((await getDomain(client(), parent.guid)).has_notes).toBe(false);
  });

  it('refuses more than 1000 characters', async () => {
    expect(await fieldRefusal(saveNotes(client(), parent.guid, { notes: 'x'.repeat(1001) }), 'notes')).toBe('Notes can be at most 1000 characters long.');
  });
});
