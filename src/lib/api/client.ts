import { FetchError, ofetch, type $Fetch, type FetchOptions } from 'ofetch';
import { ApiError, NetworkError, UnauthorizedError, toErrorBody } from '../errors';

export interface ApiCredentials {
  token: string | null;
  company: string | null;
}

export interface ApiOptions {
  /** Base URL of the provider API, e.g. `/api` or `https://panel.example.com/api`. */
  baseURL: string;
  /** Read on every request, so a store or config file can change them. */
  credentials?: () => ApiCredentials;
  /** Injectable fetch: tests pass the Hono app's fetch. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request (the CLI sends its User-Agent). */
  headers?: Record<string, string>;
}

export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

export interface Download {
  filename: string;
  contentType: string;
  body: ArrayBuffer;
}

export interface Api {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown, init?: { headers?: Record<string, string> }): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
  /** A file answer, named by the x-suggested-filename header. */
  /** GET with `query`, or POST with `body` as JSON when one is given (a selection too long for a URL). */
  download(path: string, query?: Query, body?: unknown): Promise<Download>;
  readonly baseURL: string;
}

/** Encodes repeated keys (`search=a&search=b`) the way the provider API reads them. */
export function toSearchParams(query: Query | undefined): string {
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) sp.append(key, String(v));
    else sp.append(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The typed client shared by the panel and the CLI; each decides what a 401 means for it. */
export function createApi(options: ApiOptions): Api {
  const base = options.baseURL.replace(/\/+$/, '');
  const client: $Fetch = ofetch.create(
    {
      baseURL: base,
      retry: 0,
      onRequest({ options: o }) {
        const headers = new Headers(o.headers);
        headers.set('Accept', 'application/json');
        for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
        const creds = options.credentials?.();
        if (creds?.token) headers.set('Authorization', `Token ${creds.token}`);
        if (creds?.company) headers.set('Company', creds.company);
        o.headers = headers;
      },
    },
    // ofetch takes an injected fetch only as a global option, not as a request default.
    options.fetch ? { fetch: options.fetch } : {},
  );

  async function call<T>(path: string, init: FetchOptions<'json'>): Promise<T> {
    try {
      return (await client<T>(path, init)) as T;
    } catch (error) {
      throw translate(error, base + path);
    }
  }

  return {
    baseURL: base,
    get: (path, query) => call(path + toSearchParams(query), { method: 'GET' }),
    post: (path, body, init) => call(path, { method: 'POST', body: (body ?? {}) as Record<string, unknown>, ...(init?.headers ? { headers: init.headers } : {}) }),
    put: (path, body) => call(path, { method: 'PUT', body: (body ?? {}) as Record<string, unknown> }),
    patch: (path, body) => call(path, { method: 'PATCH', body: (body ?? {}) as Record<string, unknown> }),
    delete: (path, body) => call(path, { method: 'DELETE', ...(body === undefined ? {} : { body: body as Record<string, unknown> }) }),
    async download(path, query, body) {
      try {
        const res = await client.raw<ArrayBuffer, 'arrayBuffer'>(
          path + toSearchParams(query),
          body === undefined ? { method: 'GET', responseType: 'arrayBuffer' } : { method: 'POST', body: body as Record<string, unknown>, responseType: 'arrayBuffer' },
        );
        const disposition = res.headers.get('content-disposition') ?? '';
        const fromDisposition = /filename="?([^";]+)"?/.exec(disposition)?.[1];
        return {
          filename: res.headers.get('x-suggested-filename') ?? fromDisposition ?? 'download',
          contentType: res.headers.get('content-type') ?? 'application/octet-stream',
          body: res._data ?? new ArrayBuffer(0),
        };
      } catch (error) {
        throw translate(error, base + path);
      }
    },
  };
}

function translate(error: unknown, url: string): Error {
  if (error instanceof FetchError) {
    const status = error.response?.status;
    if (!status) return new NetworkError(url, error);
    let data: unknown = error.data;
    if (data instanceof ArrayBuffer) {
      try {
        data = JSON.parse(new TextDecoder().decode(data));
      } catch {
        data = undefined;
      }
    }
    const body = toErrorBody(data, status);
    return status === 401 ? new UnauthorizedError(body) : new ApiError(status, body);
  }
  return error instanceof Error ? error : new Error(String(error));
}
