import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../lib/error-codes';
import type { ErrorBody } from '../../lib/errors';

/** The envelope as the server writes it: a client reads any code, the server answers only listed ones. */
export type ProblemBody = Omit<ErrorBody, 'code'> & { code?: ErrorCode };

/** An error answered with the envelope of spec/decisions.md: {errors: [...], code?, fields?}. */
export class ApiProblem extends HTTPException {
  readonly body: ProblemBody;
  constructor(status: ContentfulStatusCode, body: ProblemBody) {
    super(status, { message: body.errors.join(' ') });
    this.body = body;
  }
}

export const problem = (status: ContentfulStatusCode, message: string, extra: Omit<ProblemBody, 'errors'> = {}) => new ApiProblem(status, { errors: [message], ...extra });

export const badRequest = (fields: Record<string, string>, code: ErrorCode = 'invalid') => new ApiProblem(400, { errors: Object.values(fields), code, fields });

export const unauthorized = (message = 'Your session has ended. Please sign in again.') => problem(401, message, { code: 'not_authenticated' });
export const forbidden = (message = 'You do not have permission to perform this action.') => problem(403, message, { code: 'permission_denied' });
export const notFound = (message = 'Not found.') => problem(404, message, { code: 'not_found' });
export const tooManyRequests = (message: string) => problem(429, message, { code: 'throttled' });
