import { loginPathFor } from '../lib/rules/next-path';
import { canOpen, matchScreen } from '../lib/rules/routes';
import type { SessionUser } from '../lib/api/auth';
import { $token } from './credentials';
import { showErrorCode } from './error-code';
import { environment } from './environment';
import { currentPath, goTo } from './navigation';
import { loadUser } from './session';

const toLogin = () => goTo(loginPathFor(currentPath()), { replace: true });

/**
 * Start-up of every signed-in page: without a token, sign in first and come back here;
 * otherwise load the user, and resolve an `?error=<code>` of the URL into a toast.
 * Returns the clean-up of the watch on the token (signing out in another tab ends this page too).
 */
export function startShell(): () => void {
  if (!$token.get()) {
    toLogin();
    return () => {};
  }
  void loadUser();
  const code = new URLSearchParams(environment().location().search).get('error');
  if (code) void showErrorCode(code);
  return $token.listen((token) => {
    if (!token) toLogin();
  });
}

/** Whether the viewer may open the page at `pathname`; pages outside the screen table are open. */
export function mayOpen(pathname: string, user: SessionUser): boolean {
  const match = matchScreen(pathname);
  if (!match) return true;
  return canOpen(match.screen, { permissions: user.company.permissions, isCustomer: user.is_customer });
}
