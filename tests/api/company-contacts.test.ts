import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { contacts, emails, invoices, orders } from '../../src/server/db/schema/index';
import { suspendOrder } from '../../src/server/billing/order-lifecycle';
import { deliverLeftCompanyEmails, deliverQueuedCompanyEmails } from '../../src/server/services/company-mail';
import type { Mailer } from '../../src/server/mail/mailer';
import type { Contact } from '../../src/lib/api/company-contacts';
import type { Page } from '../../src/lib/schemas/lists';
import {
  CONTACT_ALREADY_VERIFIED,
  CONTACT_CREATED,
  CONTACT_DELETED,
  CONTACT_EMAIL,
  CONTACT_EMAIL_INVALID,
  CONTACT_EMAIL_TAKEN,
  CONTACT_FIRST_NAME,
  CONTACT_LAST_NAME,
  CONTACT_NOT_DELETABLE,
  CONTACT_RESENT,
  CONTACT_UPDATED,
} from '../../src/lib/schemas/company-contacts';
import { createWebsiteSetupOrder } from '../../src/lib/requests/services';
import type { TestApp } from './helpers/app';
import { useDemoApp, type Session } from './helpers/demo-app';
import { codeFrom, hashFrom, lastMailTo } from './helpers/mail';
import { payInFull } from './helpers/pay';
import { listCompanyEmails } from '../../src/lib/requests/company-emails';
import { CONTACT_SECRETS_NOT_KEPT } from '../../src/lib/schemas/company-contacts';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: Session;
let foreignCompany: string;

useDemoApp((app) => ({ database, t, demo, foreignCompany } = app));

const base = () => `/account/companies/${demo.company}/contacts/`;
const bodyOf = async <T>(res: Response) => (await res.json()) as T;
type Refusal = { errors: string[]; fields?: Record<string, string> };

async function create(body: Record<string, unknown>) {
  const res = await t.call('POST', base(), { ...demo, body });
  expect(res.status).toBe(201);
  return (await bodyOf<{ message: string; contact: Contact }>(res)).contact;
}

/** Follows the emailed link and code, as the contact does at /auth/verify/contact. */
async function verify(email: string) {
  const mail = lastMailTo(t, email);
  const res = await t.call('POST', '/account/companies/contacts/verification/', {
    body: { hash: hashFrom(mail.text, '/auth/verify/contact'), verification_code: codeFrom(mail.text) },
  });
  expect(res.status).toBe(200);
}

describe('GET /account/companies/{guid}/contacts/', () => {
  it('lists the company’s contacts, oldest first, with their events', async () => {
    const res = await t.call('GET', base(), demo);
    expect(res.status).toBe(200);
    const page = await bodyOf<Page<Contact>>(res);
    expect(page.total).toBe(4);
    expect(page.data[0]).toMatchObject({ first_name: 'Dana', status: 'ACTIVE', can_be_disabled: false, selected_events: [] });
    expect(page.data.find((c) => c.first_name === 'Andy')).toMatchObject({ status: 'VERIFICATION', can_be_disabled: true });
  });

  it('answers 404 for another company’s path and 403 without can_view_company_contacts', async () => {
    expect((await t.call('GET', `/account/companies/${foreignCompany}/contacts/`, demo)).status).toBe(404);
    await withoutOwnerScopes(database, demo.company, ['can_view_company_contacts'], async () => {
      expect((await t.call('GET', base(), demo)).status).toBe(403);
    });
  });
});

describe('POST /account/companies/{guid}/contacts/', () => {
  it('creates one contact when the same address is added twice at once', async () => {
    const body = { first_name: 'Twin', last_name: 'Request', email_address: 'twin@example.test', events: [] };
    const answers = await Promise.all([0, 1].map(() => t.call('POST', base(), { ...demo, body })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const page = await bodyOf<Page<Contact>>(await t.call('GET', `${base()}?per_page=100`, demo));
    expect(page.data.filter((c) => c.email_address === 'twin@example.test')).toHaveLength(1);
  });

  it('refuses missing names and address, a bad address and one already a contact, with the spec’s sentences', async () => {
    const missing = await t.call('POST', base(), { ...demo, body: { first_name: ' ', last_name: '', email_address: '' } });
    expect(missing.status).toBe(400);
    expect((await bodyOf<Refusal>(missing)).fields).toEqual({ first_name: CONTACT_FIRST_NAME, last_name: CONTACT_LAST_NAME, email_address: CONTACT_EMAIL });
    const bad = await t.call('POST', base(), { ...demo, body: { first_name: 'A', last_name: 'B', email_address: 'not-an-address' } });
    expect((await bodyOf<Refusal>(bad)).fields).toEqual({ email_address: CONTACT_EMAIL_INVALID });
    const event = await t.call('POST', base(), { ...demo, body: { first_name: 'A', last_name: 'B', email_address: 'a@b.test', events: ['new_moon'] } });
    expect(event.status).toBe(400);
    const taken = await t.call('POST', base(), { ...demo, body: { first_name: 'A', last_name: 'B', email_address: 'FINANCE@northwind-agency.test' } });
    expect(taken.status).toBe(409);
    expect(await bodyOf<Refusal>(taken)).toMatchObject({ errors: [CONTACT_EMAIL_TAKEN], fields: { email_address: CONTACT_EMAIL_TAKEN } });
  });

  it('creates a contact in VERIFICATION and emails it the link and code; following them makes it ACTIVE', async () => {
    const res = await t.call('POST', base(), {
      ...demo,
      body: { first_name: 'Vera', last_name: 'Verify', email_address: 'vera@example.test', events: ['new_invoice', 'new_invoice'] },
    });
    expect(res.status).toBe(201);
    const body = await bodyOf<{ message: string; contact: Contact }>(res);
    expect(body).toMatchObject({ message: CONTACT_CREATED, contact: { status: 'VERIFICATION', selected_events: ['new_invoice'], can_be_disabled: true } });
    const mail = lastMailTo(t, 'vera@example.test');
    expect(mail.subject).toBe('Please verify your email address');
    // Company > Emails shows the email to every member who may read the tab, but not its link
    // and code: whoever saw them there could verify an address that is not theirs.
    const recorded = (await listCompanyEmails(t.client(demo), demo.company, { email: 'vera@example.test' })).data[0]!;
    expect(recorded.content).toContain(CONTACT_SECRETS_NOT_KEPT);
    expect(recorded.content).not.toContain(codeFrom(mail.text));
    expect(recorded.content).not.toContain(hashFrom(mail.text, '/auth/verify/contact'));
    expect((await listCompanyEmails(t.client(demo), demo.company, { content: codeFrom(mail.text) })).total).toBe(0);
    await verify('vera@example.test');
    const one = await bodyOf<Contact>(await t.call('GET', `${base()}${body.contact.guid}/`, demo));
    expect(one.status).toBe('ACTIVE');
  });

  it('refuses without can_add_company_contacts and for another company’s path', async () => {
    const body = { first_name: 'No', last_name: 'Scope', email_address: 'noscope@example.test' };
    await withoutOwnerScopes(database, demo.company, ['can_add_company_contacts'], async () => {
      expect((await t.call('POST', base(), { ...demo, body })).status).toBe(403);
    });
    expect((await t.call('POST', `/account/companies/${foreignCompany}/contacts/`, { ...demo, body })).status).toBe(404);
  });
});

describe('one contact: GET, POST, DELETE /account/companies/{guid}/contacts/{id}/', () => {
  it('changes names and events; the address cannot be changed', async () => {
    const c = await create({ first_name: 'Ed', last_name: 'Edit', email_address: 'ed@example.test' });
    const res = await t.call('POST', `${base()}${c.guid}/`, { ...demo, body: { first_name: 'Edward', last_name: 'Edit', events: ['ssl_install'] } });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({ message: CONTACT_UPDATED, contact: { first_name: 'Edward', selected_events: ['ssl_install'], email_address: 'ed@example.test' } });
    const moved = await t.call('POST', `${base()}${c.guid}/`, { ...demo, body: { first_name: 'Ed', last_name: 'Edit', email_address: 'other@example.test' } });
    expect(moved.status).toBe(400);
    const missing = await t.call('POST', `${base()}${c.guid}/`, { ...demo, body: { first_name: '', last_name: '' } });
    expect((await bodyOf<Refusal>(missing)).fields).toEqual({ first_name: CONTACT_FIRST_NAME, last_name: CONTACT_LAST_NAME });
    await withoutOwnerScopes(database, demo.company, ['can_edit_company_contacts'], async () => {
      expect((await t.call('POST', `${base()}${c.guid}/`, { ...demo, body: { first_name: 'X', last_name: 'Y' } })).status).toBe(403);
    });
  });

  it('deletes a contact that can be disabled, not the company’s own one', async () => {
    const c = await create({ first_name: 'Del', last_name: 'Ete', email_address: 'del@example.test' });
    await withoutOwnerScopes(database, demo.company, ['can_delete_company_contacts'], async () => {
      expect((await t.call('DELETE', `${base()}${c.guid}/`, demo)).status).toBe(403);
    });
    const res = await t.call('DELETE', `${base()}${c.guid}/`, demo);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: CONTACT_DELETED });
    expect((await t.call('GET', `${base()}${c.guid}/`, demo)).status).toBe(404);
    const [own] = await database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyGuid, demo.company), eq(contacts.canBeDisabled, false)));
    const refused = await t.call('DELETE', `${base()}${own!.guid}/`, demo);
    expect(refused.status).toBe(409);
    expect((await bodyOf<Refusal>(refused)).errors).toEqual([CONTACT_NOT_DELETABLE]);
  });

  it('answers 404 for another company’s contact, whatever the call', async () => {
    const [theirs] = await database.db
      .insert(contacts)
      .values({ companyGuid: foreignCompany, firstName: 'Their', lastName: 'Contact', emailAddress: 'their@example.test' })
      .returning();
    const path = `${base()}${theirs!.guid}/`;
    expect((await t.call('GET', path, demo)).status).toBe(404);
    expect((await t.call('POST', path, { ...demo, body: { first_name: 'X', last_name: 'Y' } })).status).toBe(404);
    expect((await t.call('DELETE', path, demo)).status).toBe(404);
    expect((await t.call('POST', `${path}verification/`, { ...demo, body: { resend_email: true } })).status).toBe(404);
    const [still] = await database.db.select().from(contacts).where(eq(contacts.guid, theirs!.guid));
    expect(still!.firstName).toBe('Their');
  });
});

describe('POST /account/companies/{guid}/contacts/{id}/verification/', () => {
  it('sends a new verification email whose link replaces the old one', async () => {
    const c = await create({ first_name: 'Res', last_name: 'End', email_address: 'resend@example.test' });
    const first = lastMailTo(t, 'resend@example.test');
    const res = await t.call('POST', `${base()}${c.guid}/verification/`, { ...demo, body: { resend_email: true } });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: CONTACT_RESENT });
    const second = lastMailTo(t, 'resend@example.test');
    expect(second).not.toBe(first);
    const old = await t.call('POST', '/account/companies/contacts/verification/', {
      body: { hash: hashFrom(first.text, '/auth/verify/contact'), verification_code: codeFrom(first.text) },
    });
    expect(old.status).toBe(400);
    await verify('resend@example.test');
  });

  it('refuses an ACTIVE contact, a body without resend_email, and a viewer without can_edit_company_contacts', async () => {
    const [frank] = await database.db.select().from(contacts).where(eq(contacts.emailAddress, 'finance@northwind-agency.test'));
    const path = `${base()}${frank!.guid}/verification/`;
    const active = await t.call('POST', path, { ...demo, body: { resend_email: true } });
    expect(active.status).toBe(409);
    expect((await bodyOf<Refusal>(active)).errors).toEqual([CONTACT_ALREADY_VERIFIED]);
    expect((await t.call('POST', path, { ...demo, body: {} })).status).toBe(400);
    await withoutOwnerScopes(database, demo.company, ['can_edit_company_contacts'], async () => {
      expect((await t.call('POST', path, { ...demo, body: { resend_email: true } })).status).toBe(403);
    });
  });
});

describe('company emails go to the contacts who take their event', () => {
  it('a new invoice reaches contacts subscribed to new_invoice (and to everything), not those subscribed to other events nor unverified ones', async () => {
    await create({ first_name: 'Inv', last_name: 'Oice', email_address: 'invoices@example.test', events: ['new_invoice'] });
    await verify('invoices@example.test');
    await create({ first_name: 'Dom', last_name: 'Ains', email_address: 'domains@example.test', events: ['new_domain', 'ssl_install'] });
    await verify('domains@example.test');
    await create({ first_name: 'Un', last_name: 'Verified', email_address: 'unverified@example.test', events: ['new_invoice'] });
    const before = t.outbox.length;

    const placed = await createWebsiteSetupOrder(t.client(demo), {
      website_count: 1,
      content_count: 15,
      premium_theme: false,
      managed_hosting: false,
      white_glove_domain_picking: false,
    });
    const sent = t.outbox.slice(before);
    const invoiceMails = sent.filter((m) => m.subject === `New invoice #${placed.invoice_id}`);
    // Dana and Res chose no events (every email); Frank, Vera and Inv chose new_invoice among theirs.
    expect(invoiceMails.map((m) => m.to).sort()).toEqual([
      'demo@hostdeck.test',
      'finance@northwind-agency.test',
      'invoices@example.test',
      'resend@example.test',
      'vera@example.test',
    ]);
    expect(invoiceMails[0]!.text).toContain(`Invoice #${placed.invoice_id} of $`);
    expect(sent.some((m) => m.to === 'domains@example.test' || m.to === 'unverified@example.test')).toBe(false);
    // Recorded for the Emails tab, sent, with its event.
    const rows = await database.db
      .select()
      .from(emails)
      .where(and(eq(emails.companyGuid, demo.company), eq(emails.subject, `New invoice #${placed.invoice_id}`)));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.isSent && r.template === 'new_invoice' && r.dateSent)).toBe(true);

    const paying = t.outbox.length;
    await payInFull(t, database, demo, placed.invoice_id);
    const paid = t.outbox.slice(paying).filter((m) => m.subject === 'Payment received');
    expect(paid.map((m) => m.to).sort()).toEqual(['demo@hostdeck.test', 'finance@northwind-agency.test', 'resend@example.test']);
  });

  it('a suspended order reaches the contacts who take order_suspended once the billing run delivers', async () => {
    const [order] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.companyGuid, demo.company), eq(orders.status, 'ACTIVE')))
      .limit(1);
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order!.id)).limit(1);
    await database.db
      .update(invoices)
      .set({ status: 'UNPAID', purpose: 'RENEWAL', dateDue: new Date('2020-01-01T00:00:00Z') })
      .where(eq(invoices.id, invoice!.id));
    const before = t.outbox.length;
    expect(await database.db.transaction((tx) => suspendOrder(tx, order!.id, new Date()))).toBe(true);
    // Recorded in the transaction, unsent ('Scheduled') until delivered.
    const [queued] = await database.db
      .select()
      .from(emails)
      .where(and(eq(emails.companyGuid, demo.company), eq(emails.subject, `Order #${order!.id} suspended`)))
      .limit(1);
    expect(queued).toMatchObject({ isSent: false, template: 'order_suspended' });
    await deliverQueuedCompanyEmails(database.db, t.deps.mailer, new Date());
    const sent = t.outbox.slice(before).filter((m) => m.subject === `Order #${order!.id} suspended`);
    // Dana and Res chose no events (every email); Frank's and the others' choices leave this one out.
    expect(sent.map((m) => m.to).sort()).toEqual(['demo@hostdeck.test', 'resend@example.test']);
    // A second delivery sends nothing again.
    await deliverQueuedCompanyEmails(database.db, t.deps.mailer, new Date());
    expect(t.outbox.slice(before).filter((m) => m.subject === `Order #${order!.id} suspended`)).toHaveLength(2);
  });

  it('delivers the company emails a stopped process left unsent, once, and tries a refused one again after ten minutes', async () => {
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const row = (subject: string, dateCreated: Date, more: Partial<typeof emails.$inferInsert> = {}) => ({
      companyGuid: demo.company,
      template: 'new_invoice',
      subject,
      content: `<p>${subject}</p>`,
      name: 'Dana',
      email: 'left@example.test',
      isSent: false,
      dateCreated,
      ...more,
    });
    await database.db
      .insert(emails)
      .values([
        row('Left behind', ago(5)),
        row('Abandoned claim', ago(20), { dateSent: ago(11) }),
        row('Recorded just now', ago(0.2)),
        row('Being sent', ago(5), { dateSent: ago(2) }),
        row('Two days old', ago(48 * 60)),
        row('A user email', ago(5), { companyGuid: null, template: 'verify_email' }),
      ]);
    const subjects = ['Left behind', 'Abandoned claim', 'Recorded just now', 'Being sent', 'Two days old', 'A user email'];
    const sentOf = async () =>
      new Map((await database.db.select().from(emails).where(eq(emails.email, 'left@example.test'))).filter((r) => subjects.includes(r.subject)).map((r) => [r.subject, r.isSent]));
    const before = t.outbox.length;
    await deliverLeftCompanyEmails(database.db, t.deps.mailer, now);
    await deliverLeftCompanyEmails(database.db, t.deps.mailer, now);
    const out = t.outbox.slice(before).filter((m) => m.to === 'left@example.test');
    expect(out.map((m) => m.subject).sort()).toEqual(['Abandoned claim', 'Left behind']);
    expect(out.find((m) => m.subject === 'Left behind')!.text).toBe('Left behind');
    expect(Object.fromEntries(await sentOf())).toEqual({
      'Left behind': true,
      'Abandoned claim': true,
      'Recorded just now': false,
      'Being sent': false,
      'Two days old': false,
      'A user email': false,
    });

    const refusing: Mailer = {
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
    };
    await database.db.insert(emails).values(row('Refused', ago(5), { email: 'refused@example.test' }));
    await deliverLeftCompanyEmails(database.db, refusing, now);
    const [refused] = await database.db.select().from(emails).where(eq(emails.email, 'refused@example.test'));
    expect(refused).toMatchObject({ isSent: false, error: '550 mailbox unavailable' });
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await deliverLeftCompanyEmails(database.db, t.deps.mailer, later(1));
    expect(t.outbox.filter((m) => m.to === 'refused@example.test')).toHaveLength(0);
    await deliverLeftCompanyEmails(database.db, t.deps.mailer, later(11));
    expect(t.outbox.filter((m) => m.to === 'refused@example.test')).toHaveLength(1);
    const [delivered] = await database.db.select().from(emails).where(eq(emails.email, 'refused@example.test'));
    expect(delivered!.isSent).toBe(true);
  });
});
