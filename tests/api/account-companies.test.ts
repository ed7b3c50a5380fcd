import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, companies, memberships, users } from '../../src/server/db/schema/index';
import { ALL_SCOPES } from '../../src/lib/rules/scopes';
import { createCompany, getCompany, listCompanies, makeDefaultCompany } from '../../src/lib/requests/account';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
});
afterAll(() => database.close());

const NEW_COMPANY = {
  name: 'Harbour Lights OÜ',
  address1: 'Sadama 5',
  address2: '',
  city: 'Tallinn',
  region: 'Harju',
  postal_code: '10111',
  country: 'EE',
  phone: '+372 600 0000',
  currency: 'EUR' as const,
};

describe('GET /account/companies/', () => {
  it('lists the memberships with company, type, status and the active and default markers', async () => {
    const body = await listCompanies(t.client(demo), {});
    expect(body.total).toBe(2);
    const [own, other] = body.data;
    expect(own).toMatchObject({ company: { name: 'Northwind Web Agency' }, account_type: 'OWNER', status: 'ACTIVE', is_active: true, is_default: true });
    expect(other).toMatchObject({ company: { name: 'Bluebird Media Ltd' }, account_type: 'STAFF', is_active: false, is_default: false });
    const acting = await listCompanies(t.client({ token: demo.token, company: other!.company.guid }), {});
    expect(acting.data.find((m) => m.is_active)?.company.name).toBe('Bluebird Media Ltd');
  });

  it('refuses customer-type users', async () => {
    const customer = t.client(await t.signIn('customer@hostdeck.test'));
    await expect(listCompanies(customer, {})).rejects.toMatchObject({ status: 403 });
    await expect(createCompany(customer, NEW_COMPANY)).rejects.toMatchObject({ status: 403 });
  });
});

describe('POST /account/companies/', () => {
  it('answers every missing field with its sentence (address 2 optional)', async () => {
    const res = await t.call('POST', '/account/companies/', {
      ...demo,
      body: { name: ' ', address1: '', city: '', region: '', postal_code: '', country: '', phone: '', currency: '' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string[] }).errors).toEqual([
      'Please enter name!',
      'Please enter address!',
      'Please enter city!',
      'Please enter region!',
      'Please enter postal code!',
      'Please enter country!',
      'Please enter phone!',
      'Please enter currency!',
    ]);
    const gbp = await t.call('POST', '/account/companies/', { ...demo, body: { ...NEW_COMPANY, currency: 'GBP' } });
    expect(await gbp.json()).toMatchObject({ errors: ['Please enter currency!'] });
  });

  it('creates the company with the user as OWNER holding every scope, and records it', async () => {
    const res = await t.call('POST', '/account/companies/', { ...demo, body: NEW_COMPANY });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Awaited<ReturnType<typeof createCompany>>;
    expect(body).toMatchObject({ message: 'Company successfully created!', company: { name: 'Harbour Lights OÜ', currency: 'EUR', address2: null } });
    const [m] = await database.db.select().from(memberships).where(eq(memberships.companyGuid, body.company.guid));
    expect(m).toMatchObject({ accountType: 'OWNER', status: 'ACTIVE' });
    expect([...m!.permissions].sort()).toEqual([...ALL_SCOPES].sort());
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.companyGuid, body.company.guid), eq(activityLogs.verb, 'created')));
    expect(log).toMatchObject({ actionObject: 'Harbour Lights OÜ', actionObjectType: 'company' });
    expect(await getCompany(t.client(demo), body.company.guid)).toMatchObject({ name: 'Harbour Lights OÜ', city: 'Tallinn', account_type: 'OWNER' });
  });
});

describe('GET /account/companies/{guid}/ and make_default', () => {
  it('answers 404 for a company the user is not a member of, or a malformed guid', async () => {
    const staff = t.client(await t.signIn('staff@hostdeck.test'));
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    await expect(getCompany(staff, bluebird!.guid)).rejects.toMatchObject({ status: 404 });
    await expect(makeDefaultCompany(staff, bluebird!.guid)).rejects.toMatchObject({ status: 404 });
    await expect(getCompany(staff, 'nope')).rejects.toMatchObject({ status: 404 });
  });

  it('makes a company the default one and records it', async () => {
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    expect(await makeDefaultCompany(t.client(demo), bluebird!.guid)).toEqual({ message: 'Default company successfully changed!' });
    const [u] = await database.db.select().from(users).where(eq(users.email, 'demo@hostdeck.test'));
    expect(u!.defaultCompanyGuid).toBe(bluebird!.guid);
    const [log] = await database.db.select().from(activityLogs).where(eq(activityLogs.verb, 'made default the company'));
    expect(log).toMatchObject({ actionObject: 'Bluebird Media Ltd' });
  });
});
