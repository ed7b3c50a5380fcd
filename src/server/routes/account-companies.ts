import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import { createCompanyOp, getCompanyOp, listCompaniesOp, makeDefaultCompanyOp, type CompanyDetail } from '../../lib/api/account';
import { ALL_SCOPES } from '../../lib/rules/scopes';
import type { AppEnv } from '../context';
import { companies, memberships, users } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { notFound } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';

type CompanyRow = typeof companies.$inferSelect;

export const companyJson = (co: CompanyRow, accountType: string, permissions: readonly string[]): CompanyDetail => ({
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
  invoice_notes: co.invoiceNotes,
  support_pin: co.supportPin,
  permissions: [...permissions],
});

/** The company and the viewer's active membership of it, or 404 (another user's company is never revealed). */
async function memberCompany(c: Context<AppEnv>, guid: string) {
  const [row] = await c.var.deps.db
    .select({ co: companies, m: memberships })
    .from(memberships)
    .innerJoin(companies, eq(companies.guid, memberships.companyGuid))
    .where(and(eq(memberships.userGuid, c.var.viewer.userGuid), eq(memberships.companyGuid, guid), eq(memberships.status, 'ACTIVE')));
  // An API key acts only for its own company: any other is not there for it.
  if (!row || (c.var.viewer.keyCompanyGuid && c.var.viewer.keyCompanyGuid !== guid)) throw notFound(getCompanyOp.notFound);
  return row;
}

/** The user's companies: list, create, detail, default (spec part 1, 2.6 Companies, 7). */
export const accountCompanyOperations = [
  implement(listCompaniesOp, async (c, { query: q }) => {
    const { db } = c.var.deps;
    const filter = eq(memberships.userGuid, c.var.viewer.userGuid);
    return pageOfRows(
      q,
      async (limit, offset) => {
        const [[me], rows] = await Promise.all([
          db.select({ d: users.defaultCompanyGuid }).from(users).where(eq(users.guid, c.var.viewer.userGuid)),
          db
            .select({ co: { guid: companies.guid, name: companies.name }, m: memberships })
            .from(memberships)
            .innerJoin(companies, eq(companies.guid, memberships.companyGuid))
            .where(filter)
            .orderBy(asc(memberships.dateCreated), asc(memberships.guid))
            .limit(limit)
            .offset(offset),
        ]);
        return rows.map(({ co, m }) => ({
          guid: m.guid,
          company: co,
          date_created: m.dateCreated.toISOString(),
          status: m.status,
          account_type: m.accountType,
          user_type: m.userType,
          is_default: co.guid === me?.d,
          is_active: co.guid === c.var.company.guid,
        }));
      },
      () => countRows(db, memberships, filter),
    );
  }),
  implement(createCompanyOp, async (c, { body: input }) => {
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
      // Kept with the company under an Idempotency-Key: a retry after a crash answers it, not a second company.
      return answerWithWork(c, tx, { message: 'Company successfully created!', company: companyJson(co!, 'OWNER', ALL_SCOPES) });
    });
    return created;
  }),
  implement(getCompanyOp, async (c, { params }) => {
    const { co, m } = await memberCompany(c, params.guid);
    return companyJson(co, m.accountType, m.permissions);
  }),
  implement(makeDefaultCompanyOp, async (c, { params }) => {
    const { co } = await memberCompany(c, params.guid);
    await c.var.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ defaultCompanyGuid: co.guid }).where(eq(users.guid, c.var.viewer.userGuid));
      await recordActivity(c, { verb: 'made default the company', object: co.name, objectType: 'company', objectGuid: co.guid, companyGuid: co.guid }, tx);
    });
    return { message: 'Default company successfully changed!' };
  }),
];
