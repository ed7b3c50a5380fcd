import { atom, computed } from 'nanostores';
import type { SessionUser } from '../lib/api/auth';
import { whoami } from '../lib/requests/auth';
import { UnauthorizedError } from '../lib/errors';
import { api } from './api';
import { $companyGuid, $token, clearCredentials, setCredentials } from './credentials';
import { toastError } from './toasts';

export type SessionState = 'loading' | 'authenticated' | 'anonymous';

const $user = atom<SessionUser | null>(null);
const $state = atom<SessionState>('loading');
/** Set when the user could not be loaded for a reason other than a lost session. */
const $loadError = atom<string | null>(null);

export interface Session {
  token: string | null;
  company: string | null;
  user: SessionUser | null;
  state: SessionState;
  loadError: string | null;
}

export const $session = computed(
  [$token, $companyGuid, $user, $state, $loadError],
  (token, company, user, state, loadError): Session => ({
    token: token ?? null,
    company: company ?? null,
    user,
    state: token ? state : 'anonymous',
    loadError,
  }),
);

/** Any way the token goes (sign-out, a 401, another tab signing out) ends the session here too. */
$token.listen((token) => {
  if (!token) {
    $user.set(null);
    $state.set('anonymous');
  }
});

export function signIn(token: string, user: SessionUser): void {
  setCredentials(token, user.company.guid);
  $user.set(user);
  $loadError.set(null);
  $state.set('authenticated');
}

/** Loads the signed-in user (whoami); the company it answers for becomes the session's company. */
export async function loadUser(): Promise<SessionUser | null> {
  if (!$token.get()) {
    $state.set('anonymous');
    return null;
  }
  if (!$user.get()) $state.set('loading');
  $loadError.set(null);
  try {
    const { user } = await whoami(api);
    $user.set(user);
    if ($companyGuid.get() !== user.company.guid) $companyGuid.set(user.company.guid);
    $state.set('authenticated');
    return user;
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) {
      $loadError.set('Your account could not be loaded.');
      toastError(error);
    }
    return null;
  }
}

/** Forgets the session in this browser (the server side is ended by the logout call). */
export function signOut(): void {
  clearCredentials();
}

/** Acts for another company from now on; the caller reloads the user. */
export function setSessionCompany(guid: string): void {
  $companyGuid.set(guid);
}
