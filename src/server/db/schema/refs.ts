import { integer, text, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './identity';

/** The owning company of a row; deleting the company deletes the row. */
export const companyGuid = () =>
  uuid('company_guid')
    .notNull()
    .references(() => companies.guid, { onDelete: 'cascade' });

/** Who did it, kept when the user is deleted (the row outlives its author). */
export const userRef = (name: string) => uuid(name).references(() => users.guid, { onDelete: 'set null' });

/** Money is integer cents; the currency sits in its own column next to it. */
export const cents = (name: string) => integer(name).notNull().default(0);
export const currency = () => text('currency').notNull().default('USD');

/** The billed party as it was when a document (invoice, credit note) was issued. */
export const billedParty = () => ({
  companyName: text('company_name').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  address1: text('address1').notNull().default(''),
  address2: text('address2'),
  city: text('city').notNull().default(''),
  region: text('region').notNull().default(''),
  country: text('country').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
});
