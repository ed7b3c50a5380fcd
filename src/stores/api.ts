import type { Api } from '../lib/api/client';
import { UnauthorizedError } from '../lib/errors';
import { loginPathFor } from '../lib/rules/next-path';
import { clearCredentials } from './credentials';
import { environment } from './environment';
import { currentPath, goTo, onAuthPage } from './navigation';

/** A 401 means the session is gone: forget it and ask for sign-in, coming back here after. */
function handleUnauthorized(): void {
  clearCredentials();
  if (!onAuthPage()) goTo(loginPathFor(currentPath()), { replace: true });
}

/**
 * The reason a path must not be sent, or null. An empty segment (`/domains//subdomains/`) is a
 * parameter the panel did not know yet: the server would answer 'This API address does not
 * exist.' and the person would see a false error, so it is refused as the panel's own bug
 * before anything is sent. Only the path counts: a query may carry `//` (`?url=https://...`).
 */
function pathProblem(path: string): string | null {
  const bare = path.split(/[?#]/, 1)[0]!.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  return bare.includes('//') ? `The panel asked for ${path}, an address with an empty part (a bug of the panel: a guid was not known yet); nothing was sent.` : null;
}

async function guarded<T>(path: string, call: () => Promise<T>): Promise<T> {
  const problem = pathProblem(path);
  if (problem) throw new Error(problem);
  try {
    return await call();
  } catch (error) {
    if (error instanceof UnauthorizedError) handleUnauthorized();
    throw error;
  }
}

/**
 * An API whose 401 answers end the session as the panel's own does; `inner` is read on every call.
 * Every method hands on all of its arguments as they came (`...args`): a wrapper that named them
 * once dropped `download`'s body, and an export of a selection became the whole group's.
 */
export function withSessionGuard(inner: () => Api): Api {
  return {
    get baseURL() {
      return inner().baseURL;
    },
    get: (...args) => guarded(args[0], () => inner().get(...args)),
    post: (...args) => guarded(args[0], () => inner().post(...args)),
    put: (...args) => guarded(args[0], () => inner().put(...args)),
    patch: (...args) => guarded(args[0], () => inner().patch(...args)),
    delete: (...args) => guarded(args[0], () => inner().delete(...args)),
    download: (...args) => guarded(args[0], () => inner().download(...args)),
  };
}

/** The panel's API instance; every store and action calls through it (src/stores/environment.ts says which API). */
export const api: Api = withSessionGuard(() => environment().api);
