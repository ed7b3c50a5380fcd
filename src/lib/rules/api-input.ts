/**
 * What the API refuses before any handler runs, and the sentences it answers (spec
 * decisions, 3: every error is the envelope with a sentence). Shared with the HTTP server
 * in front of the API, which answers undecodable addresses before the API sees them.
 */

/** No call takes a JSON body anywhere near this; imports of many lines stay well below it. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Longer addresses are refused: no path or query the API defines comes close. */
export const MAX_URL_LENGTH = 8192;

export const BODY_TOO_LARGE = 'The request body is too large.';
export const BODY_NOT_JSON = 'The request body is not valid JSON.';
export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';
export const URL_NOT_DECODABLE = 'The address is not valid: it contains an escape sequence that cannot be decoded.';
export const URL_HAS_CONTROLS = 'The address is not valid: it contains control characters.';
export const URL_TOO_LONG = 'The address is too long.';
export const NOT_FOUND = 'This API address does not exist.';
export const methodNotAllowed = (method: string, allowed: string[]) => `This API address does not accept ${method}; it accepts ${allowed.join(', ')}.`;
export const SERVER_ERROR = (requestId: string) => `Something went wrong on our side. Please try again later; if it keeps happening, tell support the reference ${requestId}.`;
