import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, companies, memberships, users } from '../../src/server/db/schema/index';
import { ALL_SCOPES } from '../../src/lib/rules/scopes';
import type { CompanyMembership } from '../../src/lib/api/account';
import type { Page } from '../../src/lib/schemas/lists';
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
  currency: 'EUR',
};

describe('GET /account/companies/', () => {
  it('lists the memberships with company, type, status and the active and default markers', async () => {
    const res = await t.call('GET', '/account/companies/', demo);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page<CompanyMembership>;
    expect(body.total).toBe(2);
    const [own, other] = body.data;
    expect(own).toMatchObject({ company: { name: 'Northwind Web Agency' }, account_type: 'OWNER', status: 'ACTIVE', is_active: true, is_default: true });
    expect(other).toMatchObject({ company: { name: 'Bluebird Media Ltd' }, account_type: 'STAFF', is_active: false, is_default: false });
    const acting = (await (await t.call('GET', '/account/companies/', { token: demo.token, company: other!.company.guid })).json()) as Page<CompanyMembership>;
    expect(acting.data.find((m) => m.is_active)?.company.name).toBe('Bluebird Media Ltd');
  });

  it('refuses customer-type users', async () => {
    const customer = await t.signIn('customer@hostdeck.test');
    expect((await t.call('GET', '/account/companies/', customer)).status).toBe(403);
    expect((await t.call('POST', '/account/companies/', { ...customer, body: NEW_COMPANY })).status).toBe(403);
  });
});

describe('POST /account/companies/', () => {
  it('answers every missing field with its sentence (address 2 optional)', async () => {
    const res = await t.call('POST', '/account/companies/', { ...demo, body: { name: ' ', address1: '', city: '', region: '', postal_code: '', country: '', phone: '', currency: '' } });
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
    const body = (await res.json()) as { message: string; company: { guid: string; name: string; currency: string; address2: string | null } };
    expect(body).toMatchObject({ message: 'Company successfully created!', company: { name: 'Harbour Lights OÜ', currency: 'EUR', address2: null } });
    const [m] = await database.db.select().from(memberships).where(eq(memberships.companyGuid, body.company.guid));
    expect(m).toMatchObject({ accountType: 'OWNER', status: 'ACTIVE' });
    expect([...m!.permissions].sort()).toEqual([...ALL_SCOPES].sort());
    const [log] = await database.db.select().from(activityLogs).where(and(eq(activityLogs.companyGuid, body.company.guid), eq(activityLogs.verb, 'created')));
    expect(log).toMatchObject({ actionObject: 'Harbour Lights OÜ', actionObjectType: 'company' });
    const detail = await t.call('GET', `/account/companies/${body.company.guid}/`, demo);
    expect(await detail.json()).toMatchObject({ name: 'Harbour Lights OÜ', city: 'Tallinn', account_type: 'OWNER' });
  });
});

describe('GET /account/companies/{guid}/ and make_default', () => {
  it('answers 404 for a company the user is not a member of, or a malformed guid', async () => {
    const staff = await t.signIn('staff@hostdeck.test');
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    expect((await t.call('GET', `/account/companies/${bluebird!.guid}/`, staff)).status).toBe(404);
    expect((await t.call('GET', `/account/companies/${bluebird!.guid}/make_default/`, staff)).status).toBe(404);
    expect((await t.call('GET', '/account/companies/nope/', staff)).status).toBe(404);
  });

  it('makes a company the default one and records it', async () => {
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const res = await t.call('GET', `/account/companies/${bluebird!.guid}/make_default/`, demo);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Default company successfully changed!' });
    const [u] = await database.db.select().from(users).where(eq(users.email, 'demo@hostdeck.test'));
    expect(u!.defaultCompanyGuid).toBe(bluebird!.guid);
    const [log] = await database.db.select().from(activityLogs).where(eq(activityLogs.verb, 'made default the company'));
    expect(log).toMatchObject({ actionObject: 'Bluebird Media Ltd' });
  });
});
