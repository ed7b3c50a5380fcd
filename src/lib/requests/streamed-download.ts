import { ApiError, NetworkError, UnauthorizedError, toErrorBody } from '../errors';
import { toSearchParams, type ApiOptions, type Query } from '../api/client';

/** The headers every call outside the shared client sends: the client's own, its credentials, and `extra`. */
export function callHeaders(options: ApiOptions, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...options.headers, ...extra });
  const creds = options.credentials?.();
  if (creds?.token) headers.set('Authorization', `Token ${creds.token}`);
  if (creds?.company) headers.set('Company', creds.company);
  return headers;
}

export interface StreamedDownload {
  /** From the x-suggested-filename header, as the panel's downloads name their files. */
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * A file answer read as it arrives rather than held whole (the CLI's exports of 100,000 rows
 * at flat memory): GET with `query`, or POST with `body` as JSON. A refusal rejects with
 * ApiError, an unreachable server with NetworkError, as the shared client does.
 */
export async function openStreamedDownload(options: ApiOptions, path: string, request: { query?: Query; body?: unknown } = {}): Promise<StreamedDownload> {
  const url = options.baseURL.replace(/\/+$/, '') + path + toSearchParams(request.query);
  const post = request.body !== undefined;
  const headers = callHeaders(options, post ? { 'Content-Type': 'application/json' } : {});
  let res: Response;
  try {
    res = await (options.fetch ?? globalThis.fetch)(url, post ? { method: 'POST', headers, body: JSON.stringify(request.body) } : { headers });
  } catch (error) {
    throw new NetworkError(url, error);
  }
  if (!res.ok || !res.body) {
    const body = toErrorBody(await res.json().catch(() => undefined), res.status);
    throw res.status === 401 ? new UnauthorizedError(body) : new ApiError(res.status, body);
  }
  return {
    filename: res.headers.get('x-suggested-filename') ?? 'download',
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    body: res.body,
  };
}
