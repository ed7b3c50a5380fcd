import { and, count, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/errors';
import { addCard } from '../../src/lib/requests/billing';
import { createApiKey, createCompanyUser } from '../../src/lib/requests/company';
import { createContact } from '../../src/lib/requests/company-contacts';
import { addDnsRecord } from '../../src/lib/requests/dns-zone';
import { installSoftware } from '../../src/lib/requests/domain-software';
import { addDomains, createDomainGroup, groupIpAddresses } from '../../src/lib/requests/domains';
import { createCustomHost } from '../../src/lib/requests/hosting';
import { createIpGroup } from '../../src/lib/requests/ip-addresses';
import { createIpOrder } from '../../src/lib/requests/ip-orders';
import type { Database } from '../../src/server/db/connection';
import {
  apiKeys,
  contacts,
  dnsRecords,
  dnsZones,
  domainGroups,
  domains,
  hostingAccounts,
  ipAddresses,
  ipGroups,
  memberships,
  orders,
  paymentMethods,
  softwareInstallations,
  users,
} from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { atGateway, payInFull } from './helpers/pay';

/**
 * Twenty requests at once of one company, for each create call that writes more than one row or
 * takes a lock: every answer is a 2xx or the spec's refusal (a 4xx with a sentence), never a 500;
 * the rows are exactly the answers that said so; and PostgreSQL never had to break a deadlock
 * (docs/decisions.md: a company's writes lock its row first). PGlite runs one transaction at a
 * time, where nothing can deadlock, so this runs only with TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
const BURST = 20;

describe.skipIf(!url)('twenty creates at once on PostgreSQL', () => {
  let database: Database;
  let t: TestApp;
  let demo: { token: string; company: string };
  let account: string;
  let ipGroup: string;
  const logged: string[] = [];
  /** The IP orders the burst placed, which the payments burst pays. */
  const placedOrders: { invoice_id: number; order_id: number }[] = [];

  beforeAll(async () => {
    ({ database, t } = await openSeededApp());
    demo = await t.signIn('demo@hostdeck.test');
    const { db } = database;
    account = (
      await db
        .select()
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
        .limit(1)
    )[0]!.guid;
    ipGroup = (await db.select().from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(1))[0]!.guid;
    // What the server logs of a failed request (src/server/app.ts onError), kept to look for deadlocks.
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${String((a as { cause?: unknown }).cause)}` : String(a))).join(' '));
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.deps.jobs.stop();
    await database.close();
  });

  /**
   * Fires `send(0..19)` at once and answers how many succeeded; each failure must be a refusal in
   * words (an ApiError under 500 with a sentence), and nothing may be logged as a deadlock.
   */
  async function burst(send: (i: number) => Promise<unknown>): Promise<number> {
    logged.length = 0;
    const results = await Promise.allSettled(Array.from({ length: BURST }, (_, i) => send(i)));
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    for (const reason of refusals) {
      expect(reason).toBeInstanceOf(ApiError);
      const error = reason as ApiError;
      expect(error.status, error.message).toBeLessThan(500);
      expect(error.status).toBeGreaterThanOrEqual(400);
      expect(error.message).toMatch(/\w.*[.!]$/);
    }
    // A failed request is logged by src/server/app.ts onError; background jobs' own lines are not this test's.
    expect(logged.filter((line) => /deadlock|\[hostdeck\] request/i.test(line))).toEqual([]);
    return results.length - refusals.length;
  }

  /** `burst`, and the sentences of the refusals it met, each once. */
  async function refusalsOf(send: (i: number) => Promise<unknown>): Promise<{ made: number; sentences: Set<string> }> {
    const sentences = new Set<string>();
    const made = await burst((i) =>
      send(i).catch((error: unknown) => {
        if (error instanceof ApiError) sentences.add(error.message);
        throw error;
      }),
    );
    return { made, sentences };
  }

  const client = () => t.client(demo);
  const rows = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

  it('domain groups: twenty answers 201, twenty groups', async () => {
    const made = await burst((i) => createDomainGroup(client(), { name: `Burst group ${i}`, default_hosting_account: account, ip_address_groups: [ipGroup] }));
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(domainGroups)
        .where(and(eq(domainGroups.companyGuid, demo.company), like(domainGroups.name, 'Burst group %'))),
    );
    expect(n).toBe(BURST);
  });

  it('IP address groups: twenty answers 201, twenty groups', async () => {
    const made = await burst((i) => createIpGroup(client(), { name: `Burst IP group ${i}` }));
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(ipGroups)
        .where(and(eq(ipGroups.companyGuid, demo.company), like(ipGroups.name, 'Burst IP group %'))),
    );
    expect(n).toBe(BURST);
  });

  it('custom hosts: twenty answers 201, twenty accounts', async () => {
    const made = await burst((i) => createCustomHost(client(), { name: `Burst rack ${i}`, hostname: null, ip_address: `192.0.2.${100 + i}` }));
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.companyGuid, demo.company), like(hostingAccounts.name, 'Burst rack %'))),
    );
    expect(n).toBe(BURST);
  });

  it('domains: each submission is added or refused for want of a slot, and the domains are the ones added', async () => {
    const [group] = await database.db
      .select()
      .from(domainGroups)
      .where(and(eq(domainGroups.companyGuid, demo.company), eq(domainGroups.name, 'Burst group 0')));
    const ips = (await groupIpAddresses(client(), group!.guid, { per_page: 9999 })).data.filter((i) => i.domains_allowed > i.domain_count);
    expect(ips.length).toBeGreaterThan(0);
    // Several submissions share an address, so some may find its last slot taken.
    const made = await burst((i) =>
      addDomains(client(), { domains: [{ domain: `burst-${i}.example`, ip_address: ips[i % ips.length]!.guid, group: group!.guid, hosting_account: account }] }),
    );
    expect(made).toBeGreaterThan(0);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(domains)
        .where(and(eq(domains.companyGuid, demo.company), like(domains.domain, 'burst-%.example'))),
    );
    expect(n).toBe(made);
  });

  it('DNS records: twenty answers 201, twenty records in the zone', async () => {
    const [zone] = await database.db
      .select()
      .from(dnsZones)
      .where(and(eq(dnsZones.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE')))
      .limit(1);
    const made = await burst((i) => addDnsRecord(client(), zone!.domainGuid, { type: 'A', name: `burst${i}`, value: `203.0.113.${i + 1}`, ttl: 3600 }));
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(dnsRecords)
        .where(and(eq(dnsRecords.zoneGuid, zone!.guid), like(dnsRecords.name, 'burst%'))),
    );
    expect(n).toBe(BURST);
  });

  describe('DNS records: twenty adds of one record set at once write it once (issue 29)', () => {
    const zoneOf = async () =>
      (
        await database.db
          .select()
          .from(dnsZones)
          .where(and(eq(dnsZones.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE')))
          .limit(1)
      )[0]!;
    const recordsAt = async (zone: string, name: string) =>
      (
        await database.db
          .select({ type: dnsRecords.type, value: dnsRecords.value })
          .from(dnsRecords)
          .where(and(eq(dnsRecords.zoneGuid, zone), eq(dnsRecords.name, name)))
      )
        .map((r) => `${r.type} ${r.value}`)
        .sort();

    it('the same values: one answer 201, every other the duplicate refusal, the set written once', async () => {
      const zone = await zoneOf();
      const { made, sentences } = await refusalsOf(() => addDnsRecord(client(), zone.domainGuid, { type: 'A', name: 'same-set', value: '203.0.113.61\n203.0.113.62', ttl: 3600 }));
      expect(made).toBe(1);
      expect([...sentences]).toEqual(['There is a A record for same-set already: edit it to add values.']);
      expect(await recordsAt(zone.guid, 'same-set')).toEqual(['A 203.0.113.61', 'A 203.0.113.62']);
    });

    it('other values and a CNAME at one name: one set is written, the rest refused', async () => {
      const zone = await zoneOf();
      const { made } = await refusalsOf((i) =>
        addDnsRecord(
          client(),
          zone.domainGuid,
          i % 2 ? { type: 'CNAME', name: 'same-name', value: `target-${i}.example.net`, ttl: 3600 } : { type: 'A', name: 'same-name', value: `203.0.113.${100 + i}`, ttl: 3600 },
        ),
      );
      expect(made).toBe(1);
      expect(await recordsAt(zone.guid, 'same-name')).toHaveLength(1);
    });

    it('the same nameserver twenty times: one NS record more', async () => {
      const zone = await zoneOf();
      const { made, sentences } = await refusalsOf(() => addDnsRecord(client(), zone.domainGuid, { type: 'NS', name: '', value: 'ns9.burst.example', ttl: 86400 }));
      expect(made).toBe(1);
      expect([...sentences]).toEqual(['There is a NS record for @ already: edit it to add values.']);
      expect((await recordsAt(zone.guid, '')).filter((r) => r === 'NS ns9.burst.example')).toHaveLength(1);
    });
  });

  it('software: twenty installs on one domain at once, one installation and every other answer the refusal', async () => {
    const [free] = await database.db
      .select({ guid: domains.guid })
      .from(domains)
      .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
      .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
      .where(
        and(
          eq(domains.companyGuid, demo.company),
          eq(domains.status, 'ACTIVE'),
          eq(domains.isSubdomain, false),
          eq(hostingAccounts.accountType, 'SHARED_HOSTING'),
          isNull(softwareInstallations.guid),
        ),
      )
      .limit(1);
    const { made, sentences } = await refusalsOf((i) =>
      installSoftware(client(), free!.guid, {
        software: 'WORDPRESS',
        language: 'en',
        protocol: 'https://',
        install_directory: '',
        admin_username: `admin${i}`,
        admin_password: 'A-long-password!1',
        admin_email: 'owner@example.com',
        website_name: 'Burst',
        website_description: '',
      }),
    );
    expect(made).toBe(1);
    expect([...sentences]).toEqual(['Software is installed on this domain already.']);
    expect(await rows(database.db.select({ n: count() }).from(softwareInstallations).where(eq(softwareInstallations.domainGuid, free!.guid)))).toBe(1);
  });

  it('users: twenty answers 201, twenty members', async () => {
    const made = await burst((i) =>
      createCompanyUser(client(), demo.company, { first_name: 'Burst', last_name: `User ${i}`, email: `burst-user-${i}@example.test`, password: 'a long enough passphrase' }),
    );
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(memberships)
        .innerJoin(users, eq(users.guid, memberships.userGuid))
        .where(and(eq(memberships.companyGuid, demo.company), like(users.email, 'burst-user-%@example.test'))),
    );
    expect(n).toBe(BURST);
  });

  it('contacts: twenty answers 201, twenty contacts', async () => {
    const made = await burst((i) =>
      createContact(client(), demo.company, { first_name: 'Burst', last_name: `Contact ${i}`, email_address: `burst-contact-${i}@example.test`, events: [] }),
    );
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(contacts)
        .where(and(eq(contacts.companyGuid, demo.company), like(contacts.emailAddress, 'burst-contact-%'))),
    );
    expect(n).toBe(BURST);
  });

  it('API keys: twenty answers 201, twenty keys', async () => {
    const made = await burst((i) => createApiKey(client(), demo.company, { name: `Burst key ${i}`, allowed_ip_addresses: '10.0.0.0/8', permissions: ['can_view_domains'] }));
    expect(made).toBe(BURST);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.companyGuid, demo.company), like(apiKeys.name, 'Burst key %'))),
    );
    expect(n).toBe(BURST);
  });

  it('payment methods: twenty cards added and approved at once, twenty ACTIVE cards', async () => {
    const card = (i: number) => ({
      profile_name: `Burst card ${i}`,
      name: 'Dana Demo',
      address: 'Narva mnt 7',
      city: 'Tallinn',
      region: 'Harju',
      country: 'EE',
      postal_code: '10117',
      card_number: '5555 5555 5555 4444',
      cvv: '123',
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 2,
      screen_width: 1280,
      screen_height: 800,
      color_depth: 24,
      time_zone: -120,
      browser_language: 'en-GB',
    });
    const started: string[] = [];
    const made = await burst(async (i) => {
      const answer = await addCard(client(), card(i), `burst-card-${i}`);
      started.push(answer.verification_url!);
    });
    expect(made).toBe(BURST);
    // The payers approve at once too: each approval ticks the company's set-up (payment_method_added).
    logged.length = 0;
    const approved = await Promise.all(started.map((redirect) => atGateway(t, redirect, 'approve')));
    expect(approved.map((r) => r.status).filter((s) => s >= 400)).toEqual([]);
    expect(logged.filter((line) => /deadlock|\[hostdeck\] request/i.test(line))).toEqual([]);
    const n = await rows(
      database.db
        .select({ n: count() })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.companyGuid, demo.company), like(paymentMethods.name, 'Burst card %'), eq(paymentMethods.status, 'ACTIVE'))),
    );
    expect(n).toBe(BURST);
  });

  it('IP orders: each is placed or refused for want of stock, and the orders are the ones placed', async () => {
    const before = await rows(
      database.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.companyGuid, demo.company), inArray(orders.orderType, ['IP_ADDRESS_HOSTING']))),
    );
    const made = await burst(async (i) => {
      const placed = await createIpOrder(
        client(),
        {
          group: ipGroup,
          billing_cycle: 'ANNUALLY',
          locations: [{ location: 'us-nyc', ip_address_count: 1, additional_site_count: 0 }],
          ip_address_filter: 'NONE',
          ip_address_type: 'DEDICATED',
          excluded_groups: [],
          coupon: null,
        },
        `burst-order-${i}`,
      );
      placedOrders.push(placed);
    });
    expect(made).toBeGreaterThan(0);
    const after = await rows(
      database.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.companyGuid, demo.company), inArray(orders.orderType, ['IP_ADDRESS_HOSTING']))),
    );
    expect(after - before).toBe(made);
  });

  it('paying the orders at once: every invoice PAID, every order ACTIVE with its address', async () => {
    expect(placedOrders.length).toBeGreaterThan(0);
    // Each payment activates its order, takes the stock lock and ticks every member's to-do list (invoice_paid).
    const paid = await burst(async (i) => {
      const order = placedOrders[i];
      if (order) await payInFull(t, database, demo, order.invoice_id);
    });
    expect(paid).toBe(BURST);
    const ids = placedOrders.map((p) => p.order_id);
    const active = await rows(
      database.db
        .select({ n: count() })
        .from(orders)
        .where(and(inArray(orders.id, ids), eq(orders.status, 'ACTIVE'))),
    );
    expect(active).toBe(ids.length);
    const addresses = await rows(database.db.select({ n: count() }).from(ipAddresses).where(inArray(ipAddresses.orderId, ids)));
    expect(addresses).toBe(ids.length);
  });
});
