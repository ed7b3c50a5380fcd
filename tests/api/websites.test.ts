import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { getWebsite, listWebsites } from '../../src/lib/requests/websites';
import { WEBSITE_NOT_FOUND } from '../../src/lib/api/websites';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, memberships, softwareInstallations, users } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** The demo company's domains with software installed. */
let installed: { guid: string; domain: string; groupGuid: string }[];
let foreignWebsite: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  installed = await db
    .select({ guid: domains.guid, domain: domains.domain, groupGuid: domains.groupGuid })
    .from(domains)
    .innerJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .where(eq(domains.companyGuid, demo.company));
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [foreign] = await db.select().from(domains).where(eq(domains.companyGuid, bluebird!.guid)).limit(1);
  const [own] = await db.select().from(softwareInstallations).limit(1);
  // Bluebird gets a website of its own, which the demo company must not see.
  await db.insert(softwareInstallations).values({ companyGuid: bluebird!.guid, domainGuid: foreign!.guid, softwareId: own!.softwareId, status: 'ACTIVE' }).onConflictDoNothing();
  foreignWebsite = foreign!.guid;
});
afterAll(() => database.close());

const client = () => t.client(demo);

describe('GET /domains/websites/', () => {
  it('lists the domains with software installed, by domain, with the software name', async () => {
    expect(installed.length).toBeGreaterThan(2);
    const page = await listWebsites(client(), { per_page: 100 });
    expect(page.total).toBe(installed.length);
    const names = page.data.map((w) => w.domain);
    expect(names).toEqual([...names].sort());
    if (installed.length <= 100) expect(page.data.map((w) => w.guid).sort()).toEqual(installed.map((d) => d.guid).sort());
    expect(page.data.every((w) => w.software.name === 'WordPress')).toBe(true);
    expect(page.data.some((w) => w.guid === foreignWebsite)).toBe(false);
  });

  it('matches any search tag in the domain or the software, split on commas and spaces', async () => {
    const [a, b] = installed.slice().sort((x, y) => x.domain.localeCompare(y.domain));
    const one = await listWebsites(client(), { search: a!.domain.toUpperCase() });
    expect(one.data.map((w) => w.guid)).toEqual([a!.guid]);
    const two = await listWebsites(client(), { search: `${a!.domain}, ${b!.domain}` });
    expect(two.data.map((w) => w.guid).sort()).toEqual([a!.guid, b!.guid].sort());
    const res = await t.call('GET', `/domains/websites/?search=${encodeURIComponent(a!.domain)}&search=${encodeURIComponent(b!.domain)}`, demo);
    expect(((await res.json()) as { total: number }).total).toBe(2);
    expect((await listWebsites(client(), { search: 'wordpress' })).total).toBe(installed.length);
    expect((await listWebsites(client(), { search: 'no-such-site-anywhere' })).total).toBe(0);
  });

  it('pages', async () => {
    const first = await listWebsites(client(), { per_page: 2 });
    const second = await listWebsites(client(), { page: 2, per_page: 2 });
    expect(first.data).toHaveLength(2);
    expect(second.data[0]!.domain > first.data[1]!.domain).toBe(true);
  });

  it("shows a member limited to some domain groups only those groups' websites", async () => {
    const { db } = database;
    const group = installed[0]!.groupGuid;
    const [staff] = await db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@hostdeck.test'));
    const where = and(inArray(memberships.userGuid, [staff!.guid, customer!.guid]), eq(memberships.companyGuid, demo.company));
    const [member] = await db.select().from(memberships).where(where);
    const memberWhere = eq(memberships.guid, member!.guid);
    await db
      .update(memberships)
      .set({ allowedDomainGroups: [group], permissions: [...member!.permissions, 'can_view_website_management'] })
      .where(memberWhere);
    try {
      const email = member!.userGuid === staff!.guid ? 'staff@hostdeck.test' : 'customer@hostdeck.test';
      const limited = t.client(await t.signIn(email));
      const page = await listWebsites(limited, { per_page: 100 });
      expect(page.total).toBe(installed.filter((d) => d.groupGuid === group).length);
      const hidden = installed.find((d) => d.groupGuid !== group)!;
      await refusal(getWebsite(limited, hidden.guid), 404);
    } finally {
      await db.update(memberships).set({ allowedDomainGroups: member!.allowedDomainGroups, permissions: member!.permissions }).where(memberWhere);
    }
  });
});

describe('GET /domains/websites/{guid}/', () => {
  it("answers the website's domain, group and software with the site's address", async () => {
    const { db } = database;
    const target = installed[0]!;
    await db.update(softwareInstallations).set({ protocol: 'https://www.', installDirectory: 'blog' }).where(eq(softwareInstallations.domainGuid, target.guid));
    const site = await getWebsite(client(), target.guid);
    expect(site).toMatchObject({
      guid: target.guid,
      domain: target.domain,
      group: { guid: target.groupGuid },
      software: { key: 'WORDPRESS', name: 'WordPress', protocol: 'https://www.', install_directory: 'blog' },
    });
    expect(site.software.url).toBe(`https://www.${target.domain}/blog/`);
  });

  it('answers 404 for a domain without software and for another company', async () => {
    const without = (await database.db.select({ guid: domains.guid }).from(domains).where(eq(domains.companyGuid, demo.company))).find(
      (d) => !installed.some((i) => i.guid === d.guid),
    );
    expect((await refusal(getWebsite(client(), without!.guid), 404)).message).toBe(WEBSITE_NOT_FOUND);
    expect((await refusal(getWebsite(client(), foreignWebsite), 404)).message).toBe(WEBSITE_NOT_FOUND);
  });
});
