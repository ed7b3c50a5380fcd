import { toSearchParams, type Api } from './client';
import type { AnswerOf, InputOf, Operation } from './define';

/** Extra headers for one call (an `Idempotency-Key`, for instance). */
export interface SendOptions {
  headers?: Record<string, string>;
}

/** The options of a call that creates an order or charges money: the submission's `Idempotency-Key`, when given. */
export const withIdempotencyKey = (idempotencyKey: string | undefined): SendOptions => (idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {});

/** `/account/emails/{guid}/` with its parameters filled in, each encoded as one segment. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`The path ${path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}

type Args<O extends Operation> = Record<never, never> extends InputOf<O> ? [input?: InputOf<O>, options?: SendOptions] : [input: InputOf<O>, options?: SendOptions];

/**
 * Calls one operation by its route (src/lib/requests: verb and path), typed by its definition
 * (`call<typeof loginOp>`, a type only, so the panel's bundles carry no schema): what the
 * server registers is what the panel and the CLI send, and a route that is not the
 * definition's does not compile.
 */
export function call<O extends Operation>(api: Api, op: Pick<O, 'method' | 'path'>, ...[input, options]: Args<O>): Promise<AnswerOf<O>> {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const path = fillPath(op.path, given.params);
  const query = given.query as Parameters<Api['get']>[1];
  switch (op.method) {
    case 'get':
      return api.get<AnswerOf<O>>(path, query);
    case 'post':
      return api.post<AnswerOf<O>>(path + toSearchParams(query), given.body, options);
    case 'put':
      return api.put<AnswerOf<O>>(path, given.body);
    case 'patch':
      return api.patch<AnswerOf<O>>(path, given.body);
    case 'delete':
      // A bulk delete names its rows in the query (`?redirect=a&redirect=b`, spec part 2, 7.4).
      return api.delete<AnswerOf<O>>(path + toSearchParams(query), given.body);
  }
}

/** Calls one operation by its definition (tests and server-side scripts, which hold the schemas anyway). */
export const send = <O extends Operation>(api: Api, op: O, ...args: Args<O>): Promise<AnswerOf<O>> => call<O>(api, op, ...args);
