/**
 * The stores of the shell and the account area in Node, through the panel's own API object
 * against the in-process API: start-up of a signed-in page, company switching, sign-out, 2FA,
 * the to-do list, notifications, the dashboard, the search and the public sign-in pages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../src/server/db/connection';
import { companies, contacts, domains, emails } from '../../src/server/db/schema/index';
import { sendContactVerification } from '../../src/server/services/contact-verification';
import { whoami } from '../../src/lib/requests/auth';
import { SEARCH_EMPTY_MESSAGE, SEARCH_NO_RESULTS_MESSAGE } from '../../src/lib/rules/search';
import { UNSUBSCRIBE_FAILED } from '../../src/lib/schemas/auth-flows';
import { $companyGuid, $token } from '../../src/stores/credentials';
import { $session, loadUser } from '../../src/stores/session';
import { $toasts, toastSuccess } from '../../src/stores/toasts';
import { can, $permissions } from '../../src/stores/permissions';
import { mayOpen, startShell } from '../../src/stores/shell';
import { ERROR_CODE_TOAST_MS, showErrorCode } from '../../src/stores/error-code';
import { currentPath, goTo, onAuthPage } from '../../src/stores/navigation';
import { selectCompany } from '../../src/stores/company-switch';
import { LOGOUT_DELAY_MS, logOutAfterDelay } from '../../src/stores/logout';
import { closeTodo, completeTodo } from '../../src/stores/todo-list';
import { $tabUnseen, markAllReadFromTab, notificationsTab } from '../../src/stores/notifications-tab';
import { $dashboard } from '../../src/stores/dashboard';
import { $search, resetSearch, runSearch } from '../../src/stores/search';
import {
  $contact,
  $recover,
  $reset,
  $unsubscribe,
  $verify,
  checkResetLink,
  contactForm,
  recoverForm,
  resetForm,
  runUnsubscribe,
  submitVerification,
} from '../../src/stores/auth-pages';
import {
  $twoFactorEnabled,
  backupCodesForm,
  countBackupCodes,
  finishTwoFactor,
  loadTwoFactor,
  twoFactorConfirmForm,
  twoFactorDisableForm,
  twoFactorStartForm,
} from '../../src/stores/two-factor';
import { $loginFlow, credentialsForm, restartLogin, twoFactorStepForm } from '../../src/stores/login';
import { $guidedControl, $wizard, guidedJump, restoreWizard } from '../../src/stores/getting-started';
import { $router } from '../../src/stores/router';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { openSeededApp, type TestApp } from './helpers/app';
import { codeFrom, hashFrom, lastMailTo } from './helpers/mail';
import { panelOn, panelSignedInAs, shownToasts, until } from './helpers/panel';
import type { PageInMemory } from './helpers/page';

let database: Database;
let t: TestApp;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

beforeEach(() => {
  $toasts.set([]);
});

/** Signed in on `path` with the user loaded, as a panel page is once its shell started. */
async function signedIn(email: string, path = '/'): Promise<{ token: string; company: string; page: PageInMemory }> {
  const session = await panelSignedInAs(t, email, path);
  await loadUser();
  $toasts.set([]);
  return session;
}

const companyNamed = async (name: string) => (await database.db.select().from(companies).where(eq(companies.name, name)))[0]!.guid;
const NOBODYS_COMPANY = '00000000-0000-4000-8000-000000000000';

describe('the shell (every signed-in page)', () => {
  it('sends a visitor without a session to sign in, coming back to this page after', () => {
    const page = panelOn(t, '/billing/invoices?page=2');
    const stop = startShell();
    stop();
    expect(page.went).toEqual([{ url: '/auth/login?next=%2Fbilling%2Finvoices%3Fpage%3D2', replace: true }]);
  });

  it("loads the user and says what an address's ?error= code means, for 5 seconds", async () => {
    const { page } = await panelSignedInAs(t, 'demo@hostdeck.test', '/billing/invoices?error=payment_failed');
    const stop = startShell();
    await until($session, (s) => s.state === 'authenticated');
    const [toast] = await until($toasts, (shown) => shown.length > 0);
    expect(toast).toMatchObject({ type: 'error', duration: ERROR_CODE_TOAST_MS });
    expect(toast!.message.length).toBeGreaterThan(10);
    // Signing out in another tab ends this page too.
    $token.set(undefined);
    expect(page.went.at(-1)).toEqual({ url: '/auth/login?next=%2Fbilling%2Finvoices%3Ferror%3Dpayment_failed', replace: true });
    stop();
  });

  it('shows nothing for an error code the API does not know', async () => {
    await signedIn('demo@hostdeck.test');
    await showErrorCode('no_such_code');
    expect($toasts.get()).toEqual([]);
  });

  it('opens the pages of the route table by the viewer’s permissions', async () => {
    await signedIn('staff@hostdeck.test');
    const staff = $session.get().user!;
    expect(mayOpen('/billing', staff)).toBe(false);
    expect(mayOpen('/domains', staff)).toBe(true);
    expect(mayOpen('/not-a-panel-page', staff)).toBe(true);
    expect(can('can_view_billing')).toBe(false);
    await signedIn('demo@hostdeck.test');
    expect(mayOpen('/billing', $session.get().user!)).toBe(true);
    expect($permissions.get()).toMatchObject({ accountType: 'OWNER', isCustomer: false, isPartner: true });
    expect(can(['can_view_billing', 'can_view_domains'])).toBe(true);
  });

  it('tells the sign-in pages apart and hands the toasts to the next page it loads', () => {
    const page = panelOn(t, '/auth/login?next=%2Faccount');
    expect(onAuthPage()).toBe(true);
    expect(currentPath()).toBe('/auth/login?next=%2Faccount');
    page.at('/authors');
    expect(onAuthPage()).toBe(false);
    toastSuccess('Saved!');
    goTo('/billing');
    expect(page.went).toEqual([{ url: '/billing', replace: false }]);
    expect(JSON.parse(page.storage.get('hostdeck:toasts')!)).toMatchObject([{ type: 'success', message: 'Saved!' }]);
  });
});

describe('choosing the company to act for (spec part 3, 2.13)', () => {
  it('acts for another company of the user and returns home', async () => {
    const { page } = await signedIn('demo@hostdeck.test', '/account/select-company/x');
    const second = await companyNamed('Bluebird Media Ltd');
    await selectCompany(second);
    expect(shownToasts()).toEqual([['success', 'Company successfully selected!']]);
    expect($companyGuid.get()).toBe(second);
    expect($session.get().user?.company.guid).toBe(second);
    expect(page.went).toEqual([{ url: '/', replace: true }]);
  });

  it("says why a company that is not the user's cannot be chosen, and keeps the one it had", async () => {
    const { page, company } = await signedIn('demo@hostdeck.test');
    await selectCompany(NOBODYS_COMPANY);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
    expect($toasts.get()[0]!.message).toMatch(/not found|not a member/i);
    expect($companyGuid.get()).toBe(company);
    expect(page.went).toEqual([{ url: '/', replace: true }]);
  });
});

describe('signing out (spec part 1, 9)', () => {
  it('waits, ends the session on the server, forgets it here and asks for sign-in', async () => {
    const { page, token } = await signedIn('demo@hostdeck.test', '/auth/logout');
    const started = Date.now();
    await logOutAfterDelay();
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGOUT_DELAY_MS - 50);
    expect($token.get()).toBeUndefined();
    expect($session.get().state).toBe('anonymous');
    expect(page.went).toEqual([{ url: '/auth/login', replace: true }]);
    await expect(whoami(t.client({ token }))).rejects.toMatchObject({ status: 401 });
  });

  it('signs out here too when the server no longer knows the session, without an error', async () => {
    const page = panelOn(t, '/auth/logout');
    $token.set('not-a-token-the-api-knows');
    await logOutAfterDelay();
    expect($token.get()).toBeUndefined();
    expect(page.went).toEqual([{ url: '/auth/login', replace: true }]);
    expect($toasts.get()).toEqual([]);
  });
});

describe('the to-do list of the home page (spec part 1, 4)', () => {
  it('ticks an item and closes the list, and the session user shows both', async () => {
    await signedIn('demo@hostdeck.test');
    expect(await completeTodo('set_up_domains')).toBe(true);
    expect($session.get().user?.todo_list).toMatchObject({ set_up_domains: true, closed: false });
    expect(await closeTodo()).toBe(true);
    expect($session.get().user?.todo_list).toMatchObject({ closed: true });
    expect($toasts.get()).toEqual([]);
  });

  it("toasts the server's refusal to a member without billing rights", async () => {
    await signedIn('staff@hostdeck.test');
    expect(await completeTodo('set_up_hosting_account')).toBe(false);
    expect(await closeTodo()).toBe(false);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error', 'error']);
    expect($session.get().user?.todo_list?.closed ?? false).toBe(false);
  });
});

describe('the Notifications tab', () => {
  beforeEach(() => cleanStores(notificationsTab.$list));

  it('counts the unseen ones and marks everything read, the bell too', async () => {
    await signedIn('demo@hostdeck.test');
    const stop = notificationsTab.$list.listen(() => undefined);
    await until(notificationsTab.$list, (list) => !list.loading && list.answer !== null);
    expect($tabUnseen.get()).toBeGreaterThan(0);
    expect(notificationsTab.$list.get().answer!.data.map((n) => n.message)).toContain('Your payment was received. Thank you!');
    await markAllReadFromTab();
    expect($tabUnseen.get()).toBe(0);
    expect(notificationsTab.$list.get().answer!.data.every((n) => n.seen)).toBe(true);
    expect($toasts.get()).toEqual([]);
    stop();
  });

  it("toasts the server's sentence when the company is not the user's", async () => {
    await signedIn('demo@hostdeck.test');
    $companyGuid.set(NOBODYS_COMPANY);
    await markAllReadFromTab();
    expect(shownToasts()).toContainEqual(['error', 'You are not a member of this company.']);
  });
});

describe('the dashboard', () => {
  beforeEach(() => {
    cleanStores($dashboard);
    $dashboard.set({ loading: true, data: null });
  });

  it('loads the counts and the news when first shown', async () => {
    await signedIn('demo@hostdeck.test');
    const stop = $dashboard.listen(() => undefined);
    const { data } = await until($dashboard, (d) => !d.loading);
    expect(data?.domain_count).toBeGreaterThan(0);
    expect(data?.news.length).toBeGreaterThan(0);
    stop();
  });

  it("toasts the server's sentence and stops loading when refused", async () => {
    await signedIn('demo@hostdeck.test');
    $companyGuid.set(NOBODYS_COMPANY);
    const stop = $dashboard.listen(() => undefined);
    const state = await until($dashboard, (d) => !d.loading);
    expect(state.data).toBeNull();
    expect(shownToasts()).toEqual([['error', 'You are not a member of this company.']]);
    stop();
  });
});

describe('the header search (spec part 3, 2.14)', () => {
  beforeEach(resetSearch);

  it('finds a domain of the company by part of its name', async () => {
    const { company } = await signedIn('demo@hostdeck.test');
    const [row] = await database.db
      .select({ domain: domains.domain })
      .from(domains)
      .where(and(eq(domains.companyGuid, company), isNull(domains.parentDomainGuid)))
      .limit(1);
    const name = row!.domain;
    await runSearch(`  ${name}  `);
    expect($search.get()).toMatchObject({ loading: false, query: name, type: 'DOMAIN', error: null, info: null });
    expect($search.get().answer!.data.map((hit) => hit.domain?.domain)).toContain(name);
  });

  it('says "No results!" for nothing found and asks for a query when there is none', async () => {
    await signedIn('demo@hostdeck.test');
    await runSearch('no-such-domain-anywhere.example');
    expect($search.get()).toMatchObject({ info: SEARCH_NO_RESULTS_MESSAGE, error: null });
    await runSearch('   ');
    expect($search.get()).toMatchObject({ error: SEARCH_EMPTY_MESSAGE, answer: null });
  });

  it("shows the server's refusal in the drawer", async () => {
    await signedIn('demo@hostdeck.test');
    $companyGuid.set(NOBODYS_COMPANY);
    await runSearch('example');
    expect($search.get()).toMatchObject({ loading: false, answer: null, error: 'You are not a member of this company.' });
  });
});

describe('the public sign-in pages', () => {
  it('answers a recovery request with the one sentence for every address, keeping the tracking parameters', async () => {
    const page = panelOn(t, '/auth/recover?utm_source=newsletter');
    const outcome = await recoverForm.submit({ email_address: 'staff@hostdeck.test' });
    expect(outcome.ok).toBe(true);
    expect($recover.get()).toMatchObject({
      status: 'done',
      message: 'If your email exists in our database, you will get an email very soon with instructions to reset your password!',
    });
    expect(JSON.parse(page.storage.get('hostdeck:tracking')!)).toEqual({ utm_source: 'newsletter' });
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Reset your password');
  });

  it('checks a reset link, resets the password with it and goes to sign in', async () => {
    await recoverForm.submit({ email_address: 'customer@hostdeck.test' });
    const hash = hashFrom(lastMailTo(t, 'customer@hostdeck.test').text, '/auth/reset');
    const page = panelOn(t, `/auth/reset?hash=${hash}`);
    await checkResetLink(hash);
    expect($reset.get().status).toBe('ready');
    const refused = await resetForm.submit({ hash, password: 'a new long password', password_repeat: 'another one' });
    expect(refused.ok).toBe(false);
    expect(resetForm.$state.get().fields).toEqual({ password_repeat: 'Your passwords do not match!' });
    expect((await resetForm.submit({ hash, password: DEMO_PASSWORD, password_repeat: DEMO_PASSWORD })).ok).toBe(true);
    expect(shownToasts()).toEqual([['success', 'Password successfully reset!']]);
    expect(page.went).toEqual([{ url: '/auth/login', replace: true }]);
  });

  it("shows a link that is not valid as failed, with the server's sentence", async () => {
    panelOn(t, '/auth/reset?hash=not-a-hash');
    await checkResetLink('not-a-hash');
    expect($reset.get().status).toBe('failed');
    expect(shownToasts()).toEqual([['error', 'This password reset link is not valid or has expired. Please request a new one.']]);
  });

  it('goes to sign in after a verification link, saying why when it is refused', async () => {
    const page = panelOn(t, '/auth/verify?hash=nope');
    await submitVerification('nope');
    expect($verify.get().status).toBe('failed');
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
    expect(page.went).toEqual([{ url: '/auth/login', replace: true }]);
  });

  it('verifies a contact with the emailed code, after refusing a wrong one', async () => {
    const company = await companyNamed('Northwind Web Agency');
    const [contact] = await database.db
      .insert(contacts)
      .values({ companyGuid: company, firstName: 'Store', lastName: 'Test', emailAddress: 'store-test@example.test' })
      .returning();
    await sendContactVerification(t.deps, database.db, contact!.guid);
    const mail = lastMailTo(t, 'store-test@example.test');
    const hash = hashFrom(mail.text, '/auth/verify/contact');
    const code = codeFrom(mail.text);
    panelOn(t, `/auth/verify/contact?hash=${hash}`);
    await contactForm.submit({ hash, verification_code: code === '000000' ? '111111' : '000000' });
    expect(shownToasts()).toEqual([['error', 'The verification code is not correct.']]);
    expect($contact.get().status).not.toBe('done');
    await contactForm.submit({ hash, verification_code: code });
    expect($contact.get()).toMatchObject({ status: 'done', message: 'Email successfully verified! You may close this browser window now.' });
  });

  it('unsubscribes by the eid of an email, and says to contact support for a link without one', async () => {
    const [mail] = await database.db.select().from(emails).where(eq(emails.email, 'staff@hostdeck.test')).limit(1);
    await runUnsubscribe(mail!.guid);
    expect($unsubscribe.get()).toMatchObject({ status: 'done', message: 'You have been successfully unsubscribed!' });
    await runUnsubscribe(null);
    expect($unsubscribe.get()).toMatchObject({ status: 'failed', message: UNSUBSCRIBE_FAILED });
    await runUnsubscribe(NOBODYS_COMPANY);
    expect($unsubscribe.get()).toMatchObject({ status: 'failed', message: UNSUBSCRIBE_FAILED });
  });
});

describe("the getting-started wizard's guided jump (spec part 1, 2.8)", () => {
  it('minimises the wizard, opens the page and names the control to highlight there, kept for the tab', async () => {
    const { page } = await signedIn('demo@hostdeck.test');
    restoreWizard();
    guidedJump('/billing/payment-methods', 'Add Card');
    expect($router.get()?.path).toBe('/billing/payment-methods');
    expect($guidedControl.get()).toEqual({ label: 'Add Card' });
    expect($wizard.get().minimized).toBe(true);
    expect(JSON.parse(page.storage.get('hostdeck:getting-started')!)).toMatchObject({ minimized: true });
    // The same control again is a new jump: the island highlights it again.
    const first = $guidedControl.get();
    guidedJump('/billing/payment-methods', 'Add Card');
    expect($guidedControl.get()).not.toBe(first);
    restoreWizard();
  });
});

describe('two-factor authentication in the account area', () => {
  const totp = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.deps.now().getTime() });

  it('enables 2FA, signs out, signs in with a code, counts and renews the backup codes, and disables it', async () => {
    const { page } = await signedIn('bluebird@hostdeck.test', '/account/security');
    await loadTwoFactor();
    expect($twoFactorEnabled.get()).toBe(false);
    const started = await twoFactorStartForm.submit(undefined);
    if (!started.ok) throw new Error('2FA could not start');
    const { guid, secret } = started.answer;
    expect((await twoFactorConfirmForm.submit({ guid, code: totp(secret) === '000000' ? '111111' : '000000' })).ok).toBe(false);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
    const confirmed = await twoFactorConfirmForm.submit({ guid, code: totp(secret) });
    expect(confirmed.ok && confirmed.answer.codes).toHaveLength(10);
    $toasts.set([]);
    await finishTwoFactor();
    expect($token.get()).toBeUndefined();
    expect(page.went).toEqual([{ url: '/auth/login', replace: true }]);
    expect(shownToasts()).toEqual([['success', '2FA successfully enabled! Please log in again!']]);

    // The sign-in page asks for the code now.
    const login = panelOn(t, '/auth/login');
    restartLogin();
    t.advance(30_000);
    await credentialsForm.submit({ email: 'bluebird@hostdeck.test', password: DEMO_PASSWORD });
    expect($loginFlow.get().step).toBe('2fa');
    await twoFactorStepForm.submit({ code: totp(secret), code_type: 'CODE' });
    expect($token.get()).toBeTruthy();
    expect(login.went).toEqual([{ url: '/', replace: true }]);

    await loadTwoFactor();
    expect($twoFactorEnabled.get()).toBe(true);
    expect(await countBackupCodes()).toBe(10);
    $toasts.set([]);
    await backupCodesForm.submit({ password: 'not-the-password' });
    expect(backupCodesForm.$state.get().fields).toEqual({ password: expect.any(String) });
    const renewed = await backupCodesForm.submit({ password: DEMO_PASSWORD });
    expect(renewed.ok && renewed.answer.codes).toHaveLength(10);
    expect((await twoFactorDisableForm.submit({ password: DEMO_PASSWORD })).ok).toBe(true);
    expect($twoFactorEnabled.get()).toBe(false);
    await loadTwoFactor();
    expect($twoFactorEnabled.get()).toBe(false);
  });

  it('shows 2FA as off when its state cannot be read, and counts no codes then', async () => {
    panelOn(t, '/account/security');
    $token.set('not-a-token-the-api-knows');
    await loadTwoFactor();
    expect($twoFactorEnabled.get()).toBe(false);
    expect(await countBackupCodes()).toBeNull();
  });
});
