import type { Context } from 'hono';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { Contact, createContactOp, updateContactOp } from '../../lib/api/company-contacts';
import { CONTACT_ALREADY_VERIFIED, CONTACT_EMAIL_TAKEN, CONTACT_NOT_DELETABLE, CONTACT_NOT_FOUND } from '../../lib/schemas/company-contacts';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { contacts, emailTokens } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { recordActivity } from './activity';
import { sendContactVerification } from './contact-verification';

/**
 * Company > Contacts (spec part 3, 2.9, 3-7): people who receive the company's emails for the
 * events they choose (none: every email), after verifying their address with the part 1 flow
 * (/auth/verify/contact). The address cannot change once created.
 */

type ContactRow = typeof contacts.$inferSelect;
type CreateContact = ParsedInput<typeof createContactOp>['body'];
type UpdateContact = ParsedInput<typeof updateContactOp>['body'];

const CONTACT_TOKENS = ['CONTACT', 'CONTACT_CODE'];

export const contactJson = (r: ContactRow): Contact => ({
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

/** The company's contact of this guid; another company's is not found. Locked for the transaction when `lock`. */
export async function companyContact(db: Db, companyGuid: string, guid: string, lock = false): Promise<ContactRow> {
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.guid, guid), eq(contacts.companyGuid, companyGuid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return row;
}

/** Spec part 3, 4: edit and delete only for ACTIVE or VERIFICATION contacts. */
const editable = (r: ContactRow) => r.status === 'ACTIVE' || r.status === 'VERIFICATION';

export function contactsPage(db: Db, companyGuid: string, paging: Paging) {
  const filter = eq(contacts.companyGuid, companyGuid);
  return pageOfRows(
    paging,
    async (limit, offset) => (await db.select().from(contacts).where(filter).orderBy(asc(contacts.dateCreated), asc(contacts.guid)).limit(limit).offset(offset)).map(contactJson),
    () => countRows(db, contacts, filter),
  );
}

/** A new contact in VERIFICATION (one per address in a company, checked under the company's lock), then its verification email. */
export async function createContact(c: Context<AppEnv>, body: CreateContact): Promise<ContactRow> {
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
      .values({
        companyGuid,
        firstName: body.first_name,
        lastName: body.last_name,
        emailAddress: body.email_address,
        selectedEvents: [...new Set(body.events)],
        status: 'VERIFICATION',
        dateCreated: now(),
      })
      .returning();
    await recordActivity(c, { verb: 'created', object: fullName(row!), objectType: 'contact', objectGuid: row!.guid }, tx);
    return row!;
  });
  await sendContactVerification(c.var.deps, db, created.guid);
  return created;
}

export async function updateContact(c: Context<AppEnv>, guid: string, body: UpdateContact): Promise<ContactRow> {
  return c.var.deps.db.transaction(async (tx) => {
    const row = await companyContact(tx, c.var.company.guid, guid, true);
    if (!editable(row)) throw notFound(CONTACT_NOT_FOUND);
    const [next] = await tx
      .update(contacts)
      .set({ firstName: body.first_name, lastName: body.last_name, selectedEvents: [...new Set(body.events)] })
      .where(eq(contacts.guid, row.guid))
      .returning();
    await recordActivity(c, { verb: 'updated', object: fullName(next!), objectType: 'contact', objectGuid: row.guid }, tx);
    return next!;
  });
}

export async function deleteContact(c: Context<AppEnv>, guid: string): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    const row = await companyContact(tx, c.var.company.guid, guid, true);
    // The company's own address (the owner's, made at sign-up) stays: can_be_disabled false.
    if (!row.canBeDisabled || !editable(row)) throw problem(409, CONTACT_NOT_DELETABLE, { code: 'conflict' });
    await tx.delete(emailTokens).where(and(eq(emailTokens.subjectGuid, row.guid), inArray(emailTokens.purpose, CONTACT_TOKENS)));
    await tx.delete(contacts).where(eq(contacts.guid, row.guid));
    await recordActivity(c, { verb: 'deleted', object: fullName(row), objectType: 'contact', objectGuid: row.guid }, tx);
  });
}

/** A new verification email for a contact still in VERIFICATION; its link and code replace the old ones, which stop working. */
export async function resendContactVerification(c: Context<AppEnv>, guid: string): Promise<void> {
  const { db, now } = c.var.deps;
  await db.transaction(async (tx) => {
    const row = await companyContact(tx, c.var.company.guid, guid, true);
    if (row.status !== 'VERIFICATION') throw problem(409, CONTACT_ALREADY_VERIFIED, { code: 'conflict' });
    await tx
      .update(emailTokens)
      .set({ usedAt: now() })
      .where(and(eq(emailTokens.subjectGuid, row.guid), inArray(emailTokens.purpose, CONTACT_TOKENS), isNull(emailTokens.usedAt)));
  });
  await sendContactVerification(c.var.deps, db, guid);
}
