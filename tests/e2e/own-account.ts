import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox';

/**
 * A user and company of a test's own, for tests that change their user's state (profile,
 * companies, to-do list, sign-ins...) while other workers read the demo accounts. Made as a
 * person would make one, through the API: sign-up, the emailed verification link, sign-in.
 */
export interface OwnAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  /** A browser state signed in as this user: `test.use({ storageState: ... })` takes it. */
  storageState: { cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[] };
}

const PASSWORD = 'an own test account passphrase';

interface Options {
  baseURL: string;
  /** The browser id the tests' browsers send (support.ts): the first sign-in trusts it. */
  deviceId: string;
  /** Keeps the addresses of parallel workers apart in the mailbox. */
  label: string;
  /** Leaves the getting-started wizard of the new company running (otherwise it is stopped, so its modal does not cover the pages other tests use). */
  keepWizard?: boolean;
}

/** Signs up, verifies the address from the emailed link, and signs in from the tests' device. */
export async function createOwnAccount(request: APIRequestContext, { baseURL, deviceId, label, keepWizard = false }: Options): Promise<OwnAccount> {
  const id = randomUUID().slice(0, 8);
  const account = { email: `own-${label}-${id}@example.test`, password: PASSWORD, firstName: 'Olive', lastName: `Own ${id}`, companyName: `Own Company ${id}` };
  const signUp = await request.post('/api/auth/register/', {
    data: {
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      password: account.password,
      company_name: account.companyName,
      currency: 'USD',
      address1: '1 Test Street',
      city: 'Tallinn',
      region: 'Harju',
      country: 'EE',
      postal_code: '10111',
      found_us: 'Google',
      agree_terms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  const mail = await waitForMail(account.email, { subject: 'Please verify your email address' });
  const hash = new URLSearchParams(linkIn(mail, '/auth/verify').split('?')[1]).get('hash');
  const verified = await request.post('/api/auth/verify/', { data: { token: hash } });
  expect(verified.ok(), await verified.text()).toBeTruthy();

  const login = await request.post('/api/auth/login/', { data: { email: account.email, password: account.password, fingerprint: deviceId } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token, user } = (await login.json()) as { token: string; user: { company: { guid: string } } };
  if (!keepWizard) {
    const stopped = await request.delete(`/api/account/companies/${user.company.guid}/getting-started/`, { headers: { Authorization: `Token ${token}` } });
    expect(stopped.ok(), await stopped.text()).toBeTruthy();
  }
  // What the panel keeps after a sign-in (stores/credentials.ts, stores/device.ts).
  const localStorage = [
    { name: 'hostdeck:token', value: token },
    { name: 'hostdeck:company', value: user.company.guid },
    { name: 'hostdeck:device-id', value: deviceId },
  ];
  return { ...account, storageState: { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] } };
}
