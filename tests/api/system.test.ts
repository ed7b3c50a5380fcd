import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { domains, ipAddresses, ipGroups, companies, orders, signatures } from '../../src/server/db/schema/index';
import type { SearchAnswer, WhiteLabel, Dashboard } from '../../src/lib/api/system';
import type { IpAddress } from '../../src/lib/api/ip-addresses';
import type { Page } from '../../src/lib/schemas/lists';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let owner: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  owner = await t.signIn('demo@hostdeck.test');
});
afterAll(() => database.close());

const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;

describe('GET /system/whitelabel/', () => {
  it("answers the provider's branding and the Knowledge Base link", async () => {
    const wl = await json<WhiteLabel>(t.call('GET', '/system/whitelabel/'));
    expect(wl.name).toBe('Hostdeck Demo Provider');
    expect(wl.support.email).toBe('support@hostdeck.test');
    expect(wl.knowledge_base_url).toBeTruthy();
  });
});

describe('GET /system/errors/{code}/', () => {
  it('describes a known code and answers 404 for an unknown one', async () => {
    const known = await json<{ data: { description: string } }>(t.call('GET', '/system/errors/payment_failed/'));
    expect(known.data.description.length).toBeGreaterThan(10);
    expect((await t.call('GET', '/system/errors/no_such_code/')).status).toBe(404);
  });
});

describe('GET /system/support/{id}/', () => {
  it("answers the knowledge-base article behind a page's info button, and 404 when there is none", async () => {
    const found = await json<{ data: { slug: string; title: string; content: string } }>(t.call('GET', '/system/support/account/', { token: owner.token }));
    expect(found.data).toMatchObject({ slug: 'account', title: 'Your account' });
    expect(found.data.content).toContain('two-factor authentication');
    const none = await t.call('GET', '/system/support/no-such-page/', { token: owner.token });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ errors: ['There is no support content for this page yet.'] });
  });
});

describe('GET /dashboard/', () => {
  it('counts what the company has', async () => {
    const d = await json<Dashboard>(t.call('GET', '/dashboard/', { token: owner.token }));
    const [[ips], [doms]] = await Promise.all([
      database.db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, owner.company)).then((r) => [r.filter((x) => x.status === 'ACTIVE' || x.status === 'PENDING_CANCELLATION').length]),
      database.db.select().from(domains).where(eq(domains.companyGuid, owner.company)).then((r) => [r.filter((x) => !x.parentDomainGuid).length]),
    ]);
    expect(d.ip_address_count).toBe(ips);
    expect(d.domain_count).toBe(doms);
    expect(d.overdue_invoices).toBeGreaterThan(0);
    expect(d.unpaid_invoices).toBeGreaterThanOrEqual(d.overdue_invoices);
    expect(d.news.length).toBeGreaterThan(0);
  });

  it('gives customers no news', async () => {
    const customer = await t.signIn('customer@hostdeck.test');
    const d = await json<Dashboard>(t.call('GET', '/dashboard/', { token: customer.token }));
    expect(d.news).toEqual([]);
  });
});

describe('GET /system/search/', () => {
  it('finds domains by part of their name, with their group', async () => {
    const [d] = await database.db.select().from(domains).where(and(eq(domains.companyGuid, owner.company), isNull(domains.parentDomainGuid))).orderBy(domains.domain).limit(1);
    const part = d!.domain.split('.')[0]!;
    const answer = await json<SearchAnswer>(t.call('GET', `/system/search/?q=${encodeURIComponent(part)}`, { token: owner.token }));
    expect(answer.search_type).toBe('DOMAIN');
    expect(answer.data.map((e) => e.domain?.domain)).toContain(d!.domain);
    expect(answer.data[0]!.domain!.group).toBeTruthy();
  });

  it('treats a dotted IPv4 query as an IP search', async () => {
    const [ip] = await database.db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, owner.company)).limit(1);
    const answer = await json<SearchAnswer>(t.call('GET', `/system/search/?q=${ip!.ipAddress}`, { token: owner.token }));
    expect(answer.search_type).toBe('IP_ADDRESS');
    expect(answer.results).toBeGreaterThanOrEqual(1);
    expect(answer.data[0]!.ip_address!.ip_address).toBe(ip!.ipAddress);
  });

  it('asks for a query when there is none', async () => {
    const res = await t.call('GET', '/system/search/?q=%20', { token: owner.token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: ['Please enter a domain or an IP address!'] });
  });

  it("never answers another company's domains", async () => {
    const [other] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [d] = await database.db.select().from(domains).where(and(eq(domains.companyGuid, other!.guid), isNull(domains.parentDomainGuid))).orderBy(domains.domain).limit(1);
    const owner2 = await t.signIn('bluebird@hostdeck.test');
    const theirs = await json<SearchAnswer>(t.call('GET', `/system/search/?q=${d!.domain}`, { token: owner2.token }));
    expect(theirs.results).toBe(1);
    const customer = await t.signIn('customer@hostdeck.test');
    const answer = await json<SearchAnswer>(t.call('GET', `/system/search/?q=${d!.domain}`, { token: customer.token }));
    expect(answer.results).toBe(0);
  });
});

describe('GET /ip_addresses/', () => {
  it('pages the list in the envelope, sorted by address', async () => {
    const page = await json<Page<IpAddress>>(t.call('GET', '/ip_addresses/?page=2&per_page=10', { token: owner.token }));
    expect(page.page).toBe(2);
    expect(page.per_page).toBe(10);
    expect(page.data).toHaveLength(10);
    expect(page.total).toBeGreaterThan(100);
    expect(page.data[0]).toMatchObject({ group: { guid: expect.any(String), name: expect.any(String) }, cost: { currency: expect.any(String) } });
  });

  it('answers everything at once for per_page=99999 and refuses more', async () => {
    const all = await json<Page<IpAddress>>(t.call('GET', '/ip_addresses/?page=1&per_page=99999', { token: owner.token }));
    expect(all.data).toHaveLength(all.total);
    const tooMany = await t.call('GET', '/ip_addresses/?per_page=100000', { token: owner.token });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ errors: ['Page size can be at most 99999.'] });
  });

  it('answers every field of an IP address from the database', async () => {
    const all = await json<Page<IpAddress>>(t.call('GET', '/ip_addresses/?per_page=99999', { token: owner.token }));
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
    const all = await json<Page<IpAddress>>(t.call('GET', '/ip_addresses/?per_page=3', { token: owner.token }));
    const [a, b] = all.data;
    const found = await json<Page<IpAddress>>(t.call('GET', `/ip_addresses/?search=${a!.ip_address},${b!.ip_address}`, { token: owner.token }));
    expect(found.data.map((x) => x.ip_address)).toEqual(expect.arrayContaining([a!.ip_address, b!.ip_address]));
  });
});
