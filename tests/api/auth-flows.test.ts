import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, companies, contacts, emailTokens, emails, memberships, users } from '../../src/server/db/schema/index';
import { ALL_SCOPES } from '../../src/lib/rules/scopes';
import { sendContactVerification } from '../../src/server/services/contact-verification';
import { openSeededApp, type TestApp } from './helpers/app';
import { codeFrom, hashFrom, lastMailTo } from './helpers/mail';

let database: Database;
let t: TestApp;
let ipCounter = 0;
/** Each test its own address, so the per-address lookup limit stays out of the way unless tested. */
const freshIp = () => ({ 'x-test-ip': `10.9.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}` });

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

const PASSWORD = 'correct horse battery';
const signup = (over: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  password: PASSWORD,
  company_name: 'Analytical Engines',
  currency: 'EUR',
  address1: '12 St James Square',
  city: 'London',
  region: 'London',
  country: 'GB',
  postal_code: 'SW1Y 4JH',
  found_us: 'Google',
  agree_terms: true,
  utm_source: 'newsletter',
  aff_click_id: 'click-42',
  ...over,
});
const post = (path: string, body: unknown) => t.call('POST', path, { body, headers: freshIp() });

describe('POST /auth/register/validate-email/ and /auth/vat/', () => {
  it('accepts a free address and refuses a taken one or a malformed one', async () => {
    expect(await (await post('/auth/register/validate-email/', { email: 'new@example.test' })).json()).toEqual({ valid: true });
    const taken = await post('/auth/register/validate-email/', { email: 'Demo@Hostdeck.test' });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ fields: { email: 'This email address cannot be used for a new account. If it is yours, log in or reset your password.' } });
    const bad = await post('/auth/register/validate-email/', { email: 'not-an-email' });
    expect(await bad.json()).toMatchObject({ fields: { email: 'Please enter a valid email address!' } });
  });

  it('limits lookups from one address', async () => {
    const headers = { 'x-test-ip': '10.200.0.1' };
    for (let i = 0; i < 30; i++) expect((await t.call('POST', '/auth/register/validate-email/', { body: { email: `x${i}@example.test` }, headers })).status).toBe(200);
    const res = await t.call('POST', '/auth/register/validate-email/', { body: { email: 'y@example.test' }, headers });
    expect(res.status).toBe(429);
  });

  it('checks the VAT number checksum and the registry name', async () => {
    expect(await (await post('/auth/vat/', { vat_id: 'EE102345605', company_name: 'northwind web  agency' })).json()).toEqual({ is_valid: true, invalid_company: false });
    expect(await (await post('/auth/vat/', { vat_id: 'EE 102 345 605', company_name: 'Someone Else' })).json()).toEqual({ is_valid: true, invalid_company: true });
    expect(await (await post('/auth/vat/', { vat_id: 'BE0897221791', company_name: 'x' })).json()).toEqual({ is_valid: false, invalid_company: false });
    const empty = await post('/auth/vat/', { vat_id: '' });
    expect(await empty.json()).toMatchObject({ fields: { vat_id: 'Please enter a valid VAT ID!' } });
  });
});

describe('POST /auth/register/', () => {
  it('answers each validation sentence of spec part 1, 5', async () => {
    const res = await post('/auth/register/', { company_name: 'n/a', found_us: 'Other', agree_terms: false });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({
      first_name: 'Please enter your first name!',
      last_name: 'Please enter your last name!',
      email: 'Please enter a valid email address!',
      password: 'Please enter your password!',
      company_name: "If you don't have a company name, please enter your name!",
      currency: 'Please choose a currency!',
      address1: 'Please enter your address!',
      city: 'Please enter your city!',
      region: 'Please enter your region!',
      country: 'Please enter your country!',
      postal_code: 'Please enter your postal code!',
      agree_terms: 'Please accept the Terms of Service and the Privacy Policy!',
    });
    const vague = await post('/auth/register/', signup({ found_us: 'Other', found_us_specific: '  ' }));
    expect(await vague.json()).toMatchObject({ fields: { found_us_specific: 'Please be specific about where you found us!' } });
    const placeholder = await post('/auth/register/', signup({ company_name: 'NOT AVAILABLE' }));
    expect(await placeholder.json()).toMatchObject({ fields: { company_name: "If you don't have a company name, please enter your name!" } });
    const short = await post('/auth/register/', signup({ company_name: 'Abc' }));
    expect(await short.json()).toMatchObject({ fields: { company_name: 'Please enter a correct company name or enter your full name!' } });
  });

  it('refuses weak passwords on the server', async () => {
    for (const [password, sentence] of [
      ['short', 'Your password must be at least 8 characters long.'],
      ['ada@example.test', 'Your password cannot be your email address.'],
      ['password123', 'This password is too common. Please choose another one.'],
      ['x'.repeat(129), 'Your password can be at most 128 characters long.'],
    ] as const) {
      const res = await post('/auth/register/', signup({ password }));
      expect(await res.json(), password).toMatchObject({ fields: { password: sentence } });
    }
  });

  it('refuses a VAT number that fails or names another company', async () => {
    expect(await (await post('/auth/register/', signup({ vat_id: 'BE0897221791' }))).json()).toMatchObject({ fields: { vat_id: 'Please enter a valid VAT ID!' } });
    expect(await (await post('/auth/register/', signup({ vat_id: 'EE102345605' }))).json()).toMatchObject({ fields: { company_name: 'The company name must exactly match the registry!' } });
  });

  it('creates the user, the company, an OWNER membership with every scope, and emails a single-use verification link', async () => {
    const res = await post('/auth/register/', signup({ found_us: 'Conference', found_us_specific: 'WebSummit' }));
    expect(res.status).toBe(201);
    const [user] = await database.db.select().from(users).where(eq(users.email, 'ada@example.test'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.foundUs).toBe('Conference: WebSummit');
    expect(user!.tracking).toEqual({ utm_source: 'newsletter', aff_click_id: 'click-42' });
    expect(user!.todoList).toMatchObject({ set_up_ip_group: false, closed: false });
    const [m] = await database.db.select().from(memberships).where(eq(memberships.userGuid, user!.guid));
    expect(m!.accountType).toBe('OWNER');
    expect([...m!.permissions].sort()).toEqual([...ALL_SCOPES].sort());
    const [company] = await database.db.select().from(companies).where(eq(companies.guid, m!.companyGuid));
    expect(company).toMatchObject({ name: 'Analytical Engines', currency: 'EUR', showGettingStarted: true, country: 'GB' });
    const logs = await database.db.select().from(activityLogs).where(eq(activityLogs.companyGuid, company!.guid));
    expect(logs.map((l) => l.verb)).toEqual(['signed up with']);

    // Not verified yet: sign-in says so, with the flag that shows the resend button.
    const early = await post('/auth/login/', { email: 'ada@example.test', password: PASSWORD });
    expect(await early.json()).toMatchObject({ code: 'email_not_verified', email_not_verified: true });

    const mail = lastMailTo(t, 'ada@example.test');
    const hash = hashFrom(mail.text, '/auth/verify');
    const stored = await database.db.select().from(emailTokens).where(eq(emailTokens.userGuid, user!.guid));
    expect(stored.some((r) => r.tokenHash === hash)).toBe(false);

    const ok = await post('/auth/verify/', { token: hash });
    expect(await ok.json()).toEqual({ message: 'Email address successfully verified!' });
    const verifiedLogs = await database.db.select().from(activityLogs).where(eq(activityLogs.actorGuid, user!.guid));
    expect(verifiedLogs.map((l) => l.verb).sort()).toEqual(['signed up with', 'verified the email address of']);
    const again = await post('/auth/verify/', { token: hash });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ errors: ['This verification link is not valid or has expired. Please request a new verification email from the login page.'] });

    const login = await post('/auth/login/', { email: 'ada@example.test', password: PASSWORD, fingerprint: 'ada-laptop' });
    expect(await login.json()).toMatchObject({ token: expect.any(String), user: { company: { name: 'Analytical Engines' } } });

    const twice = await post('/auth/register/', signup());
    expect(await twice.json()).toMatchObject({ fields: { email: expect.stringContaining('cannot be used') } });
  });

  it('resends the verification email with one answer for every address, and the link expires after 48 hours', async () => {
    await post('/auth/register/', signup({ email: 'late@example.test' }));
    const first = hashFrom(lastMailTo(t, 'late@example.test').text, '/auth/verify');
    for (const email of ['late@example.test', 'nobody@example.test', 'demo@hostdeck.test']) {
      expect(await (await post('/auth/verify/resend/', { email })).json()).toEqual({ message: 'Verification successfully requested! Please check your mailbox!' });
    }
    const second = hashFrom(lastMailTo(t, 'late@example.test').text, '/auth/verify');
    expect(second).not.toBe(first);
    expect((await post('/auth/verify/', { token: first })).status).toBe(400);
    t.advance(49 * 3_600_000);
    expect((await post('/auth/verify/', { token: second })).status).toBe(400);
    expect(await (await post('/auth/verify/', {})).json()).toMatchObject({ fields: { token: expect.any(String) } });
  });
});

describe('validation sentences of the other sign-in calls', () => {
  it('asks for the fields each call needs', async () => {
    expect(await (await post('/auth/verify/resend/', {})).json()).toMatchObject({ fields: { email: 'Please enter your email address!' } });
    expect(await (await post('/auth/login/2fa/', { code: '123456' })).json()).toMatchObject({ fields: { session_id: 'Your sign-in has expired. Please sign in again.' } });
    expect(await (await post('/auth/login/2fa/', { session_id: 'x', code: '123456', code_type: 'SMS' })).json()).toMatchObject({ fields: { code_type: 'Please choose Code or Backup code!' } });
    expect(await (await post('/auth/login/device/', { session_id: 'x', code: '12345' })).json()).toMatchObject({ fields: { code: 'Please enter the 6 digit code!' } });
    const unknown = await post('/auth/login/device/', { session_id: '00000000-0000-4000-8000-000000000000', code: '123456' });
    expect(await unknown.json()).toMatchObject({ errors: ['Your sign-in has expired. Please sign in again.'] });
  });
});

describe('password recovery', () => {
  const RECOVER = 'If your email exists in our database, you will get an email very soon with instructions to reset your password!';

  it('answers the same for known and unknown addresses and emails only the known one', async () => {
    const before = t.outbox.length;
    expect(await (await post('/auth/recover/', { email_address: 'nobody@example.test' })).json()).toEqual({ message: RECOVER });
    expect(t.outbox.length).toBe(before);
    expect(await (await post('/auth/recover/', { email_address: 'Staff@hostdeck.test', utm_source: 'x' })).json()).toEqual({ message: RECOVER });
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Reset your password');
    expect(await (await post('/auth/recover/', {})).json()).toMatchObject({ fields: { email_address: 'Please enter your email address!' } });
  });

  it('validates the link, resets the password once, and ends every session', async () => {
    const old = await t.signIn('staff@hostdeck.test');
    await post('/auth/recover/', { email_address: 'staff@hostdeck.test' });
    const hash = hashFrom(lastMailTo(t, 'staff@hostdeck.test').text, '/auth/reset');
    expect(await (await t.call('GET', `/auth/recover/${hash}/validate/`)).json()).toEqual({ valid: true });
    expect((await t.call('GET', '/auth/recover/not-a-hash/validate/')).status).toBe(400);

    const mismatch = await post('/auth/recover/reset/', { hash, password: 'a new long password', password_repeat: 'another' });
    expect(await mismatch.json()).toMatchObject({ fields: { password_repeat: 'Your passwords do not match!' } });
    const missing = await post('/auth/recover/reset/', { hash });
    expect(await missing.json()).toMatchObject({ fields: { password: 'Please enter your password!', password_repeat: 'Please repeat your password!' } });
    const weak = await post('/auth/recover/reset/', { hash, password: 'password123', password_repeat: 'password123' });
    expect(await weak.json()).toMatchObject({ fields: { password: 'This password is too common. Please choose another one.' } });

    const ok = await post('/auth/recover/reset/', { hash, password: 'a new long password', password_repeat: 'a new long password' });
    expect(await ok.json()).toEqual({ message: 'Password successfully reset!' });
    expect((await t.call('GET', '/account/whoami/', { token: old.token })).status).toBe(401);
    expect((await post('/auth/recover/reset/', { hash, password: 'yet another password', password_repeat: 'yet another password' })).status).toBe(400);
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Security notice: your sign-in settings changed');
    expect((await post('/auth/login/', { email: 'staff@hostdeck.test', password: 'a new long password' })).status).toBe(200);
  });

  it('lets a reset link expire after an hour and a newer request replace it', async () => {
    await post('/auth/recover/', { email_address: 'customer@hostdeck.test' });
    const first = hashFrom(lastMailTo(t, 'customer@hostdeck.test').text, '/auth/reset');
    await post('/auth/recover/', { email_address: 'customer@hostdeck.test' });
    const second = hashFrom(lastMailTo(t, 'customer@hostdeck.test').text, '/auth/reset');
    expect((await t.call('GET', `/auth/recover/${first}/validate/`)).status).toBe(400);
    t.advance(61 * 60_000);
    const late = await t.call('GET', `/auth/recover/${second}/validate/`);
    expect(await late.json()).toMatchObject({ errors: ['This password reset link is not valid or has expired. Please request a new one.'] });
  });
});

describe('contact verification and unsubscribe', () => {
  it('verifies a contact with the emailed link and code, once', async () => {
    const [company] = await database.db.select().from(companies).where(eq(companies.name, 'Northwind Web Agency'));
    const [contact] = await database.db.insert(contacts).values({ companyGuid: company!.guid, firstName: 'Vera', lastName: 'Fy', emailAddress: 'vera@example.test' }).returning();
    await sendContactVerification(t.deps, database.db, contact!.guid);
    const mail = lastMailTo(t, 'vera@example.test');
    const hash = hashFrom(mail.text, '/auth/verify/contact');
    const code = codeFrom(mail.text);
    const missing = await post('/account/companies/contacts/verification/', { hash });
    expect(await missing.json()).toMatchObject({ fields: { verification_code: 'Please enter the verification code from the email!' } });
    const wrong = await post('/account/companies/contacts/verification/', { hash, verification_code: code === '000000' ? '111111' : '000000' });
    expect(await wrong.json()).toMatchObject({ errors: ['The verification code is not correct.'] });
    const ok = await post('/account/companies/contacts/verification/', { hash, verification_code: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(await ok.json()).toEqual({ message: 'Email successfully verified! You may close this browser window now.' });
    const [after] = await database.db.select().from(contacts).where(eq(contacts.guid, contact!.guid));
    expect(after!.status).toBe('ACTIVE');
    expect((await post('/account/companies/contacts/verification/', { hash, verification_code: code })).status).toBe(400);
  });

  it('throttles wrong contact codes', async () => {
    const [company] = await database.db.select().from(companies).where(eq(companies.name, 'Northwind Web Agency'));
    const [contact] = await database.db.insert(contacts).values({ companyGuid: company!.guid, firstName: 'Gus', lastName: 'Ser', emailAddress: 'gus@example.test' }).returning();
    await sendContactVerification(t.deps, database.db, contact!.guid);
    const mail = lastMailTo(t, 'gus@example.test');
    const hash = hashFrom(mail.text, '/auth/verify/contact');
    const wrongCode = codeFrom(mail.text) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/account/companies/contacts/verification/', { hash, verification_code: wrongCode })).status).toBe(400);
    expect((await post('/account/companies/contacts/verification/', { hash, verification_code: codeFrom(mail.text) })).status).toBe(429);
  });

  it('unsubscribes a user from marketing emails by the eid of an email they got', async () => {
    await post('/auth/recover/', { email_address: 'demo@hostdeck.test' });
    const [row] = await database.db.select().from(emails).where(and(eq(emails.email, 'demo@hostdeck.test'), eq(emails.template, 'reset_password')));
    const res = await t.call('GET', `/account/unsubscribe/?eid=${row!.guid}`);
    expect(await res.json()).toEqual({ message: 'You have been successfully unsubscribed!' });
    const [user] = await database.db.select().from(users).where(eq(users.email, 'demo@hostdeck.test'));
    expect(user!.receiveMarketingEmails).toBe(false);
    const logs = await database.db.select().from(activityLogs).where(eq(activityLogs.actorGuid, user!.guid));
    expect(logs.map((l) => l.verb)).toContain('unsubscribed from marketing emails');
  });

  it('unsubscribes a contact from that kind of email', async () => {
    const [company] = await database.db.select().from(companies).where(eq(companies.name, 'Northwind Web Agency'));
    const [contact] = await database.db.insert(contacts).values({ companyGuid: company!.guid, firstName: 'Ina', lastName: 'Voice', emailAddress: 'ina@example.test', status: 'ACTIVE', selectedEvents: ['new_invoice', 'new_payment'] }).returning();
    const [mail] = await database.db.insert(emails).values({ companyGuid: company!.guid, template: 'new_invoice', subject: 'Invoice', content: '<p>x</p>', email: 'ina@example.test' }).returning();
    expect((await t.call('GET', `/account/unsubscribe/?eid=${mail!.guid}`)).status).toBe(200);
    const [after] = await database.db.select().from(contacts).where(eq(contacts.guid, contact!.guid));
    expect(after!.selectedEvents).toEqual(['new_payment']);
  });

  it('answers an unknown or missing eid with the error sentence', async () => {
    for (const q of ['?eid=00000000-0000-4000-8000-000000000000', '?eid=nope', '']) {
      const res = await t.call('GET', `/account/unsubscribe/${q}`);
      expect(res.status, q).toBeGreaterThanOrEqual(400);
      expect(await res.json()).toMatchObject({ errors: ['Something went wrong, please contact our support.'] });
    }
  });
});
