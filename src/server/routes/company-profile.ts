import { eq } from 'drizzle-orm';
import { updateCompanyProfileOp, updateInvoiceNotesOp } from '../../lib/api/company';
import { companies } from '../db/schema/index';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { companyJson } from './account-companies';
import { COMPANY_NOT_FOUND } from '../../lib/schemas/company';

/** The Profile tab's writes (spec part 3, 2.9 Profile, 5 'Company profile', 7). */
export const companyProfileOperations = [
  implement(updateCompanyProfileOp, async (c, { params, body }) => {
    const company = c.var.company;
    const { db } = c.var.deps;
    const updated = await db.transaction(async (tx) => {
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
    return { message: 'Company successfully updated!', company: companyJson(updated, company.accountType, [...company.permissions]) };
  }),
  implement(updateInvoiceNotesOp, async (c, { params, body }) => {
    const company = c.var.company;
    // Blank notes are no notes: new invoices then carry none.
    const notes = body.invoice_notes?.trim() ? body.invoice_notes : null;
    await c.var.deps.db.transaction(async (tx) => {
      await tx.update(companies).set({ invoiceNotes: notes }).where(eq(companies.guid, company.guid));
      await recordActivity(c, { verb: 'updated the invoice notes of', object: company.name, objectType: 'company', objectGuid: company.guid }, tx);
    });
    return { message: 'Invoice notes successfully updated!', invoice_notes: notes };
  }),
];
