import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, invitations, ipGroups, memberships, users } from '../../src/server/db/schema/index';
import { billedParty } from '../../src/server/billing/billed-party';
import { invitationCodeFor } from '../../src/server/services/invitation-code';
import { getCompany } from '../../src/lib/requests/account';
import { verifyEmail } from '../../src/lib/requests/auth-flows';
import {
  createApiKey,
  createCompanyUser,
  deleteApiKey,
  deleteCompanyUser,
  getCompanyUser,
  inviteCompanyUser,
  listCompanyUsers,
  updateCompanyProfile,
  updateCompanyUser,
  updateInvoiceNotes,
} from '../../src/lib/requests/company';
import { PRESETS } from '../../src/lib/rules/scopes';
import { BEYOND_REACH } from '../../src/lib/rules/access-reach';
import { hashFrom, lastMailTo } from './helpers/mail';
import { refusal } from './helpers/outcomes';
import { withoutOwnerScopes } from './helpers/scopes';
import { OUTRANKS_YOU } from '../../src/server/services/company-users';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let bluebird: { token: string; company: string };
let staffGuid: string;
let ownerGuid: string;
let bluebirdOwnerGuid: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  bluebird = await t.signIn('bluebird@hostdeck.test');
  const guidOf = async (email: string) => (await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, email)))[0]!.guid;
  staffGuid = await guidOf('staff@hostdeck.test');
  ownerGuid = await guidOf('demo@hostdeck.test');
  bluebirdOwnerGuid = await guidOf('bluebird@hostdeck.test');
});
afterAll(() => database.close());

const PROFILE = { name: 'Demo Hosting OÜ', address1: 'Pärnu mnt 1', address2: '', city: 'Tallinn', region: 'Harju', postal_code: '10111', phone: '+372 5555 0000', country: 'ee' };

/** A person of the demo company made through the API, their address verified, signed in. */
async function newMember(label: string, permissions: readonly string[]) {
  const email = `${label}-${Date.now()}@example.test`;
  const password = 'a long enough passphrase';
  const created = await createCompanyUser(t.client(demo), demo.company, { first_name: 'New', last_name: label, email: `  ${email.toUpperCase()} `, password });
  await verifyEmail(t.client(), hashFrom(lastMailTo(t, email).text, '/auth/verify'));
  await updateCompanyUser(t.client(demo), demo.company, created.user.user.guid, { permissions: [...permissions] });
  return { guid: created.user.user.guid, email, session: await t.signIn(email, password) };
}

describe('POST /account/companies/{guid}/ (profile)', () => {
  it("saves the profile and answers 'Company successfully updated!'", async () => {
    const answer = await updateCompanyProfile(t.client(demo), demo.company, PROFILE);
    expect(answer.message).toBe('Company successfully updated!');
    expect(answer.company).toMatchObject({ name: 'Demo Hosting OÜ', country: 'EE', address2: null, city: 'Tallinn' });
    const detail = await getCompany(t.client(demo), demo.company);
    expect(detail).toMatchObject({ name: 'Demo Hosting OÜ', phone: '+372 5555 0000' });
    expect(detail.support_pin).toMatch(/^\d{6}$/);
    expect(detail.permissions).toContain('can_edit_company_profile');
  });

  it('answers each required field with its sentence (spec part 3, 5 Company profile)', async () => {
    const error = await refusal(updateCompanyProfile(t.client(demo), demo.company, { name: ' ', address1: '', city: '', region: '', postal_code: '', phone: '', country: '' }));
    expect(error.status).toBe(400);
    expect(error.body.fields).toMatchObject({
      name: 'Please enter your company name!',
      address1: 'Please enter your address!',
      city: 'Please enter your city!',
      region: 'Please enter your region!',
      postal_code: 'Please enter your postal code!',
      phone: 'Please enter your phone!',
      country: 'Please enter your country!',
    });
  });

  it('needs can_edit_company_profile', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_edit_company_profile'], async () => {
      const error = await refusal(updateCompanyProfile(t.client(demo), demo.company, PROFILE));
      expect(error.status).toBe(403);
      expect(error.message).toContain('can_edit_company_profile');
    });
  });

  it("is 404 for another company's path", async () => {
    const error = await refusal(updateCompanyProfile(t.client(demo), bluebird.company, PROFILE));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Company not found.');
  });
});

describe('POST /account/companies/{guid}/invoice-notes/', () => {
  it("saves the notes, which new invoices then carry, and answers 'Invoice notes successfully updated!'", async () => {
    const answer = await updateInvoiceNotes(t.client(demo), demo.company, { invoice_notes: 'PO 42\nThank you' });
    expect(answer).toEqual({ message: 'Invoice notes successfully updated!', invoice_notes: 'PO 42\nThank you' });
    expect((await getCompany(t.client(demo), demo.company)).invoice_notes).toBe('PO 42\nThank you');
    expect((await billedParty(database.db, demo.company, { firstName: 'A', lastName: 'B' }, new Date())).customNotes).toBe('PO 42\nThank you');
    expect((await updateInvoiceNotes(t.client(demo), demo.company, { invoice_notes: '  ' })).invoice_notes).toBeNull();
  });

  it('needs can_edit_company_profile and the company of the request', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_edit_company_profile'], async () => {
      expect((await refusal(updateInvoiceNotes(t.client(demo), demo.company, { invoice_notes: 'x' }))).status).toBe(403);
    });
    expect((await refusal(updateInvoiceNotes(t.client(demo), bluebird.company, { invoice_notes: 'x' }))).status).toBe(404);
  });
});

describe('GET and POST /account/companies/{guid}/users/', () => {
  it('lists the people of the company, not its API keys, oldest first', async () => {
    const page = await listCompanyUsers(t.client(demo), demo.company, { page: 1, per_page: 25 });
    const emails = page.data.map((u) => u.user.email);
    expect(emails).toEqual(expect.arrayContaining(['demo@hostdeck.test', 'staff@hostdeck.test', 'customer@hostdeck.test']));
    expect(page.data.every((u) => u.account_type !== 'API_USER')).toBe(true);
    expect(page.data.find((u) => u.user.email === 'demo@hostdeck.test')).toMatchObject({ account_type: 'OWNER', is_self: true });
    expect(page.total).toBe(page.data.length);
  });

  it("creates a STAFF member without permissions, email trimmed and lowercased, and mails the address check: 'User successfully created!'", async () => {
    const answer = await createCompanyUser(t.client(demo), demo.company, {
      first_name: 'Ann',
      last_name: 'Lee',
      email: '  Ann.Lee@Example.TEST ',
      password: 'a long enough passphrase',
    });
    expect(answer.message).toBe('User successfully created!');
    expect(answer.user).toMatchObject({ user: { email: 'ann.lee@example.test', first_name: 'Ann' }, account_type: 'STAFF', status: 'ACTIVE', permissions: [], is_self: false });
    expect(lastMailTo(t, 'ann.lee@example.test').subject).toBe('Please verify your email address');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ann.lee@example.test'));
    // Hashed with argon2 as sign-up does.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers each required field with its sentence (spec part 3, 5 Create user)', async () => {
    const error = await refusal(createCompanyUser(t.client(demo), demo.company, { first_name: '', last_name: '', email: '', password: '' }));
    expect(error.body.fields).toEqual({
      first_name: 'Please enter the first name!',
      last_name: 'Please enter the last name!',
      email: 'Please enter the email!',
      password: 'Please enter the password!',
    });
  });

  it('applies the password policy and refuses a taken email', async () => {
    const weak = await refusal(createCompanyUser(t.client(demo), demo.company, { first_name: 'A', last_name: 'B', email: 'weak@example.test', password: 'password123' }));
    expect(weak.body.fields).toEqual({ password: 'This password is too common. Please choose another one.' });
    const short = await refusal(createCompanyUser(t.client(demo), demo.company, { first_name: 'A', last_name: 'B', email: 'weak@example.test', password: 'short' }));
    expect(short.body.fields?.password).toBe('Your password must be at least 8 characters long.');
    const taken = await refusal(
      createCompanyUser(t.client(demo), demo.company, { first_name: 'A', last_name: 'B', email: 'STAFF@hostdeck.test', password: 'a long enough passphrase' }),
    );
    expect(taken.body.fields?.email).toContain('already exists');
  });

  it('needs can_view_company_users to list and can_add_company_users to create', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_view_company_users'], async () => {
      expect((await refusal(listCompanyUsers(t.client(demo), demo.company, {}))).status).toBe(403);
    });
    await withoutOwnerScopes(database, demo.company, ['can_add_company_users'], async () => {
      const error = await refusal(
        createCompanyUser(t.client(demo), demo.company, { first_name: 'A', last_name: 'B', email: 'nope@example.test', password: 'a long enough passphrase' }),
      );
      expect(error.status).toBe(403);
      expect(error.message).toContain('can_add_company_users');
    });
    expect((await refusal(listCompanyUsers(t.client(demo), bluebird.company, {}))).status).toBe(404);
  });
});

describe('GET, POST and DELETE /account/companies/{guid}/users/{userGuid}/', () => {
  it("gives the BILLING preset: the person then reaches billing only, and 'User or API key successfully updated!'", async () => {
    const member = await newMember('billing', []);
    const answer = await updateCompanyUser(t.client(demo), demo.company, member.guid, { account_type: 'STAFF', status: 'ACTIVE', permissions: [...PRESETS.BILLING] });
    expect(answer.message).toBe('User or API key successfully updated!');
    expect(answer.user.permissions).toEqual([...PRESETS.BILLING]);
    expect((await t.call('GET', '/billing/invoices/', member.session)).status).toBe(200);
    expect((await t.call('GET', '/domains/groups/', member.session)).status).toBe(403);
  });

  it("takes a removed permission away on the person's next request", async () => {
    const member = await newMember('removed', [...PRESETS.BILLING]);
    expect((await t.call('GET', '/billing/invoices/', member.session)).status).toBe(200);
    await updateCompanyUser(t.client(demo), demo.company, member.guid, { permissions: PRESETS.BILLING.filter((s) => s !== 'can_view_invoices') });
    const res = await t.call('GET', '/billing/invoices/', member.session);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { errors: string[] }).errors[0]).toContain('can_view_invoices');
  });

  it("sets the account type, status and access restrictions to the company's own groups only", async () => {
    const [ipGroup] = await database.db.select().from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(1);
    const [domainGroup] = await database.db.select().from(domainGroups).where(eq(domainGroups.companyGuid, demo.company)).limit(1);
    const [foreignGroup] = await database.db.select().from(domainGroups).where(eq(domainGroups.companyGuid, bluebird.company)).limit(1);
    const answer = await updateCompanyUser(t.client(demo), demo.company, staffGuid, {
      account_type: 'ADMIN',
      status: 'DISABLED',
      allowed_ip_groups: [ipGroup!.guid],
      allowed_domain_groups: [domainGroup!.guid],
    });
    expect(answer.user).toMatchObject({ account_type: 'ADMIN', status: 'DISABLED', allowed_ip_groups: [ipGroup!.guid], allowed_domain_groups: [domainGroup!.guid] });
    const foreign = await refusal(updateCompanyUser(t.client(demo), demo.company, staffGuid, { allowed_domain_groups: [foreignGroup!.guid] }));
    expect(foreign.body.fields).toEqual({ allowed_domain_groups: 'Please choose domain groups of this company!' });
    const badPreset = await refusal(updateCompanyUser(t.client(demo), demo.company, staffGuid, { allowed_software_presets: ['00000000-0000-4000-8000-000000000000'] }));
    expect(badPreset.body.fields).toEqual({ allowed_software_presets: 'Please choose software presets of this company!' });
    const unknown = await refusal(updateCompanyUser(t.client(demo), demo.company, staffGuid, { permissions: ['can_rule_the_world'] }));
    expect(unknown.status).toBe(400);
    // Empty lists: access to all again.
    const cleared = await updateCompanyUser(t.client(demo), demo.company, staffGuid, { status: 'ACTIVE', account_type: 'STAFF', allowed_ip_groups: [], allowed_domain_groups: [] });
    expect(cleared.user).toMatchObject({ status: 'ACTIVE', allowed_ip_groups: [], allowed_domain_groups: [] });
  });

  it('lets nobody give more than they hold, nor edit or delete themselves or the owner', async () => {
    const manager = await newMember('manager', ['can_view_company_info', 'can_view_company_users', 'can_edit_company_users', 'can_delete_company_users', 'can_view_domains']);
    const target = await newMember('target', []);
    const raise = await refusal(updateCompanyUser(t.client(manager.session), demo.company, target.guid, { permissions: ['can_view_domains', 'can_view_billing'] }));
    expect(raise.status).toBe(403);
    expect(raise.message).toBe('You cannot give permissions you do not hold yourself: can_view_billing.');
    expect((await updateCompanyUser(t.client(manager.session), demo.company, target.guid, { permissions: ['can_view_domains'] })).user.permissions).toEqual(['can_view_domains']);
    const self = await refusal(updateCompanyUser(t.client(manager.session), demo.company, manager.guid, { status: 'ACTIVE' }));
    expect(self.message).toBe('You cannot edit or delete your own account!');
    const owner = await refusal(updateCompanyUser(t.client(manager.session), demo.company, ownerGuid, { status: 'DISABLED' }));
    expect(owner.message).toBe("The company's owner cannot be edited or deleted!");
    expect((await refusal(deleteCompanyUser(t.client(manager.session), demo.company, ownerGuid))).status).toBe(403);
    expect((await refusal(deleteCompanyUser(t.client(manager.session), demo.company, manager.guid))).message).toBe('You cannot edit or delete your own account!');
  });

  it('lets nobody change or remove a member who holds permissions they do not', async () => {
    const manager = await newMember('narrow-manager', [
      'can_view_company_info',
      'can_view_company_users',
      'can_edit_company_users',
      'can_delete_company_users',
      'can_view_domains',
    ]);
    const wider = await newMember('wider', ['can_view_domains', 'can_view_billing']);
    const strip = await refusal(updateCompanyUser(t.client(manager.session), demo.company, wider.guid, { permissions: [] }), 403);
    expect(strip.message).toBe(OUTRANKS_YOU);
    expect((await refusal(updateCompanyUser(t.client(manager.session), demo.company, wider.guid, { status: 'DISABLED' }), 403)).message).toBe(OUTRANKS_YOU);
    expect((await refusal(deleteCompanyUser(t.client(manager.session), demo.company, wider.guid), 403)).message).toBe(OUTRANKS_YOU);
    // Their equal or narrower is theirs to manage.
    const equal = await newMember('equal', ['can_view_domains']);
    expect((await updateCompanyUser(t.client(manager.session), demo.company, equal.guid, { status: 'DISABLED' })).user.status).toBe('DISABLED');
    expect((await deleteCompanyUser(t.client(manager.session), demo.company, equal.guid)).message).toBe('User successfully deleted!');
  });

  it('creates one user when the same address is created twice at once, and refuses the other in words', async () => {
    const input = { first_name: 'Twin', last_name: 'User', email: `twin-${Date.now()}@example.test`, password: 'a long enough passphrase' };
    const outcomes = await Promise.allSettled([0, 1].map(() => createCompanyUser(t.client(demo), demo.company, input)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 400, body: { code: 'email_taken' } });
  });

  it('lets a member restricted to some IP groups give, keep and manage only those', async () => {
    const groups = await database.db.select({ guid: ipGroups.guid }).from(ipGroups).where(eq(ipGroups.companyGuid, demo.company)).limit(2);
    const [mine, other] = groups.map((g) => g.guid);
    const scopes = [
      'can_view_company_info',
      'can_view_company_users',
      'can_add_company_users',
      'can_edit_company_users',
      'can_delete_company_users',
      'can_view_api_keys',
      'can_create_api_keys',
      'can_view_ip_addresses',
    ];
    const manager = await newMember('restricted-manager', scopes);
    await updateCompanyUser(t.client(demo), demo.company, manager.guid, { allowed_ip_groups: [mine!] });
    const asManager = t.client(manager.session);
    // What they bring in is as restricted as they are.
    const made = await createCompanyUser(asManager, demo.company, {
      first_name: 'Made',
      last_name: 'ByManager',
      email: `made-${Date.now()}@example.test`,
      password: 'a long enough passphrase',
    });
    expect(made.user.allowed_ip_groups).toEqual([mine]);
    const key = await createApiKey(asManager, demo.company, { name: 'Restricted key', allowed_ip_addresses: '127.0.0.1', permissions: ['can_view_ip_addresses'] });
    expect((await getCompanyUser(t.client(demo), demo.company, key.user_id)).allowed_ip_groups).toEqual([mine]);
    // No wider reach to give: not all groups (an empty list), not another group.
    for (const wider of [[], [other!], [mine!, other!]]) {
      const refused = await refusal(updateCompanyUser(asManager, demo.company, made.user.user.guid, { allowed_ip_groups: wider }), 403);
      expect(refused.message).toBe(BEYOND_REACH.allowed_ip_groups);
    }
    expect(
      (await updateCompanyUser(asManager, demo.company, made.user.user.guid, { permissions: ['can_view_ip_addresses'], allowed_ip_groups: [mine!] })).user.allowed_ip_groups,
    ).toEqual([mine]);
    // A member reaching every group, or an API key that does, is beyond them.
    const free = await newMember('unrestricted', []);
    expect((await refusal(updateCompanyUser(asManager, demo.company, free.guid, { status: 'DISABLED' }), 403)).message).toBe(OUTRANKS_YOU);
    expect((await refusal(deleteCompanyUser(asManager, demo.company, free.guid), 403)).message).toBe(OUTRANKS_YOU);
    const ownersKey = await createApiKey(t.client(demo), demo.company, { name: 'Owner key', allowed_ip_addresses: '127.0.0.1', permissions: ['can_view_ip_addresses'] });
    expect((await refusal(deleteApiKey(asManager, demo.company, ownersKey.guid), 403)).message).toBe(OUTRANKS_YOU);
    expect((await deleteApiKey(asManager, demo.company, key.guid)).message).toBe('API key successfully deleted!');
  });

  it("answers one member, and 404 for another company's user", async () => {
    const one = await getCompanyUser(t.client(demo), demo.company, staffGuid);
    expect(one).toMatchObject({ user: { guid: staffGuid, email: 'staff@hostdeck.test' }, api_key: null });
    const error = await refusal(getCompanyUser(t.client(demo), demo.company, bluebirdOwnerGuid));
    expect(error.status).toBe(404);
    expect(error.message).toBe('User not found.');
    expect((await refusal(updateCompanyUser(t.client(demo), demo.company, bluebirdOwnerGuid, { status: 'DISABLED' }))).status).toBe(404);
    expect((await refusal(deleteCompanyUser(t.client(demo), demo.company, bluebirdOwnerGuid))).status).toBe(404);
  });

  it('needs can_edit_company_users to edit and can_delete_company_users to delete', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_edit_company_users'], async () => {
      const error = await refusal(updateCompanyUser(t.client(demo), demo.company, staffGuid, { status: 'ACTIVE' }));
      expect(error.status).toBe(403);
      expect(error.message).toContain('can_edit_company_users');
    });
    await withoutOwnerScopes(database, demo.company, ['can_delete_company_users'], async () => {
      expect((await refusal(deleteCompanyUser(t.client(demo), demo.company, staffGuid))).status).toBe(403);
    });
  });

  it("removes a person: 'User successfully deleted!', and their next request in the company is refused", async () => {
    const member = await newMember('leaving', ['can_view_domains']);
    expect((await t.call('GET', '/domains/groups/', member.session)).status).toBe(200);
    expect(await deleteCompanyUser(t.client(demo), demo.company, member.guid)).toEqual({ message: 'User successfully deleted!' });
    expect((await t.call('GET', '/domains/groups/', member.session)).status).toBe(403);
    const [still] = await database.db.select().from(users).where(eq(users.guid, member.guid));
    expect(still).toBeDefined();
  });
});

describe('POST /account/companies/{guid}/invitations/', () => {
  it("invites the person whose code is given: 'User successfully invited!'", async () => {
    const code = await invitationCodeFor(database.db, bluebirdOwnerGuid, t.deps.now());
    expect(await inviteCompanyUser(t.client(demo), demo.company, { invitation_code: code })).toEqual({ message: 'User successfully invited!' });
    const [inv] = await database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.companyGuid, demo.company), eq(invitations.userGuid, bluebirdOwnerGuid)));
    expect(inv).toMatchObject({ status: 'PENDING', invitedByGuid: ownerGuid });
    const again = await refusal(inviteCompanyUser(t.client(demo), demo.company, { invitation_code: code }));
    expect(again.message).toBe('This user has already been invited to this company.');
  });

  it("answers 'Please enter the invitation code!', a bad code, and a member's code", async () => {
    expect((await refusal(inviteCompanyUser(t.client(demo), demo.company, { invitation_code: ' ' }))).body.fields).toEqual({
      invitation_code: 'Please enter the invitation code!',
    });
    expect((await refusal(inviteCompanyUser(t.client(demo), demo.company, { invitation_code: 'not-a-code' }))).message).toBe(
      'This invitation code is not valid or has expired. Please ask for a new one.',
    );
    const member = await invitationCodeFor(database.db, staffGuid, t.deps.now());
    expect((await refusal(inviteCompanyUser(t.client(demo), demo.company, { invitation_code: member }))).message).toBe('This user is already a member of this company.');
  });

  it("needs can_add_company_users, and 404 for another company's path", async () => {
    const code = await invitationCodeFor(database.db, staffGuid, t.deps.now());
    await withoutOwnerScopes(database, demo.company, ['can_add_company_users'], async () => {
      expect((await refusal(inviteCompanyUser(t.client(demo), demo.company, { invitation_code: code }))).status).toBe(403);
    });
    expect((await refusal(inviteCompanyUser(t.client(demo), bluebird.company, { invitation_code: code }))).status).toBe(404);
  });
});

describe("the company page of another of the user's companies", () => {
  it('acts with the permissions the user holds in the company the path and header name', async () => {
    const [second] = await database.db.select().from(companies).where(eq(companies.guid, bluebird.company));
    const [m] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyGuid, second!.guid), eq(memberships.userGuid, ownerGuid)));
    // The demo owner is STAFF in the second company: no user management there.
    expect(m!.permissions).not.toContain('can_view_company_users');
    const error = await refusal(listCompanyUsers(t.client({ token: demo.token, company: second!.guid }), second!.guid, {}));
    expect(error.status).toBe(403);
  });
});
