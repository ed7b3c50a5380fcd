import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { domains, ipAddresses, ipGroups, companies, memberships, orders, signatures } from '../../src/server/db/schema/index';
import type { Api } from '../../src/lib/api/client';
import { getDashboard, getErrorDescription, getSupportArticle, getWhiteLabel, search } from '../../src/lib/requests/system';
import { listIpAddresses } from '../../src/lib/requests/ip-addresses';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let owner: { token: string; company: string };
let api: Api;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  owner = await t.signIn('demo@hostdeck.test');
  api = t.client(owner);
});
afterAll(() => database.close());

describe('GET /system/whitelabel/', () => {
  it("answers the provider's branding and the Knowledge Base link", async () => {
    const wl = await getWhiteLabel(t.client());
    expect(wl.name).toBe('Hostdeck Demo Provider');
    expect(wl.support.email).toBe('support@hostdeck.test');
    expect(wl.knowledge_base_url).toBeTruthy();
  });
});

describe('GET /system/errors/{code}/', () => {
  it('describes a known code and answers 404 for an unknown one', async () => {
    const anonymous = t.client();
    const known = await getErrorDescription(anonymous, 'payment_failed');
    expect(known.data.description.length).toBeGreaterThan(10);
    await expect(getErrorDescription(anonymous, 'no_such_code')).rejects.toMatchObject({ status: 404 });
  });
});

describe('GET /system/support/{id}/', () => {
  it("answers the knowledge-base article behind a page's info button, and 404 when there is none", async () => {
    const found = await getSupportArticle(api, 'account');
    expect(found.data).toMatchObject({ slug: 'account', title: 'Your account' });
    expect(found.data.content).toContain('two-factor authentication');
    await expect(getSupportArticle(api, 'no-such-page')).rejects.toMatchObject({ status: 404, body: { errors: ['There is no support content for this page yet.'] } });
  });
});

describe('GET /dashboard/', () => {
  it('counts what the company has', async () => {
    const d = await getDashboard(api);
    const [ipRows, domainRows] = await Promise.all([
      database.db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, owner.company)),
      database.db.select().from(domains).where(eq(domains.companyGuid, owner.company)),
    ]);
    const live = ipRows.filter((x) => x.status === 'ACTIVE' || x.status === 'PENDING_CANCELLATION');
    const used = (ip: string) => domainRows.filter((x) => x.ipAddressGuid === ip).length;
    const freeSlots = live.reduce((sum, ip) => sum + Math.max(ip.domainsAllowed - used(ip.guid), 0), 0);
    expect(d.ip_address_count).toBe(live.length);
    expect(d.domain_count).toBe(domainRows.filter((x) => !x.parentDomainGuid).length);
    expect(freeSlots).toBeGreaterThan(0);
    expect(d.website_slots_available).toBe(freeSlots);
    expect(d.overdue_invoices).toBeGreaterThan(0);
    expect(d.unpaid_invoices).toBeGreaterThanOrEqual(d.overdue_invoices);
    expect(d.news.length).toBeGreaterThan(0);
  });

  it('gives customers no news', async () => {
    const customer = await t.signIn('customer@hostdeck.test');
    const d = await getDashboard(t.client(customer));
    expect(d.news).toEqual([]);
  });
});

describe('GET /system/search/', () => {
  it('finds domains by part of their name, with their group', async () => {
    const [d] = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, owner.company), isNull(domains.parentDomainGuid)))
      .orderBy(domains.domain)
      .limit(1);
    const part = d!.domain.split('.')[0]!;
    const answer = await search(api, part);
    expect(answer.search_type).toBe('DOMAIN');
    expect(answer.data.map((e) => e.domain?.domain)).toContain(d!.domain);
    expect(answer.data[0]!.domain!.group).toBeTruthy();
  });

  it('treats a dotted IPv4 query as an IP search', async () => {
    const [ip] = await database.db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, owner.company)).limit(1);
    const answer = await search(api, ip!.ipAddress);
    expect(answer.search_type).toBe('IP_ADDRESS');
    expect(answer.results).toBeGreaterThanOrEqual(1);
    expect(answer.data[0]!.ip_address!.ip_address).toBe(ip!.ipAddress);
  });

  it('asks for a query when there is none', async () => {
    await expect(search(api, ' ')).rejects.toMatchObject({ status: 400, body: { errors: ['Please enter a domain or an IP address!'] } });
  });

  it("never answers another company's domains", async () => {
    const [other] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [d] = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, other!.guid), isNull(domains.parentDomainGuid)))
      .orderBy(domains.domain)
      .limit(1);
    const owner2 = await t.signIn('bluebird@hostdeck.test');
    const theirs = await search(t.client(owner2), d!.domain);
    expect(theirs.results).toBe(1);
    const customer = await t.signIn('customer@hostdeck.test');
    const answer = await search(t.client(customer), d!.domain);
    expect(answer.results).toBe(0);
  });
});

describe('GET /ip_addresses/', () => {
  it('pages the list in the envelope, sorted by address', async () => {
    const page = await listIpAddresses(api, { page: 2, per_page: 10 });
    expect(page.page).toBe(2);
    expect(page.per_page).toBe(10);
    expect(page.data).toHaveLength(10);
    expect(page.total).toBeGreaterThan(100);
    expect(page.data[0]).toMatchObject({ group: { guid: expect.any(String), name: expect.any(String) }, cost: { currency: expect.any(String) } });
  });

  it('answers everything at once for per_page=99999 and refuses more', async () => {
    const all = await listIpAddresses(api, { page: 1, per_page: 99999 });
    expect(all.data).toHaveLength(all.total);
    await expect(listIpAddresses(api, { per_page: 100000 })).rejects.toMatchObject({ status: 400, body: { errors: ['Page size can be at most 99999.'] } });
  });

  it('answers every field of an IP address from the database', async () => {
    const all = await listIpAddresses(api, { per_page: 99999 });
    const withAll = all.data.find((x) => x.order && x.signature && x.domain_count > 0)!;
    expect(withAll).toBeDefined();
    const [row] = await database.db.select().from(ipAddresses).where(eq(ipAddresses.guid, withAll.guid));
    const [order] = await database.db.select().from(orders).where(eq(orders.id, row!.orderId!));
    const [sig] = await database.db.select().from(signatures).where(eq(signatures.guid, row!.signatureGuid!));
    const [group] = await database.db.select().from(ipGroups).where(eq(ipGroups.guid, row!.groupGuid));
    const onIp = await database.db.select().from(domains).where(eq(domains.ipAddressGuid, row!.guid));
    expect(withAll).toEqual({
      guid: row!.guid,
      ip_address: row!.ipAddress,
      ip_address_type: row!.ipAddressType,
      status: row!.status,
      http_version: row!.httpVersion,
      country: row!.country,
      country_code: row!.countryCode,
      city: row!.city,
      domain_count: onIp.length,
      domains_allowed: row!.domainsAllowed,
      cost: {
        ip_address_cost: row!.ipCostCents,
        additional_website_slot_cost: row!.slotCostCents,
        additional_website_slots_total_cost: Math.max(row!.domainsAllowed - 1, 0) * row!.slotCostCents,
        currency: row!.currency,
      },
      monthly_cost: { amount: row!.monthlyCostCents, currency: row!.currency },
      order: { order_id: order!.id, renewal_date: order!.dateNextInvoice ? order!.dateNextInvoice.toISOString() : null },
      signature: { guid: sig!.guid, signature: sig!.signature },
      group: { guid: group!.guid, name: group!.name },
      date_cancelled: row!.dateCancelled ? row!.dateCancelled.toISOString() : null,
    });
    const ordered = all.data.map((x) => x.ip_address);
    const numeric = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    expect(ordered.every((ip, i) => i === 0 || numeric(ordered[i - 1]!) <= numeric(ip))).toBe(true);
  });

  it('filters by search tags', async () => {
    const all = await listIpAddresses(api, { per_page: 3 });
    const [a, b] = all.data;
    const found = await listIpAddresses(api, { search: `${a!.ip_address},${b!.ip_address}` });
    expect(found.data.map((x) => x.ip_address)).toEqual(expect.arrayContaining([a!.ip_address, b!.ip_address]));
  });

  it('matches search text literally: quotes, backslashes and wildcards neither widen the list nor break it', async () => {
    const all = await listIpAddresses(api, { per_page: 99999 });
    // Tags split on spaces and commas, so each of these is one tag.
    for (const text of ["x'or'1'='1", "');drop/**/table/**/ip_addresses;--", '\\', '%', '_', '"', "\\'", "$1'::text"]) {
      const found = await listIpAddresses(api, { search: text });
      expect(found.total, text).toBe(0);
    }
    const city = all.data.find((x) => x.city)!.city!;
    const byCity = await listIpAddresses(api, { search: city.slice(0, 3).toUpperCase() });
    expect(byCity.total).toBe(all.data.filter((x) => [x.ip_address, x.city ?? '', x.country ?? ''].some((f) => f.toLowerCase().includes(city.slice(0, 3).toLowerCase()))).length);
    expect((await listIpAddresses(api, { per_page: 99999 })).total).toBe(all.total);
  });

  it("keeps a group filter and the membership's allowed groups", async () => {
    const all = await listIpAddresses(api, { per_page: 99999 });
    const group = all.data[0]!.group.guid;
    const inGroup = await listIpAddresses(api, { group, per_page: 99999 });
    expect(inGroup.total).toBe(all.data.filter((x) => x.group.guid === group).length);
    expect(inGroup.data.every((x) => x.group.guid === group)).toBe(true);
    // A member allowed only that group counts and sees only it, searched or not.
    const owned = and(eq(memberships.companyGuid, owner.company), eq(memberships.accountType, 'OWNER'));
    await database.db
      .update(memberships)
      .set({ allowedIpGroups: [group] })
      .where(owned);
    try {
      const restricted = await listIpAddresses(api, { per_page: 10 });
      expect(restricted.total).toBe(inGroup.total);
      const city = inGroup.data.find((x) => x.city)?.city ?? inGroup.data[0]!.ip_address;
      const searched = await listIpAddresses(api, { per_page: 99999, search: [city] });
      expect(searched.data.length).toBeGreaterThan(0);
      expect(searched.total).toBe(searched.data.length);
      expect(searched.data.every((x) => x.group.guid === group)).toBe(true);
    } finally {
      await database.db.update(memberships).set({ allowedIpGroups: [] }).where(owned);
    }
  });
});
