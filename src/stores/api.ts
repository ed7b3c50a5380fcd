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

/** The panel's API instance; every store and action calls through it (src/stores/environment.ts says which API). */
export const api: Api = {
  get baseURL() {
    return environment().api.baseURL;
  },
  get: (path, query) => guarded(() => environment().api.get(path, query)),
  post: (path, body, init) => guarded(() => environment().api.post(path, body, init)),
  put: (path, body) => guarded(() => environment().api.put(path, body)),
  patch: (path, body) => guarded(() => environment().api.patch(path, body)),
  delete: (path, body) => guarded(() => environment().api.delete(path, body)),
  download: (path, query) => guarded(() => environment().api.download(path, query)),
};
