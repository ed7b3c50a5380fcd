import { toSearchParams, type Api } from './client';
import { fillPath, type AnswerOf, type InputOf, type Operation } from './define';

/** Extra headers for one call (an `Idempotency-Key`, for instance). */
export interface SendOptions {
  headers?: Record<string, string>;
}

/**
 * Calls one operation through a client: the path, verb and types all come from its
 * definition, so the panel, the CLI and the tests cannot disagree with the server about them.
 */
export function send<O extends Operation>(api: Api, op: O, ...[input, options]: {} extends InputOf<O> ? [input?: InputOf<O>, options?: SendOptions] : [input: InputOf<O>, options?: SendOptions]): Promise<AnswerOf<O>> {
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
      return api.delete<AnswerOf<O>>(path, given.body);
  }
}
