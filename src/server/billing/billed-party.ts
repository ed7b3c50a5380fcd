import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../context';
import type { Db } from '../db/connection';
import { companies, vatIds } from '../db/schema/index';

/** Days an invoice the panel raises gives to pay it (NET 7, as the seed's invoices). */
export const PAYMENT_TERMS_DAYS = 7;

/**
 * What an invoice copies from the company when it is issued (spec part 3, 3 "Invoice": the billed
 * party stays as it was, whatever the company changes later): its name and address, the member
 * who ordered, the active VAT ID, the company's invoice notes and terms.
 */
export async function billedParty(db: Db, companyGuid: string, viewer: Pick<Viewer, 'firstName' | 'lastName'>, issued: Date) {
  const [[co], [vat]] = await Promise.all([
    db.select().from(companies).where(eq(companies.guid, companyGuid)),
    db
      .select({ id: vatIds.vatId })
      .from(vatIds)
      .where(and(eq(vatIds.companyGuid, companyGuid), eq(vatIds.status, 'ACTIVE')))
      .limit(1),
  ]);
  if (!co) throw new Error(`no company ${companyGuid}`);
  return {
    companyName: co.name,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    address1: co.address1,
    address2: co.address2,
    city: co.city,
    region: co.region,
    country: co.country,
    postalCode: co.postalCode,
    vatId: vat?.id ?? null,
    customNotes: co.invoiceNotes,
    paymentTerms: PAYMENT_TERMS_DAYS,
    dateDue: new Date(issued.getTime() + PAYMENT_TERMS_DAYS * 86_400_000),
    dateCreated: issued,
  };
}
