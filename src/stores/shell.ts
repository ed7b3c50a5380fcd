import { loginPathFor } from '../lib/rules/next-path';
import { canOpen, matchAppRoute } from '../lib/rules/routes';
import type { SessionUser } from '../lib/api/auth';
import { $token } from './credentials';
import { showErrorCode } from './error-code';
import { currentPath, goTo } from './navigation';
import { loadUser } from './session';

/**
 * Start-up of every signed-in page: without a token, sign in first and come back here;
 * otherwise load the user, and resolve an `?error=<code>` of the URL into a toast.
 */
export function startShell(): void {
  const code = new URLSearchParams(location.search).get('error');
  if (!$token.get()) {
    goTo(loginPathFor(currentPath()), { replace: true });
    return;
  }
  void loadUser();
  if (code) void showErrorCode(code);
}

/** Whether the viewer may open the page at `pathname`; pages outside the route table are open. */
export function mayOpen(pathname: string, user: SessionUser): boolean {
  const match = matchAppRoute(pathname);
  if (!match) return true;
  return canOpen(match.route, { permissions: user.company.permissions, isCustomer: user.is_customer });
}
