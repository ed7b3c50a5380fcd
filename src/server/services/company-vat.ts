import type { Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { checkVAT, countries as vatCountries } from 'jsvat';
import type { VatIdRow } from '../../lib/api/company-vat';
import { VAT_ALREADY_ACTIVE, VAT_ID_INVALID, VAT_NOT_ACTIVE, VAT_NOT_FOUND } from '../../lib/schemas/company-vat';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { vatIds } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { recordActivity } from './activity';

/**
 * Company > VAT (spec part 3, 2.9, 4, 7). A company has one ACTIVE VAT id at most: adding one
 * disables the one before, so the invoices issued from then on carry the new id
 * (src/server/billing/billed-party.ts reads the active one); invoices already issued keep theirs.
 */

export const vatJson = (r: typeof vatIds.$inferSelect): VatIdRow => ({
  guid: r.guid,
  vat_id: r.vatId,
  status: r.status,
  date_created: r.dateCreated.toISOString(),
  date_updated: r.dateUpdated?.toISOString() ?? null,
});

export function vatPage(db: Db, companyGuid: string, paging: Paging) {
  const filter = eq(vatIds.companyGuid, companyGuid);
  return pageOfRows(
    paging,
    async (limit, offset) => (await db.select().from(vatIds).where(filter).orderBy(desc(vatIds.dateCreated), desc(vatIds.guid)).limit(limit).offset(offset)).map(vatJson),
    () => countRows(db, vatIds, filter),
  );
}

/** Adds the company's VAT id as its ACTIVE one, disabling the one before. */
export async function addVatId(c: Context<AppEnv>, vatId: string): Promise<VatIdRow> {
  const companyGuid = c.var.company.guid;
  // The sign-up's rule (spec decisions, 3 "VAT check"): format and checksum per country.
  if (!checkVAT(vatId, vatCountries).isValid) throw badRequest({ vat_id: VAT_ID_INVALID });
  const { db, now } = c.var.deps;
  const at = now();
  const row = await db.transaction(async (tx) => {
    // With no ACTIVE row there is nothing for FOR UPDATE to hold: the company's row is held instead.
    await lockCompany(tx, companyGuid);
    const active = await tx
      .select()
      .from(vatIds)
      .where(and(eq(vatIds.companyGuid, companyGuid), eq(vatIds.status, 'ACTIVE')))
      .for('update');
    if (active.some((v) => v.vatId === vatId)) throw problem(409, VAT_ALREADY_ACTIVE, { code: 'conflict', fields: { vat_id: VAT_ALREADY_ACTIVE } });
    if (active.length)
      await tx
        .update(vatIds)
        .set({ status: 'DISABLED', dateUpdated: at })
        .where(and(eq(vatIds.companyGuid, companyGuid), eq(vatIds.status, 'ACTIVE')));
    const [created] = await tx.insert(vatIds).values({ companyGuid, vatId, status: 'ACTIVE', dateCreated: at }).returning();
    await recordActivity(c, { verb: 'added', object: vatId, objectType: 'vat_id', objectGuid: created!.guid }, tx);
    return created!;
  });
  return vatJson(row);
}

/** Disables the company's ACTIVE VAT id of this guid; any other state answers 409. */
export async function disableVatId(c: Context<AppEnv>, guid: string): Promise<void> {
  const companyGuid = c.var.company.guid;
  const { db, now } = c.var.deps;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(vatIds)
      .where(and(eq(vatIds.guid, guid), eq(vatIds.companyGuid, companyGuid)))
      .for('update');
    if (!row) throw notFound(VAT_NOT_FOUND);
    if (row.status !== 'ACTIVE') throw problem(409, VAT_NOT_ACTIVE, { code: 'conflict' });
    await tx.update(vatIds).set({ status: 'DISABLED', dateUpdated: now() }).where(eq(vatIds.guid, row.guid));
    await recordActivity(c, { verb: 'disabled', object: row.vatId, objectType: 'vat_id', objectGuid: row.guid }, tx);
  });
}
