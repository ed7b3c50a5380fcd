import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { getCompanyOp, type CompanyDetail, type createCompanyOp } from '../../lib/api/account';
import type { updateCompanyProfileOp } from '../../lib/api/company';
import { ALL_SCOPES } from '../../lib/rules/scopes';
import { COMPANY_NOT_FOUND } from '../../lib/schemas/company';
import type { AppEnv } from '../context';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { companies, memberships, users } from '../db/schema/index';
import { notFound } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { recordActivity } from './activity';

/** The user's companies (spec part 1, 2.6 Companies) and a company's own profile (spec part 3, 2.9 Profile). */

type CompanyRow = typeof companies.$inferSelect;
type NewCompany = ParsedInput<typeof createCompanyOp>['body'];
type CompanyProfile = ParsedInput<typeof updateCompanyProfileOp>['body'];

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

/** One of the viewer's companies as the viewer's membership sees it. */
export async function viewerCompany(c: Context<AppEnv>, guid: string): Promise<CompanyDetail> {
  const { co, m } = await memberCompany(c, guid);
  return companyJson(co, m.accountType, m.permissions);
}

/** The viewer's memberships, oldest first, with which company is their default and which the request's. */
export function viewerCompaniesPage(c: Context<AppEnv>, paging: Paging) {
  const { db } = c.var.deps;
  const filter = eq(memberships.userGuid, c.var.viewer.userGuid);
  return pageOfRows(
    paging,
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
}

/**
 * A new company of the request's provider with the viewer as its OWNER. `answer` makes the call's
 * answer, kept with the company under an Idempotency-Key: a retry after a crash answers it, not a
 * second company.
 */
export async function createCompany<T>(c: Context<AppEnv>, input: NewCompany, answer: (company: CompanyDetail) => T): Promise<T> {
  const { db, now } = c.var.deps;
  return db.transaction(async (tx) => {
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
    return answerWithWork(c, tx, answer(companyJson(co!, 'OWNER', ALL_SCOPES)));
  });
}

/** Makes one of the viewer's companies their default. */
export async function makeDefaultCompany(c: Context<AppEnv>, guid: string): Promise<void> {
  const { co } = await memberCompany(c, guid);
  await c.var.deps.db.transaction(async (tx) => {
    await tx.update(users).set({ defaultCompanyGuid: co.guid }).where(eq(users.guid, c.var.viewer.userGuid));
    await recordActivity(c, { verb: 'made default the company', object: co.name, objectType: 'company', objectGuid: co.guid, companyGuid: co.guid }, tx);
  });
}

/** The Profile tab's save (spec part 3, 5 'Company profile'): answers the company as the viewer's membership sees it. */
export async function updateCompanyProfile(c: Context<AppEnv>, body: CompanyProfile): Promise<CompanyDetail> {
  const company = c.var.company;
  const updated = await c.var.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({
        name: body.name,
        address1: body.address1,
        address2: body.address2 || null,
        city: body.city,
        region: body.region,
        postalCode: body.postal_code,
        phone: body.phone,
        country: body.country.toUpperCase(),
      })
      .where(eq(companies.guid, company.guid))
      .returning();
    if (!row) throw notFound(COMPANY_NOT_FOUND);
    await recordActivity(c, { verb: 'updated the profile of', object: row.name, objectType: 'company', objectGuid: row.guid }, tx);
    return row;
  });
  return companyJson(updated, company.accountType, [...company.permissions]);
}

/** Saves the notes new invoices carry; blank notes are none. Answers the notes kept. */
export async function updateInvoiceNotes(c: Context<AppEnv>, given: string | null | undefined): Promise<string | null> {
  const company = c.var.company;
  const notes = given?.trim() ? given : null;
  await c.var.deps.db.transaction(async (tx) => {
    await tx.update(companies).set({ invoiceNotes: notes }).where(eq(companies.guid, company.guid));
    await recordActivity(c, { verb: 'updated the invoice notes of', object: company.name, objectType: 'company', objectGuid: company.guid }, tx);
  });
  return notes;
}
