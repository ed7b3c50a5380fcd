/**
 * The panel's stores in Node against the in-process API: the logic the browser tests would
 * otherwise be the only check of (session, banners, paged lists, a lost session), with the
 * API, the address and the storage injected.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import { openSeededApp, type TestApp } from './helpers/app';
import { pageInMemory } from './helpers/page';
import { storeShows } from '../helpers/waiting';
import type { Database } from '../../src/server/db/connection';
import { panelApi, setEnvironment } from '../../src/stores/environment';
import { $companyGuid, $token } from '../../src/stores/credentials';
import { $session, loadUser } from '../../src/stores/session';
import { $notices, refreshNotices } from '../../src/stores/notices';
import { loginsList } from '../../src/stores/account-lists';
import { $toasts } from '../../src/stores/toasts';

let database: Database;
let t: TestApp;
/** Where the panel sent the browser, last first. */
let went: { url: string; replace: boolean }[] = [];
let address = new URL('http://panel.test/account/logins');

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  setEnvironment({
    // The API app answers at its root, as it does under /api behind the panel's server.
    ...pageInMemory().environment(panelApi('http://api.test', async (input, init) => t.app.request(input instanceof Request ? input : String(input), init))),
    location: () => address,
    go: (url, { replace }) => went.unshift({ url, replace }),
  });
});
afterAll(() => database.close());

beforeEach(() => {
  went = [];
  address = new URL('http://panel.test/account/logins?page=2');
  $token.set(undefined);
  $companyGuid.set(undefined);
  $toasts.set([]);
  cleanStores($notices, loginsList.$list);
});

describe('the session store', () => {
  it('loads the signed-in user and takes its company', async () => {
    const owner = await t.signIn('demo@hostdeck.test');
    $token.set(owner.token);
    const user = await loadUser();
    expect(user?.email).toBe('demo@hostdeck.test');
    expect($session.get()).toMatchObject({ state: 'authenticated', user: { email: 'demo@hostdeck.test' } });
    expect($companyGuid.get()).toBe(owner.company);
  });

  it('forgets a session the API no longer knows and asks for sign-in, coming back here after', async () => {
    $token.set('not-a-token-the-api-knows');
    expect(await loadUser()).toBeNull();
    expect($token.get()).toBeUndefined();
    expect(went[0]).toEqual({ url: '/auth/login?next=%2Faccount%2Flogins%3Fpage%3D2', replace: true });
  });
});

describe('the banners store', () => {
  /** The banners a signed-in person's shell polls, as the store holds them. */
  async function noticesOf(email: string) {
    $token.set((await t.signIn(email)).token);
    await loadUser();
    await refreshNotices();
    return $notices.get();
  }

  it("holds the owner's announcements, incidents, overdue invoices and suspended accounts", async () => {
    const notices = await noticesOf('demo@hostdeck.test');
    expect(notices.announcements.map((a) => a.title)).toContain('Scheduled maintenance');
    expect(notices.issues.length).toBeGreaterThan(0);
    expect(notices.overdue.length).toBeGreaterThan(0);
    expect(notices.suspended.map((s) => s.name)).toContain('Old Reseller');
  });

  it('gives a customer the incidents only', async () => {
    const notices = await noticesOf('customer@hostdeck.test');
    expect(notices.issues.length).toBeGreaterThan(0);
    expect(notices.announcements).toEqual([]);
    expect(notices.overdue).toEqual([]);
  });
});

describe('a paged list store', () => {
  /** Shown, as a mounted island keeps it: the list loads its first page once, on mount. */
  async function shown() {
    const unbind = loginsList.$list.listen(() => undefined);
    await storeShows('the first page of logins to load or fail', loginsList.$list, (list) => !list.loading, t.signal);
    return unbind;
  }

  it('loads a page of the logins when shown and pages on with the size chosen', async () => {
    const owner = await t.signIn('demo@hostdeck.test');
    $token.set(owner.token);
    const unbind = await shown();
    const first = loginsList.$list.get();
    expect(first.answer?.total).toBeGreaterThan(0);
    expect(first.answer?.data.length).toBe(Math.min(first.answer!.total, first.perPage));
    loginsList.setPageSize(10);
    await storeShows('the logins loaded 10 a page', loginsList.$list, (list) => !list.loading && list.perPage === 10, t.signal);
    expect(loginsList.$list.get()).toMatchObject({ page: 1, perPage: 10 });
    expect(loginsList.$list.get().answer?.data.length).toBe(Math.min(first.answer!.total, 10));
    unbind();
  });

  it('toasts the server sentence when a page cannot load', async () => {
    $token.set('not-a-token-the-api-knows');
    loginsList.$list.setKey('answer', null);
    const unbind = await shown();
    expect(loginsList.$list.get().answer).toBeNull();
    expect($toasts.get().length).toBeGreaterThan(0);
    unbind();
  });
});
