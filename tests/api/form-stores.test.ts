/**
 * The panel's forms in Node against the in-process API, through the form helper
 * (src/stores/form.ts): what a person sees after a submit (the sentence beside a field, the
 * toast, where the page went), without a browser.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { openSeededApp, type TestApp } from './helpers/app';
import { pageInMemory } from './helpers/page';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import type { Database } from '../../src/server/db/connection';
import { panelApi, setEnvironment } from '../../src/stores/environment';
import { $companyGuid, $token } from '../../src/stores/credentials';
import { $deviceId } from '../../src/stores/device';
import { $loginFlow, credentialsForm, restartLogin } from '../../src/stores/login';
import { passwordForm } from '../../src/stores/account-profile';
import { companiesList, companyForm } from '../../src/stores/account-lists';
import { $register, accountStepForm } from '../../src/stores/register';
import { $toasts } from '../../src/stores/toasts';

let database: Database;
let t: TestApp;
/** Where the panel sent the browser, last first. */
let went: { url: string; replace: boolean }[] = [];

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  setEnvironment({
    ...pageInMemory().environment(panelApi('http://api.test', async (input, init) => t.app.request(input instanceof Request ? input : String(input), init))),
    location: () => new URL('http://panel.test/auth/login?next=%2Faccount'),
    go: (url, { replace }) => went.unshift({ url, replace }),
  });
});
afterAll(() => database.close());

beforeEach(() => {
  went = [];
  $token.set(undefined);
  $companyGuid.set(undefined);
  $toasts.set([]);
  restartLogin();
});

const toasts = () => $toasts.get().map((toast) => [toast.type, toast.message]);

/** The one device id of this file: the account's first sign-in from it trusts it, so no code is asked after. */
const DEVICE = 'form-stores-device';

async function signedIn(email: string) {
  const res = await t.call('POST', '/auth/login/', { body: { email, password: DEMO_PASSWORD, fingerprint: DEVICE } });
  const body = (await res.json()) as { token: string; user: { company: { guid: string } } };
  $token.set(body.token);
  $companyGuid.set(body.user.company.guid);
}

describe('the login form', () => {
  it('says why a wrong password was refused, in the form and in a toast', async () => {
    const outcome = await credentialsForm.submit({ email: 'demo@hostdeck.test', password: 'not-the-password' });
    expect(outcome.ok).toBe(false);
    expect($loginFlow.get().step).toBe('credentials');
    expect(credentialsForm.$state.get()).toMatchObject({ busy: false, attempts: 1, message: 'Unable to log in with provided credentials.' });
    expect(toasts()).toEqual([['error', 'Unable to log in with provided credentials.']]);
    expect($token.get()).toBeUndefined();
  });

  it("refuses empty fields with the schema's sentences before asking the server", async () => {
    await credentialsForm.submit({ email: '', password: '' });
    expect(credentialsForm.$state.get().fields).toEqual({ email: 'Please enter your email address!', password: 'Please enter your password!' });
    expect(toasts()).toEqual([]);
  });

  it('signs in and goes where the address asked', async () => {
    // A device the account trusts is not asked for a code.
    await signedIn('demo@hostdeck.test');
    $token.set(undefined);
    $deviceId.set(DEVICE);
    const outcome = await credentialsForm.submit({ email: 'demo@hostdeck.test', password: DEMO_PASSWORD });
    expect(outcome.ok).toBe(true);
    expect($token.get()).toBeTruthy();
    expect(went[0]).toEqual({ url: '/account', replace: true });
  });
});

describe('the change password form', () => {
  it("shows the server's sentence beside the old password, and toasts it", async () => {
    await signedIn('demo@hostdeck.test');
    const outcome = await passwordForm.submit({ old_password: 'not-it', new_password: 'another-pass-1', new_password_repeat: 'another-pass-1' });
    expect(outcome).toEqual({ ok: false, reason: 'refused', fields: { old_password: 'Your old password is incorrect!' } });
    expect(passwordForm.$state.get().fields).toEqual({ old_password: 'Your old password is incorrect!' });
    expect(toasts()).toEqual([['error', 'Your old password is incorrect!']]);
  });
});

describe('the add company form', () => {
  it('creates one company on a double click', async () => {
    await signedIn('demo@hostdeck.test');
    const values = {
      name: 'Double Click Ltd',
      address1: 'Sadama 5',
      city: 'Tallinn',
      region: 'Harju',
      postal_code: '10111',
      country: 'EE',
      phone: '+372 600 0001',
      currency: 'USD' as const,
    };
    const [first, second] = await Promise.all([companyForm.submit(values), companyForm.submit(values)]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, reason: 'busy' });
    expect(toasts()).toEqual([['success', 'Company successfully created!']]);
    const names = companiesList.$list.get().answer?.data.map((membership) => membership.company.name) ?? [];
    expect(names.filter((name) => name === 'Double Click Ltd')).toHaveLength(1);
  });
});

describe('the first sign-up step', () => {
  const step1 = { first_name: 'Vera', last_name: 'Lidation', email: 'demo@hostdeck.test', password: 'a-long-pass-phrase', company_name: 'Validation Works' };

  it('refuses a short password beside the field, before asking the server', async () => {
    await accountStepForm.submit({ ...$register.get().values, ...step1, email: 'fresh@example.test', password: 'x' });
    expect(accountStepForm.$state.get().fields).toEqual({ password: 'Your password must be at least 8 characters long.' });
    expect($register.get().step).toBe(1);
    expect(toasts()).toEqual([]);
  });

  it("shows the server's answer about a taken email beside the field and stays on step 1", async () => {
    const outcome = await accountStepForm.submit({ ...$register.get().values, ...step1 });
    expect(outcome).toMatchObject({ ok: false, reason: 'refused' });
    expect(accountStepForm.$state.get().fields.email).toBe('This email address cannot be used for a new account. If it is yours, log in or reset your password.');
    expect(toasts()).toEqual([['error', 'This email address cannot be used for a new account. If it is yours, log in or reset your password.']]);
    expect($register.get().step).toBe(1);
  });

  it('goes on to step 2 with a free address', async () => {
    expect((await accountStepForm.submit({ ...$register.get().values, ...step1, email: 'vera@example.test' })).ok).toBe(true);
    expect($register.get().step).toBe(2);
  });
});
