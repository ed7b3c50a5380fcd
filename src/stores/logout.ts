import { logout } from '../lib/requests/auth';
import { api } from './api';
import { $token } from './credentials';
import { goTo } from './navigation';
import { signOut } from './session';

/** The logout page waits this long before ending the session (spec part 1, 9). */
export const LOGOUT_DELAY_MS = 1500;

/** Ends the session on the server (a failure changes nothing for the person), forgets it here, then asks for sign-in. */
export async function logOutAfterDelay(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS));
  if ($token.get()) {
    try {
      await logout(api);
    } catch {
      // The token is forgotten below either way; a dead session needs no second try.
    }
  }
  signOut();
  goTo('/auth/login', { replace: true });
}
