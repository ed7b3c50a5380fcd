/**
 * The closed set of errors the API client raises, and the one function that turns any of
 * them into the sentences a person sees (spec decisions, 3: error bodies).
 */
import type { ErrorCode } from './error-codes';

export interface ErrorBody {
  errors: string[];
  /** One of ERROR_CODES; typed open since a newer server may answer a code this client does not know. */
  code?: ErrorCode | (string & {});
  fields?: Record<string, string>;
  email_not_verified?: boolean;
  /** On a server error: the reference under which the server logged it. */
  request_id?: string;
}

/** The API answered with a 4xx or 5xx and, usually, the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(body.errors.join(' ') || `The request failed with status ${status}.`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  get code(): ErrorBody['code'] {
    return this.body.code;
  }
}

/**
 * Whether the API refused with one of these codes. Compare codes through it rather than with
 * `===`: the codes are checked against ERROR_CODES, so a misspelt one does not compile.
 */
export const hasErrorCode = (error: unknown, ...codes: readonly ErrorCode[]): error is ApiError => error instanceof ApiError && codes.some((code) => code === error.code);

/**
 * The `code` of a 401 for an API key past its expiry date, so a client can say so (the CLI's
 * sign-in hint) instead of guessing; other refused tokens answer `not_authenticated`.
 */
export const API_KEY_EXPIRED_CODE = 'api_key_expired' satisfies ErrorCode;

/** The session is missing or has ended (401). */
export class UnauthorizedError extends ApiError {
  constructor(body: ErrorBody) {
    super(401, body);
    this.name = 'UnauthorizedError';
  }
}

/** No answer reached us: the server is down or the network is gone. */
export class NetworkError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Could not reach ${url}. Check the address and your connection, then try again.`, { cause });
    this.name = 'NetworkError';
  }
}

/** Input refused before it was sent, with the same sentences the server would answer. */
export class ValidationError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join(' '));
    this.name = 'ValidationError';
  }
}

/** Reads any error body the API may send ({errors}, {error}, {detail}) into the envelope. */
export function toErrorBody(data: unknown, status: number): ErrorBody {
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    const list = Array.isArray(d.errors) ? d.errors.map(String) : typeof d.error === 'string' ? [d.error] : typeof d.detail === 'string' ? [d.detail] : [];
    const body: ErrorBody = { errors: list.length ? list : [`The request failed with status ${status}.`] };
    if (typeof d.code === 'string') body.code = d.code;
    if (d.fields && typeof d.fields === 'object') body.fields = d.fields as Record<string, string>;
    if (d.email_not_verified === true) body.email_not_verified = true;
    if (typeof d.request_id === 'string') body.request_id = d.request_id;
    return body;
  }
  return { errors: [`The request failed with status ${status}.`] };
}

/** The sentences to show for an error of any kind. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.body.errors;
  if (error instanceof ValidationError) return Object.values(error.fields);
  if (error instanceof NetworkError) return [error.message];
  if (error instanceof Error) return [error.message];
  return ['Something went wrong!'];
}
