import { and, desc, eq } from 'drizzle-orm';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { addVatOp, disableVatOp, listVatOp, type VatIdRow } from '../../lib/api/company-vat';
import { VAT_ADDED, VAT_ALREADY_ACTIVE, VAT_DISABLED, VAT_ID_INVALID, VAT_NOT_ACTIVE, VAT_NOT_FOUND } from '../../lib/schemas/company-vat';
import { vatIds } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { badRequest, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { lockCompany } from '../db/locks';

const vatJson = (r: typeof vatIds.$inferSelect): VatIdRow => ({
  guid: r.guid,
  vat_id: r.vatId,
  status: r.status,
  date_created: r.dateCreated.toISOString(),
  date_updated: r.dateUpdated?.toISOString() ?? null,
});

/**
 * Company > VAT (spec part 3, 2.9, 4, 7). A company has one ACTIVE VAT id at most: adding one
 * disables the one before, so the invoices issued from then on carry the new id
 * (src/server/billing/billed-party.ts reads the active one); invoices already issued keep theirs.
 */
export const companyVatOperations = [
  implement(listVatOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const filter = eq(vatIds.companyGuid, c.var.company.guid);
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(vatIds).where(filter).orderBy(desc(vatIds.dateCreated), desc(vatIds.guid)).limit(limit).offset(offset)).map(vatJson),
      () => countRows(db, vatIds, filter),
    );
  }),
  implement(addVatOp, async (c, { params, body }) => {
    const companyGuid = c.var.company.guid;
    // The sign-up's rule (spec decisions, 3 "VAT check"): format and checksum per country.
    if (!checkVAT(body.vat_id, vatCountries).isValid) throw badRequest({ vat_id: VAT_ID_INVALID });
    const { db, now } = c.var.deps;
    const at = now();
    const row = await db.transaction(async (tx) => {
      // With no ACTIVE row there is nothing for FOR UPDATE to hold: the company's row is held instead.
      await lockCompany(tx, companyGuid);
      const active = await tx.select().from(vatIds).where(and(eq(vatIds.companyGuid, companyGuid), eq(vatIds.status, 'ACTIVE'))).for('update');
      if (active.some((v) => v.vatId === body.vat_id)) throw problem(409, VAT_ALREADY_ACTIVE, { code: 'conflict', fields: { vat_id: VAT_ALREADY_ACTIVE } });
      if (active.length) await tx.update(vatIds).set({ status: 'DISABLED', dateUpdated: at }).where(and(eq(vatIds.companyGuid, companyGuid), eq(vatIds.status, 'ACTIVE')));
      const [created] = await tx.insert(vatIds).values({ companyGuid, vatId: body.vat_id, status: 'ACTIVE', dateCreated: at }).returning();
      await recordActivity(c, { verb: 'added', object: body.vat_id, objectType: 'vat_id', objectGuid: created!.guid }, tx);
      return created!;
    });
    return { message: VAT_ADDED, vat: vatJson(row) };
  }),
  implement(disableVatOp, async (c, { params }) => {
    const companyGuid = c.var.company.guid;
    const { db, now } = c.var.deps;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(vatIds).where(and(eq(vatIds.guid, params.vatGuid), eq(vatIds.companyGuid, companyGuid))).for('update');
      if (!row) throw notFound(VAT_NOT_FOUND);
      if (row.status !== 'ACTIVE') throw problem(409, VAT_NOT_ACTIVE, { code: 'conflict' });
      await tx.update(vatIds).set({ status: 'DISABLED', dateUpdated: now() }).where(eq(vatIds.guid, row.guid));
      await recordActivity(c, { verb: 'disabled', object: row.vatId, objectType: 'vat_id', objectGuid: row.guid }, tx);
    });
    return { message: VAT_DISABLED };
  }),
];
