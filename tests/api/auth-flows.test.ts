import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, companies, contacts, emailTokens, emails, memberships, users } from '../../src/server/db/schema/index';
import { ALL_SCOPES } from '../../src/lib/rules/scopes';
import { sendContactVerification } from '../../src/server/services/contact-verification';
import { login } from '../../src/lib/requests/auth';
import { checkVatOp, recoverPasswordOp, resendVerificationOp, validateEmailOp } from '../../src/lib/api/auth-flows';
import { register, resetPassword, unsubscribe, validateResetHash, verifyContact, verifyEmail } from '../../src/lib/requests/auth-flows';
import { send } from '../../src/lib/api/send';
import type { RegisterInput } from '../../src/lib/schemas/register';
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
const signup = (over: Partial<RegisterInput> = {}): RegisterInput => ({
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
/** Raw, for bodies the typed client cannot send (missing or mistyped fields). */
const post = (path: string, body: unknown) => t.call('POST', path, { body, headers: freshIp() });
/** Calls that count against the per-address lookup limit, each from an address of its own. */
const fresh = () => ({ headers: freshIp() });
const anon = () => t.client();

describe('POST /auth/register/validate-email/ and /auth/vat/', () => {
  it('accepts a free address and refuses a taken one or a malformed one', async () => {
    const check = (email: string) => send(anon(), validateEmailOp, { body: { email } }, fresh());
    expect(await check('new@example.test')).toEqual({ valid: true });
    await expect(check('Demo@Hostdeck.test')).rejects.toMatchObject({
      status: 400,
      body: { fields: { email: 'This email address cannot be used for a new account. If it is yours, log in or reset your password.' } },
    });
    await expect(check('not-an-email')).rejects.toMatchObject({ body: { fields: { email: 'Please enter a valid email address!' } } });
  });

  it('limits lookups from one address', async () => {
    const headers = { 'x-test-ip': '10.200.0.1' };
    for (let i = 0; i < 30; i++) expect((await t.call('POST', '/auth/register/validate-email/', { body: { email: `x${i}@example.test` }, headers })).status).toBe(200);
    const res = await t.call('POST', '/auth/register/validate-email/', { body: { email: 'y@example.test' }, headers });
    expect(res.status).toBe(429);
  });

  it('checks the VAT number checksum and the registry name', async () => {
    const vat = (body: { vat_id: string; company_name?: string }) => send(anon(), checkVatOp, { body }, fresh());
    expect(await vat({ vat_id: 'EE102345605', company_name: 'northwind web  agency' })).toEqual({ is_valid: true, invalid_company: false });
    expect(await vat({ vat_id: 'EE 102 345 605', company_name: 'Someone Else' })).toEqual({ is_valid: true, invalid_company: true });
    expect(await vat({ vat_id: 'BE0897221791', company_name: 'x' })).toEqual({ is_valid: false, invalid_company: false });
    await expect(vat({ vat_id: '' })).rejects.toMatchObject({ body: { fields: { vat_id: 'Please enter a valid VAT ID!' } } });
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
    await expect(register(anon(), signup({ found_us: 'Other', found_us_specific: '  ' }))).rejects.toMatchObject({
      body: { fields: { found_us_specific: 'Please be specific about where you found us!' } },
    });
    await expect(register(anon(), signup({ company_name: 'NOT AVAILABLE' }))).rejects.toMatchObject({
      body: { fields: { company_name: "If you don't have a company name, please enter your name!" } },
    });
    await expect(register(anon(), signup({ company_name: 'Abc' }))).rejects.toMatchObject({
      body: { fields: { company_name: 'Please enter a correct company name or enter your full name!' } },
    });
  });

  it('refuses weak passwords on the server', async () => {
    for (const [password, sentence] of [
      ['short', 'Your password must be at least 8 characters long.'],
      ['ada@example.test', 'Your password cannot be your email address.'],
      ['password123', 'This password is too common. Please choose another one.'],
      ['x'.repeat(129), 'Your password can be at most 128 characters long.'],
    ] as const) {
      const refused = await register(anon(), signup({ password })).catch((error: unknown) => error);
      expect(refused, password).toMatchObject({ body: { fields: { password: sentence } } });
    }
  });

  it('refuses a VAT number that fails or names another company', async () => {
    await expect(register(anon(), signup({ vat_id: 'BE0897221791' }))).rejects.toMatchObject({ body: { fields: { vat_id: 'Please enter a valid VAT ID!' } } });
    await expect(register(anon(), signup({ vat_id: 'EE102345605' }))).rejects.toMatchObject({
      body: { fields: { company_name: 'The company name must exactly match the registry!' } },
    });
  });

  it('creates the user, the company, an OWNER membership with every scope, and emails a single-use verification link', async () => {
    // The typed client takes any 2xx; the status is the contract here, so it is read raw.
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
    await expect(login(anon(), { email: 'ada@example.test', password: PASSWORD })).rejects.toMatchObject({ body: { code: 'email_not_verified', email_not_verified: true } });

    const mail = lastMailTo(t, 'ada@example.test');
    const hash = hashFrom(mail.text, '/auth/verify');
    const stored = await database.db.select().from(emailTokens).where(eq(emailTokens.userGuid, user!.guid));
    expect(stored.some((r) => r.tokenHash === hash)).toBe(false);

    expect(await verifyEmail(anon(), hash)).toEqual({ message: 'Email address successfully verified!' });
    const verifiedLogs = await database.db.select().from(activityLogs).where(eq(activityLogs.actorGuid, user!.guid));
    expect(verifiedLogs.map((l) => l.verb).sort()).toEqual(['signed up with', 'verified the email address of']);
    await expect(verifyEmail(anon(), hash)).rejects.toMatchObject({
      status: 400,
      body: { errors: ['This verification link is not valid or has expired. Please request a new verification email from the login page.'] },
    });

    expect(await login(anon(), { email: 'ada@example.test', password: PASSWORD, fingerprint: 'ada-laptop' })).toMatchObject({
      token: expect.any(String),
      user: { company: { name: 'Analytical Engines' } },
    });

    await expect(register(anon(), signup())).rejects.toMatchObject({ body: { fields: { email: expect.stringContaining('cannot be used') } } });
  });

  it('resends the verification email with one answer for every address, and the link expires after 48 hours', async () => {
    await register(anon(), signup({ email: 'late@example.test' }));
    const first = hashFrom(lastMailTo(t, 'late@example.test').text, '/auth/verify');
    for (const email of ['late@example.test', 'nobody@example.test', 'demo@hostdeck.test']) {
      expect(await send(anon(), resendVerificationOp, { body: { email } }, fresh())).toEqual({ message: 'Verification successfully requested! Please check your mailbox!' });
    }
    const second = hashFrom(lastMailTo(t, 'late@example.test').text, '/auth/verify');
    expect(second).not.toBe(first);
    await expect(verifyEmail(anon(), first)).rejects.toMatchObject({ status: 400 });
    t.advance(49 * 3_600_000);
    await expect(verifyEmail(anon(), second)).rejects.toMatchObject({ status: 400 });
    expect(await (await post('/auth/verify/', {})).json()).toMatchObject({ fields: { token: expect.any(String) } });
  });
});

describe('validation sentences of the other sign-in calls', () => {
  it('asks for the fields each call needs', async () => {
    expect(await (await post('/auth/verify/resend/', {})).json()).toMatchObject({ fields: { email: 'Please enter your email address!' } });
    expect(await (await post('/auth/login/2fa/', { code: '123456' })).json()).toMatchObject({ fields: { session_id: 'Your sign-in has expired. Please sign in again.' } });
    expect(await (await post('/auth/login/2fa/', { session_id: 'x', code: '123456', code_type: 'SMS' })).json()).toMatchObject({
      fields: { code_type: 'Please choose Code or Backup code!' },
    });
    expect(await (await post('/auth/login/device/', { session_id: 'x', code: '12345' })).json()).toMatchObject({ fields: { code: 'Please enter the 6 digit code!' } });
    const unknown = await post('/auth/login/device/', { session_id: '00000000-0000-4000-8000-000000000000', code: '123456' });
    expect(await unknown.json()).toMatchObject({ errors: ['Your sign-in has expired. Please sign in again.'] });
  });
});

describe('password recovery', () => {
  const RECOVER = 'If your email exists in our database, you will get an email very soon with instructions to reset your password!';
  const recover = (body: { email_address: string; utm_source?: string }) => send(anon(), recoverPasswordOp, { body }, fresh());

  it('answers the same for known and unknown addresses and emails only the known one', async () => {
    const before = t.outbox.length;
    expect(await recover({ email_address: 'nobody@example.test' })).toEqual({ message: RECOVER });
    expect(t.outbox.length).toBe(before);
    expect(await recover({ email_address: 'Staff@hostdeck.test', utm_source: 'x' })).toEqual({ message: RECOVER });
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Reset your password');
    expect(await (await post('/auth/recover/', {})).json()).toMatchObject({ fields: { email_address: 'Please enter your email address!' } });
  });

  it('validates the link, resets the password once, and ends every session', async () => {
    const old = await t.signIn('staff@hostdeck.test');
    await recover({ email_address: 'staff@hostdeck.test' });
    const hash = hashFrom(lastMailTo(t, 'staff@hostdeck.test').text, '/auth/reset');
    expect(await validateResetHash(anon(), hash)).toEqual({ valid: true });
    await expect(validateResetHash(anon(), 'not-a-hash')).rejects.toMatchObject({ status: 400 });

    await expect(resetPassword(anon(), { hash, password: 'a new long password', password_repeat: 'another' })).rejects.toMatchObject({
      body: { fields: { password_repeat: 'Your passwords do not match!' } },
    });
    const missing = await post('/auth/recover/reset/', { hash });
    expect(await missing.json()).toMatchObject({ fields: { password: 'Please enter your password!', password_repeat: 'Please repeat your password!' } });
    await expect(resetPassword(anon(), { hash, password: 'password123', password_repeat: 'password123' })).rejects.toMatchObject({
      body: { fields: { password: 'This password is too common. Please choose another one.' } },
    });

    expect(await resetPassword(anon(), { hash, password: 'a new long password', password_repeat: 'a new long password' })).toEqual({ message: 'Password successfully reset!' });
    expect((await t.call('GET', '/account/whoami/', { token: old.token })).status).toBe(401);
    await expect(resetPassword(anon(), { hash, password: 'yet another password', password_repeat: 'yet another password' })).rejects.toMatchObject({ status: 400 });
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Security notice: your sign-in settings changed');
    expect(await login(anon(), { email: 'staff@hostdeck.test', password: 'a new long password' })).toMatchObject({ token: expect.any(String) });
  });

  it('lets a reset link expire after an hour and a newer request replace it', async () => {
    await recover({ email_address: 'customer@hostdeck.test' });
    const first = hashFrom(lastMailTo(t, 'customer@hostdeck.test').text, '/auth/reset');
    await recover({ email_address: 'customer@hostdeck.test' });
    const second = hashFrom(lastMailTo(t, 'customer@hostdeck.test').text, '/auth/reset');
    await expect(validateResetHash(anon(), first)).rejects.toMatchObject({ status: 400 });
    t.advance(61 * 60_000);
    await expect(validateResetHash(anon(), second)).rejects.toMatchObject({
      body: { errors: ['This password reset link is not valid or has expired. Please request a new one.'] },
    });
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
    await expect(verifyContact(anon(), { hash, verification_code: code === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      body: { errors: ['The verification code is not correct.'] },
    });
    expect(await verifyContact(anon(), { hash, verification_code: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).toEqual({
      message: 'Email successfully verified! You may close this browser window now.',
    });
    const [after] = await database.db.select().from(contacts).where(eq(contacts.guid, contact!.guid));
    expect(after!.status).toBe('ACTIVE');
    await expect(verifyContact(anon(), { hash, verification_code: code })).rejects.toMatchObject({ status: 400 });
  });

  it('throttles wrong contact codes', async () => {
    const [company] = await database.db.select().from(companies).where(eq(companies.name, 'Northwind Web Agency'));
    const [contact] = await database.db.insert(contacts).values({ companyGuid: company!.guid, firstName: 'Gus', lastName: 'Ser', emailAddress: 'gus@example.test' }).returning();
    await sendContactVerification(t.deps, database.db, contact!.guid);
    const mail = lastMailTo(t, 'gus@example.test');
    const hash = hashFrom(mail.text, '/auth/verify/contact');
    const wrongCode = codeFrom(mail.text) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expect(verifyContact(anon(), { hash, verification_code: wrongCode })).rejects.toMatchObject({ status: 400 });
    await expect(verifyContact(anon(), { hash, verification_code: codeFrom(mail.text) })).rejects.toMatchObject({ status: 429 });
  });

  it('unsubscribes a user from marketing emails by the eid of an email they got', async () => {
    await send(anon(), recoverPasswordOp, { body: { email_address: 'demo@hostdeck.test' } }, fresh());
    const [row] = await database.db
      .select()
      .from(emails)
      .where(and(eq(emails.email, 'demo@hostdeck.test'), eq(emails.template, 'reset_password')));
    expect(await unsubscribe(anon(), row!.guid)).toEqual({ message: 'You have been successfully unsubscribed!' });
    const [user] = await database.db.select().from(users).where(eq(users.email, 'demo@hostdeck.test'));
    expect(user!.receiveMarketingEmails).toBe(false);
    const logs = await database.db.select().from(activityLogs).where(eq(activityLogs.actorGuid, user!.guid));
    expect(logs.map((l) => l.verb)).toContain('unsubscribed from marketing emails');
  });

  it('unsubscribes a contact from that kind of email', async () => {
    const [company] = await database.db.select().from(companies).where(eq(companies.name, 'Northwind Web Agency'));
    const [contact] = await database.db
      .insert(contacts)
      .values({
        companyGuid: company!.guid,
        firstName: 'Ina',
        lastName: 'Voice',
        emailAddress: 'ina@example.test',
        status: 'ACTIVE',
        selectedEvents: ['new_invoice', 'new_payment'],
      })
      .returning();
    const [mail] = await database.db
      .insert(emails)
      .values({ companyGuid: company!.guid, template: 'new_invoice', subject: 'Invoice', content: '<p>x</p>', email: 'ina@example.test' })
      .returning();
    await unsubscribe(anon(), mail!.guid);
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
