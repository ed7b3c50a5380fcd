import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../../lib/schemas/auth';
import { badRequest, problem } from './errors';

/** Parses a JSON body with a shared schema; a failure answers 400 with the schema's own sentences. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw problem(400, 'The request body is not valid JSON.', { code: 'invalid_json' });
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
  return parsed.data;
}

/** Parses the query string (repeated keys become arrays) with a shared schema. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const url = new URL(c.req.url);
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
  return parsed.data;
}
