import { createApi, type Api } from '../lib/api/client';
import { UnauthorizedError } from '../lib/errors';
import { loginPathFor } from '../lib/rules/next-path';
import { $companyGuid, $token, clearCredentials } from './credentials';
import { currentPath, goTo, onAuthPage } from './navigation';

/**
 * The provider API the panel talks to: the embedded one under `/api` on this origin unless
 * the build names another with PUBLIC_API_URL (spec decisions, 3).
 */
export const API_BASE = import.meta.env.PUBLIC_API_URL || '/api';

const raw = createApi({
  baseURL: API_BASE,
  credentials: () => ({ token: $token.get() ?? null, company: $companyGuid.get() ?? null }),
});

/** A 401 means the session is gone: forget it and ask for sign-in, coming back here after. */
function handleUnauthorized(): void {
  clearCredentials();
  if (typeof location !== 'undefined' && !onAuthPage()) goTo(loginPathFor(currentPath()), { replace: true });
}

async function guarded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UnauthorizedError) handleUnauthorized();
    throw error;
  }
}

/** The panel's API instance; every store and action calls through it. */
export const api: Api = {
  baseURL: raw.baseURL,
  get: (path, query) => guarded(raw.get(path, query)),
  post: (path, body, init) => guarded(raw.post(path, body, init)),
  put: (path, body) => guarded(raw.put(path, body)),
  patch: (path, body) => guarded(raw.patch(path, body)),
  delete: (path, body) => guarded(raw.delete(path, body)),
  download: (path, query) => guarded(raw.download(path, query)),
};
