import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { and, asc, count, eq } from 'drizzle-orm';
import { accountListQuery } from '../../lib/api/account-activity';
import { companyCreateSchema } from '../../lib/schemas/account';
import { ALL_SCOPES } from '../../lib/rules/scopes';
import type { AppEnv } from '../context';
import { companies, memberships, users } from '../db/schema/index';
import { notForCustomers } from '../auth/middleware';
import { forbidden, notFound } from '../http/errors';
import { readBody, readQuery } from '../http/validate';
import { recordActivity } from '../services/activity';
import { isGuid } from '../../lib/schemas/ids';

type CompanyRow = typeof companies.$inferSelect;

const companyJson = (co: CompanyRow, accountType: string) => ({
  guid: co.guid,
  name: co.name,
  address1: co.address1,
  address2: co.address2,
  city: co.city,
  region: co.region,
  postal_code: co.postalCode,
  country: co.country,
  phone: co.phone,
  currency: co.currency === 'EUR' ? 'EUR' : 'USD',
  status: co.status,
  is_partner: co.isPartner,
  date_created: co.dateCreated.toISOString(),
  account_type: accountType,
});

/** The company and the viewer's active membership of it, or 404 (another user's company is never revealed). */
async function memberCompany(c: { var: AppEnv['Variables'] }, guid: string) {
  if (!isGuid(guid)) throw notFound('Company not found.');
  const [row] = await c.var.deps.db
    .select({ co: companies, m: memberships })
    .from(memberships)
    .innerJoin(companies, eq(companies.guid, memberships.companyGuid))
    .where(and(eq(memberships.userGuid, c.var.viewer.userGuid), eq(memberships.companyGuid, guid), eq(memberships.status, 'ACTIVE')));
  if (!row || (c.var.viewer.keyCompanyGuid && c.var.viewer.keyCompanyGuid !== guid)) throw notFound('Company not found.');
  return row;
}

/** The user's companies: list, create, detail, default (spec part 1, 2.6 Companies, 7). */
export const accountCompanyRoutes = new Hono<AppEnv>()
  .get('/companies', notForCustomers, async (c) => {
    const q = readQuery(c, accountListQuery);
    const { db } = c.var.deps;
    const filter = eq(memberships.userGuid, c.var.viewer.userGuid);
    const [[me], rows, [total]] = await Promise.all([
      db.select({ d: users.defaultCompanyGuid }).from(users).where(eq(users.guid, c.var.viewer.userGuid)),
      db
        .select({ co: { guid: companies.guid, name: companies.name }, m: memberships })
        .from(memberships)
        .innerJoin(companies, eq(companies.guid, memberships.companyGuid))
        .where(filter)
        .orderBy(asc(memberships.dateCreated), asc(memberships.guid))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page),
      db.select({ n: count() }).from(memberships).where(filter),
    ]);
    const data = rows.map(({ co, m }) => ({
      guid: m.guid,
      company: co,
      date_created: m.dateCreated.toISOString(),
      status: m.status,
      account_type: m.accountType,
      user_type: m.userType,
      is_default: co.guid === me?.d,
      is_active: co.guid === c.var.company.guid,
    }));
    return c.json({ data, page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) });
  })
  .post('/companies', notForCustomers, async (c) => {
    // A key belongs to one company; making companies is for people.
    if (c.var.viewer.sessionKind === 'API_KEY') throw forbidden('An API key cannot create companies.');
    const input = await readBody(c, companyCreateSchema);
    const { db, now } = c.var.deps;
    const created = await db.transaction(async (tx) => {
      const [current] = await tx.select({ provider: companies.providerGuid }).from(companies).where(eq(companies.guid, c.var.company.guid));
      const [co] = await tx
        .insert(companies)
        .values({
          providerGuid: current?.provider ?? null,
          name: input.name,
          address1: input.address1,
          address2: input.address2 || null,
          city: input.city,
          region: input.region,
          postalCode: input.postal_code,
          country: input.country.toUpperCase(),
          phone: input.phone,
          currency: input.currency,
          supportPin: String(randomInt(100_000, 1_000_000)),
          dateCreated: now(),
        })
        .returning();
      await tx.insert(memberships).values({
        userGuid: c.var.viewer.userGuid,
        companyGuid: co!.guid,
        accountType: 'OWNER',
        permissions: [...ALL_SCOPES],
        dateCreated: now(),
      });
      await recordActivity(c, { verb: 'created', object: co!.name, objectType: 'company', objectGuid: co!.guid, companyGuid: co!.guid }, tx);
      return co!;
    });
    return c.json({ message: 'Company successfully created!', company: companyJson(created, 'OWNER') }, 201);
  })
  .get('/companies/:guid', notForCustomers, async (c) => {
    const { co, m } = await memberCompany(c, c.req.param('guid'));
    return c.json(companyJson(co, m.accountType));
  })
  .get('/companies/:guid/make_default', notForCustomers, async (c) => {
    const { co } = await memberCompany(c, c.req.param('guid'));
    await c.var.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ defaultCompanyGuid: co.guid }).where(eq(users.guid, c.var.viewer.userGuid));
      await recordActivity(c, { verb: 'made default the company', object: co.name, objectType: 'company', objectGuid: co.guid, companyGuid: co.guid }, tx);
    });
    return c.json({ message: 'Default company successfully changed!' });
  });
