import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import { ALL_SCOPES, SCOPE_GROUPS } from '../../src/lib/rules/scopes';
import { verifyPassword } from '../../src/server/auth/passwords';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, domains, invoices, ipAddresses, ipGroups, memberships, users } from '../../src/server/db/schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PARTNER_COMPANY_NAME, SECOND_COMPANY_NAME } from '../../src/server/seed/demo-accounts';
import { seedBulk, seedDemo } from '../../src/server/seed/index';
import { createTestDatabase, resetDatabase } from './helpers/db';

let database: Database;

beforeAll(async () => {
  const started = performance.now();
  database = await createTestDatabase();
  if (process.env.HOSTDECK_TEST_TIMINGS) console.log(`[db] test database ready in ${Math.round(performance.now() - started)} ms`);
});
afterAll(() => database.close());

const companyGuid = async (name: string) => {
  const [row] = await database.db.select({ guid: companies.guid }).from(companies).where(eq(companies.name, name));
  return row!.guid;
};
const countWhere = async (table: typeof ipAddresses | typeof domains, companyName: string) => {
  const [row] = await database.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.companyGuid, await companyGuid(companyName)));
  return row!.n;
};

describe('the test database', () => {
  it('comes migrated and empty', async () => {
    const [u] = await database.db.select({ n: count() }).from(users);
    const [d] = await database.db.select({ n: count() }).from(domains);
    expect(u!.n).toBe(0);
    expect(d!.n).toBe(0);
    const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (applied as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('derives the sortable number of an address and rejects a malformed one', async () => {
    const [row] = await database.db
      .execute<{ n: string }>(sql`select ('10.0.0.1'::inet - '0.0.0.0'::inet)::text as n`)
      .then((r) => (r as unknown as { rows: { n: string }[] }).rows);
    expect(row!.n).toBe('167772161');
  });
});

describe('seedDemo', () => {
  it('seeds an empty database once', async () => {
    const started = performance.now();
    const first = await seedDemo(database.db);
    if (process.env.HOSTDECK_TEST_TIMINGS) console.log(`[db] seedDemo in ${Math.round(performance.now() - started)} ms`);
    expect(first.seeded).toBe(true);
    expect(first.accounts).toHaveLength(4);
    expect((await seedDemo(database.db)).seeded).toBe(false);
  });

  it('creates the four demo accounts, verified, with argon2id hashes of the shared password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(account.password).toBe(DEMO_PASSWORD);
      expect(user!.passwordHash).not.toContain(DEMO_PASSWORD);
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
      expect(await verifyPassword(DEMO_PASSWORD, user!.passwordHash)).toBe(true);
      expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    }
  });

  it('gives each account its place and scopes', async () => {
    const rows = await database.db
      .select({ email: users.email, company: companies.name, type: memberships.accountType, scopes: memberships.permissions, isCustomer: users.isCustomer })
      .from(memberships)
      .innerJoin(users, eq(users.guid, memberships.userGuid))
      .innerJoin(companies, eq(companies.guid, memberships.companyGuid));
    const find = (email: string, company: string) => rows.find((r) => r.email === email && r.company === company);
    expect(find('demo@hostdeck.test', PARTNER_COMPANY_NAME)?.type).toBe('OWNER');
    expect(new Set(find('demo@hostdeck.test', PARTNER_COMPANY_NAME)?.scopes)).toEqual(new Set(ALL_SCOPES));
    expect(find('demo@hostdeck.test', SECOND_COMPANY_NAME)?.type).toBe('STAFF');
    expect(find('demo@hostdeck.test', SECOND_COMPANY_NAME)?.scopes).toContain('can_switch_companies');
    const staff = find('staff@hostdeck.test', PARTNER_COMPANY_NAME)!;
    expect(staff.type).toBe('STAFF');
    expect(staff.scopes.filter((s) => (SCOPE_GROUPS.billing as readonly string[]).includes(s))).toEqual([]);
    expect(staff.scopes).toContain('can_view_domains');
    const customer = find('customer@hostdeck.test', PARTNER_COMPANY_NAME)!;
    expect(customer.type).toBe('CUSTOMER');
    expect(customer.isCustomer).toBe(true);
    const [partner] = await database.db.select().from(companies).where(eq(companies.name, PARTNER_COMPANY_NAME));
    expect(partner!.isPartner).toBe(true);
    expect(partner!.accountManagerGuid).not.toBeNull();
  });

  it('fills the partner company with a few hundred addresses and about a hundred domains', async () => {
    const ips = await countWhere(ipAddresses, PARTNER_COMPANY_NAME);
    const doms = await countWhere(domains, PARTNER_COMPANY_NAME);
    expect(ips).toBeGreaterThanOrEqual(300);
    expect(ips).toBeLessThan(400);
    expect(doms).toBeGreaterThanOrEqual(95);
    expect(doms).toBeLessThan(130);
    const countries = await database.db.selectDistinct({ c: ipAddresses.countryCode }).from(ipAddresses);
    expect(countries.length).toBeGreaterThanOrEqual(12);
    const groups = await database.db
      .select({ n: count() })
      .from(ipGroups)
      .where(eq(ipGroups.companyGuid, await companyGuid(PARTNER_COMPANY_NAME)));
    expect(groups[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('never puts more domains on an address than it has website slots', async () => {
    const over = await database.db
      .select({ ip: ipAddresses.ipAddress })
      .from(ipAddresses)
      .innerJoin(domains, eq(domains.ipAddressGuid, ipAddresses.guid))
      .groupBy(ipAddresses.guid, ipAddresses.ipAddress, ipAddresses.domainsAllowed)
      .having(sql`count(*) > ${ipAddresses.domainsAllowed}`);
    expect(over).toEqual([]);
  });

  it('issues invoices in every status, exactly one of them overdue', async () => {
    const partner = await companyGuid(PARTNER_COMPANY_NAME);
    const statuses = await database.db.selectDistinct({ s: invoices.status }).from(invoices).where(eq(invoices.companyGuid, partner));
    expect(new Set(statuses.map((r) => r.s))).toEqual(new Set(['PAID', 'UNPAID', 'PARTIALLY_PAID', 'CANCELLED']));
    const overdue = await database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyGuid, partner), eq(invoices.status, 'UNPAID'), lt(invoices.dateDue, new Date())));
    expect(overdue).toHaveLength(1);
    const [partial] = await database.db.select().from(invoices).where(eq(invoices.status, 'PARTIALLY_PAID'));
    expect(partial!.paymentMadeCents).toBeGreaterThan(0);
    expect(partial!.balanceDueCents).toBe(partial!.totalAmountCents - partial!.paymentMadeCents);
  });

  it('gives the second company data of its own', async () => {
    expect(await countWhere(ipAddresses, SECOND_COMPANY_NAME)).toBeGreaterThan(0);
    expect(await countWhere(domains, SECOND_COMPANY_NAME)).toBeGreaterThan(0);
  });
});

describe('seedBulk', () => {
  it('adds volume to "Bulk" groups, and again after the last bulk row', async () => {
    const partner = await companyGuid(PARTNER_COMPANY_NAME);
    expect(await seedBulk(database.db, partner, { ipAddresses: 600, domains: 300 })).toEqual({ ipAddresses: 600, domains: 300 });
    expect(await seedBulk(database.db, partner, { ipAddresses: 600, domains: 300 })).toEqual({ ipAddresses: 600, domains: 300 });
    const [group] = await database.db
      .select()
      .from(ipGroups)
      .where(and(eq(ipGroups.companyGuid, partner), eq(ipGroups.name, 'Bulk')));
    const bulk = await database.db
      .select({ ip: ipAddresses.ipAddress, n: ipAddresses.ipNumeric })
      .from(ipAddresses)
      .where(eq(ipAddresses.groupGuid, group!.guid))
      .orderBy(asc(ipAddresses.ipNumeric));
    expect(bulk).toHaveLength(1200);
    expect(new Set(bulk.map((r) => r.ip)).size).toBe(1200);
    expect(bulk[0]!.ip).toBe('5.0.0.1');
    const [dg] = await database.db
      .select()
      .from(domainGroups)
      .where(and(eq(domainGroups.companyGuid, partner), eq(domainGroups.name, 'Bulk')));
    const [n] = await database.db.select({ n: count() }).from(domains).where(eq(domains.groupGuid, dg!.guid));
    expect(n!.n).toBe(600);
  });
});

describe('resetDatabase', () => {
  it('empties every table so the next test starts clean', async () => {
    await resetDatabase(database);
    const [u] = await database.db.select({ n: count() }).from(users);
    const [i] = await database.db.select({ n: count() }).from(ipAddresses);
    expect(u!.n).toBe(0);
    expect(i!.n).toBe(0);
    expect((await seedDemo(database.db, { ipAddresses: 20, domains: 10 })).seeded).toBe(true);
  });
});
