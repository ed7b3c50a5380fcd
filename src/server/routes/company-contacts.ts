import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createContactOp, deleteContactOp, getContactOp, listContactsOp, resendContactOp, updateContactOp, type Contact } from '../../lib/api/company-contacts';
import {
  CONTACT_ALREADY_VERIFIED,
  CONTACT_CREATED,
  CONTACT_DELETED,
  CONTACT_EMAIL_TAKEN,
  CONTACT_NOT_DELETABLE,
  CONTACT_NOT_FOUND,
  CONTACT_RESENT,
  CONTACT_UPDATED,
} from '../../lib/schemas/company-contacts';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { contacts, emailTokens } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { sendContactVerification } from '../services/contact-verification';
import { lockCompany } from '../db/locks';

type ContactRow = typeof contacts.$inferSelect;

const contactJson = (r: ContactRow): Contact => ({
  guid: r.guid,
  first_name: r.firstName,
  last_name: r.lastName,
  email_address: r.emailAddress,
  status: r.status,
  date_created: r.dateCreated.toISOString(),
  can_be_disabled: r.canBeDisabled,
  selected_events: r.selectedEvents,
});

const fullName = (r: Pick<ContactRow, 'firstName' | 'lastName'>) => `${r.firstName} ${r.lastName}`.trim();

/** The company's contact the path names; another company's is not found. */
async function companyContact(c: Context<AppEnv>, db: Db, params: { guid: string; id: string }, lock = false): Promise<ContactRow> {
  const companyGuid = c.var.company.guid;
  const query = db.select().from(contacts).where(and(eq(contacts.guid, params.id), eq(contacts.companyGuid, companyGuid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return row;
}

/** Spec part 3, 4: edit and delete only for ACTIVE or VERIFICATION contacts. */
const editable = (r: ContactRow) => r.status === 'ACTIVE' || r.status === 'VERIFICATION';

/**
 * Company > Contacts (spec part 3, 2.9, 3-7): people who receive the company's emails for the
 * events they choose (none: every email), after verifying their address with the part 1 flow
 * (/auth/verify/contact). The address cannot change once created.
 */
export const companyContactOperations = [
  implement(listContactsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const filter = eq(contacts.companyGuid, c.var.company.guid);
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(contacts).where(filter).orderBy(asc(contacts.dateCreated), asc(contacts.guid)).limit(limit).offset(offset)).map(contactJson),
      () => countRows(db, contacts, filter),
    );
  }),
  implement(createContactOp, async (c, { params, body }) => {
    const companyGuid = c.var.company.guid;
    const { db, now } = c.var.deps;
    const created = await db.transaction(async (tx) => {
      await lockCompany(tx, companyGuid);
      const [taken] = await tx
        .select({ guid: contacts.guid })
        .from(contacts)
        .where(and(eq(contacts.companyGuid, companyGuid), sql`lower(${contacts.emailAddress}) = ${body.email_address.toLowerCase()}`));
      if (taken) throw problem(409, CONTACT_EMAIL_TAKEN, { code: 'conflict', fields: { email_address: CONTACT_EMAIL_TAKEN } });
      const [row] = await tx
        .insert(contacts)
        .values({ companyGuid, firstName: body.first_name, lastName: body.last_name, emailAddress: body.email_address, selectedEvents: [...new Set(body.events)], status: 'VERIFICATION', dateCreated: now() })
        .returning();
      await recordActivity(c, { verb: 'created', object: fullName(row!), objectType: 'contact', objectGuid: row!.guid }, tx);
      return row!;
    });
    await sendContactVerification(c.var.deps, db, created.guid);
    return { message: CONTACT_CREATED, contact: contactJson(created) };
  }),
  implement(getContactOp, async (c, { params }) => contactJson(await companyContact(c, c.var.deps.db, params))),
  implement(updateContactOp, async (c, { params, body }) => {
    const updated = await c.var.deps.db.transaction(async (tx) => {
      const row = await companyContact(c, tx, params, true);
      if (!editable(row)) throw notFound(CONTACT_NOT_FOUND);
      const [next] = await tx
        .update(contacts)
        .set({ firstName: body.first_name, lastName: body.last_name, selectedEvents: [...new Set(body.events)] })
        .where(eq(contacts.guid, row.guid))
        .returning();
      await recordActivity(c, { verb: 'updated', object: fullName(next!), objectType: 'contact', objectGuid: row.guid }, tx);
      return next!;
    });
    return { message: CONTACT_UPDATED, contact: contactJson(updated) };
  }),
  implement(deleteContactOp, async (c, { params }) => {
    await c.var.deps.db.transaction(async (tx) => {
      const row = await companyContact(c, tx, params, true);
      // The company's own address (the owner's, made at sign-up) stays: can_be_disabled false.
      if (!row.canBeDisabled || !editable(row)) throw problem(409, CONTACT_NOT_DELETABLE, { code: 'conflict' });
      await tx.delete(emailTokens).where(and(eq(emailTokens.subjectGuid, row.guid), inArray(emailTokens.purpose, ['CONTACT', 'CONTACT_CODE'])));
      await tx.delete(contacts).where(eq(contacts.guid, row.guid));
      await recordActivity(c, { verb: 'deleted', object: fullName(row), objectType: 'contact', objectGuid: row.guid }, tx);
    });
    return { message: CONTACT_DELETED };
  }),
  implement(resendContactOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const row = await companyContact(c, db, params);
    if (row.status !== 'VERIFICATION') throw problem(409, CONTACT_ALREADY_VERIFIED, { code: 'conflict' });
    // The new email's link and code replace the old ones, which stop working.
    await db
      .update(emailTokens)
      .set({ usedAt: now() })
      .where(and(eq(emailTokens.subjectGuid, row.guid), inArray(emailTokens.purpose, ['CONTACT', 'CONTACT_CODE']), isNull(emailTokens.usedAt)));
    await sendContactVerification(c.var.deps, db, row.guid);
    return { message: CONTACT_RESENT };
  }),
];
