import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { errorEnvelope, type AnswerOf, type Operation, type ParsedInput } from '../../lib/api/define';
import { fieldErrors } from '../../lib/schemas/auth';
import type { AppEnv } from '../context';
import { notForApiKeys, notForCustomers, requireAuth, requireCompany, samePathCompany, scope } from '../auth/middleware';
import { badRequest, notFound } from './errors';
import { jsonBody, readQuery } from './validate';
import { onceForKey } from './idempotency';

export type Handler<O extends Operation> = (c: Context<AppEnv>, input: ParsedInput<O>) => Promise<AnswerOf<O> | Response>;

/** An operation with the server's handler for it. */
export interface Implemented {
  op: Operation;
  handler: (c: Context<AppEnv>, input: ParsedInput<Operation>) => Promise<unknown>;
}

/** Registers the handler of one operation; its input arrives parsed and typed. */
export const implement = <O extends Operation>(op: O, handler: Handler<O>): Implemented => ({
  op,
  handler: handler as unknown as Implemented['handler'],
});

/** `/account/emails/{guid}/` as Hono writes it: `/account/emails/:guid` (the app is not strict about the slash). */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '') || '/';

/**
 * The access rules of a definition as middleware, in the order they are checked: the token,
 * the company, customer accounts, API keys, then the scopes. A handler never checks them.
 */
export function guardsOf(op: Operation): MiddlewareHandler<AppEnv>[] {
  const audience = op.audience ?? 'member';
  const list: MiddlewareHandler<AppEnv>[] = [];
  if (audience === 'public') return list;
  list.push(requireAuth);
  if (op.apiKeys === false) list.push(notForApiKeys);
  if (audience === 'member') list.push(requireCompany);
  if (op.customers === false) list.push(notForCustomers);
  if (op.scopes?.length) list.push(scope(...op.scopes));
  if (op.companyPath) list.push(samePathCompany(op.companyPath));
  return list;
}

/**
 * Orders routes so a literal segment is tried before a parameter in the same place:
 * `/domains/export/` must not be taken for `/domains/{guid}/`, whatever order the areas list
 * their operations in. Otherwise the order stays as listed.
 */
export function bySpecificity(a: Implemented, b: Implemented): number {
  const key = (path: string): [number, string][] => path.split('/').map((part) => (part.startsWith('{') ? [1, ''] : [0, part]));
  const ka = key(a.op.path);
  const kb = key(b.op.path);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const [ta, va] = ka[i]!;
    const [tb, vb] = kb[i]!;
    if (ta !== tb) return ta - tb;
    if (va !== vb) return va < vb ? -1 : 1;
  }
  return ka.length - kb.length;
}

export function mountOperations(app: Hono<AppEnv>, list: readonly Implemented[]) {
  for (const { op, handler } of [...list].sort(bySpecificity)) {
    app.on([op.method.toUpperCase()], [honoPath(op.path)], ...guardsOf(op), async (c) => {
      const input = await parseInput(c, op);
      const answer = async () => {
        const result = await handler(c, input);
        return result instanceof Response ? result : c.json(result as object, op.status ?? 200);
      };
      const res = op.idempotent ? await onceForKey(c, op, answer) : await answer();
      if (c.var.deps.config.checkAnswers) await checkAnswer(op, res);
      return res;
    });
  }
}

async function parseInput(c: Context<AppEnv>, op: Operation): Promise<ParsedInput<Operation>> {
  const input = { params: {}, query: {}, body: {} } as ParsedInput<Operation>;
  if (op.params) {
    const parsed = z.safeParse(op.params, c.req.param());
    // A parameter that cannot name anything names nothing: the same 404 as an unknown one.
    if (!parsed.success) throw notFound(op.notFound);
    input.params = parsed.data as never;
  }
  if (op.query) input.query = readQuery(c, op.query) as never;
  else if (op.method !== 'get') {
    // A write must not be steered by anything it does not read: unknown query keys are refused.
    const keys = [...new Set(new URL(c.req.url).searchParams.keys())];
    if (keys.length) throw badRequest(Object.fromEntries(new Map(keys.map((k) => [k, notTaken(k)]))), 'unknown_field');
  }
  if (!op.body && op.method !== 'get') {
    // A call without a body takes none: `{}` (what clients send by default) and nothing pass.
    refuseUnknownFields(null, await jsonBody(c));
  } else if (op.body) {
    const raw = await jsonBody(c);
    refuseUnknownFields(op.body, raw);
    const parsed = z.safeParse(op.body, raw);
    if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
    input.body = parsed.data as never;
  }
  return input;
}

/** The fields of an object schema, looking through pipes; null where any name goes. */
export function fieldsOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | null {
  // The core classes: they match zod and zod/mini schemas alike.
  if (schema instanceof z.core.$ZodObject) return schema._zod.def.shape;
  if (schema instanceof z.core.$ZodPipe) return fieldsOf(schema._zod.def.in) ?? fieldsOf(schema._zod.def.out);
  return null;
}

const notTaken = (name: string) => `This call does not take the field ${JSON.stringify(name.slice(0, 60))}.`;

/** A misspelt field would otherwise be dropped without a word; scripts deserve to hear of it. */
function refuseUnknownFields(schema: z.core.$ZodType | null, raw: Record<string, unknown>) {
  const fields = schema ? fieldsOf(schema) : {};
  if (!fields) return;
  const unknown = Object.keys(raw).filter((k) => !Object.hasOwn(fields, k));
  if (!unknown.length) return;
  const refusals = new Map(unknown.map((k) => [k, notTaken(k)]));
  throw badRequest(Object.fromEntries(refusals), 'unknown_field');
}

/** In development and tests: an answer that does not match its schema is a bug, answered 500. */
async function checkAnswer(op: Operation, res: Response) {
  if (typeof op.answer === 'string') return;
  const schema = res.status >= 400 ? errorEnvelope : op.answer;
  const data: unknown = await res.clone().json();
  const checked = schema.safeParse(data);
  if (!checked.success) throw new Error(`The answer of ${op.id} (${res.status}) does not match its schema:\n${z.prettifyError(checked.error)}`);
}
