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

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UnauthorizedError) handleUnauthorized();
    throw error;
  }
}

/** An API whose 401 answers end the session as the panel's own does; `inner` is read on every call. */
export function withSessionGuard(inner: () => Api): Api {
  return {
    get baseURL() {
      return inner().baseURL;
    },
    get: (path, query) => guarded(() => inner().get(path, query)),
    post: (path, body, init) => guarded(() => inner().post(path, body, init)),
    put: (path, body) => guarded(() => inner().put(path, body)),
    patch: (path, body) => guarded(() => inner().patch(path, body)),
    delete: (path, body) => guarded(() => inner().delete(path, body)),
    download: (path, query) => guarded(() => inner().download(path, query)),
  };
}

/** The panel's API instance; every store and action calls through it (src/stores/environment.ts says which API). */
export const api: Api = withSessionGuard(() => environment().api);
