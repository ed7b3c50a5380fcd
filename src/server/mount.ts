import { createApiApp } from './app';
import { rememberClientAddress } from './client-address';
import { serverDeps } from './runtime';

/** The API as the panel's server runs it: database from the environment, opened on first use. */
export const apiApp = createApiApp(serverDeps);

export const API_PREFIX = '/api';

/**
 * Hands a request under `/api` to the API app with the prefix taken off, so the API answers
 * every address under it (its own 404, 405 and 400 included) and the pages never see one.
 */
export function serveApi(request: Request, clientAddress: string | undefined): Response | Promise<Response> {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(API_PREFIX.length) || '/';
  const forwarded = new Request(url, request);
  rememberClientAddress(forwarded, clientAddress);
  return apiApp.fetch(forwarded);
}
