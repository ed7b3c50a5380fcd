import { createApi, type Api, type ApiOptions } from '../lib/api/client';
import { $companyGuid, $token } from './credentials';

/**
 * What the panel's stores need from the world around them: the provider API and the address
 * bar. The browser gets the real ones; tests in Node set their own (the in-process API, an
 * address in memory), so store logic is tested without a browser. Storage is
 * @nanostores/persistent's, which has its own test engine.
 */
export interface PanelEnvironment {
  /** The provider API with the session's credentials; the panel's 401 handling wraps it. */
  api: Api;
  /** The same API's options, for the task event stream, which reads the answer as it arrives; none: no live updates. */
  apiOptions?: ApiOptions;
  /** The address the page is at. */
  location(): URL;
  /** Loads another document (or, in tests, records where the panel went). */
  go(url: string, options: { replace: boolean }): void;
}

/**
 * The provider API the panel talks to: the embedded one under `/api` on this origin unless
 * the build names another with PUBLIC_API_URL (spec decisions, 3).
 */
export const API_BASE = import.meta.env.PUBLIC_API_URL || '/api';

/** The options of the API with the stored token and company, as every environment sends them. */
export function panelApiOptions(baseURL: string, fetch?: typeof globalThis.fetch): ApiOptions {
  return {
    baseURL,
    credentials: () => ({ token: $token.get() ?? null, company: $companyGuid.get() ?? null }),
    ...(fetch ? { fetch } : {}),
  };
}

export function panelApi(baseURL: string, fetch?: typeof globalThis.fetch): Api {
  return createApi(panelApiOptions(baseURL, fetch));
}

function browserEnvironment(): PanelEnvironment {
  return {
    api: panelApi(API_BASE),
    apiOptions: panelApiOptions(API_BASE),
    location: () => new URL(location.href),
    go: (url, { replace }) => (replace ? location.replace(url) : location.assign(url)),
  };
}

let current: PanelEnvironment | undefined;

export function environment(): PanelEnvironment {
  current ??= browserEnvironment();
  return current;
}

/** For tests: the stores use `env` from now on. */
export function setEnvironment(env: PanelEnvironment): void {
  current = env;
}
