import type { Context } from 'hono';
import { z } from 'zod';
import { fieldErrors } from '../../lib/schemas/auth';
import { BODY_NOT_JSON, BODY_NOT_OBJECT, BODY_TOO_LARGE, MAX_BODY_BYTES } from '../../lib/rules/api-input';
import { badRequest, problem } from './errors';

/**
 * The body as a JSON object ({} when empty), whatever the content type says: a form or plain
 * text body is refused with a sentence rather than half-read.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw problem(413, BODY_TOO_LARGE, { code: 'body_too_large' });
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw problem(413, BODY_TOO_LARGE, { code: 'body_too_large' });
  if (!text.trim()) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw problem(400, BODY_NOT_JSON, { code: 'invalid_json' });
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw problem(400, BODY_NOT_OBJECT, { code: 'invalid_json' });
  return raw as Record<string, unknown>;
}

/** Parses the query string (repeated keys become arrays) with a shared schema. */
export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  const url = new URL(c.req.url);
  // A Map: a query key named `constructor` or `__proto__` is just a key.
  const raw = new Map<string, string | string[]>();
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    raw.set(key, all.length > 1 ? all : all[0]!);
  }
  const parsed = z.safeParse(schema, Object.fromEntries(raw));
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
  return parsed.data;
}
