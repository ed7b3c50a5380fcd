import { $companyGuid, $token } from '../../../src/stores/credentials';
import { panelApi, panelApiOptions, setEnvironment } from '../../../src/stores/environment';
import { $toasts } from '../../../src/stores/toasts';
import type { TestApp } from './app';
import { pageInMemory, type PageInMemory } from './page';

/** The API's address as the panel's stores call it in tests (the app answers at its root, as under /api). */
const API_URL = 'http://api.test';

/**
 * The panel's stores talking to the test app in-process, signed out, on a panel page at `path`
 * kept in memory: the page answers where it is and records what the stores did to it.
 */
export function panelOn(t: TestApp, path = '/'): PageInMemory {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => t.app.request(input instanceof Request ? input : String(input), init);
  const page = pageInMemory(path);
  setEnvironment(page.environment(panelApi(API_URL, fetch), panelApiOptions(API_URL, fetch)));
  $token.set(undefined);
  $companyGuid.set(undefined);
  return page;
}

/**
 * The panel's stores talking to the test app in-process, as `email` on its default company,
 * on a panel page at `path` (nothing navigates: the page records where the panel went).
 */
export async function panelSignedInAs(t: TestApp, email: string, path = '/domains'): Promise<{ token: string; company: string; page: PageInMemory }> {
  const page = panelOn(t, path);
  const session = await t.signIn(email);
  $token.set(session.token);
  $companyGuid.set(session.company);
  return { ...session, page };
}

/** Resolves with the store's value once it passes `check`, as a component waiting on it would see it. */
export function until<T>(store: { get(): T; listen(cb: (value: T) => void): () => void }, check: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    if (check(store.get())) return resolve(store.get());
    const stop = store.listen((value) => {
      if (!check(value)) return;
      stop();
      resolve(value);
    });
  });
}

/** The toasts on screen, as [type, sentence]. */
export const shownToasts = (): [string, string][] => $toasts.get().map((toast) => [toast.type, toast.message]);
