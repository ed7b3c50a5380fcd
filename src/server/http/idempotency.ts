import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Operation } from '../../lib/api/define';
import { hasControlCharacters } from '../../lib/schemas/text';
import type { AppEnv } from '../context';
import { idempotencyKeys } from '../db/schema/index';
import { problem } from './errors';

/** How long a first answer is kept for repeats (the Stripe convention). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
export const IDEMPOTENCY_KEY_MAX = 255;

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Use a new key for a new request.';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed. Try again in a moment.';
export const KEY_INVALID = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters without control characters.`;

/**
 * Runs an idempotent call at most once per key: the first request claims the key, its 2xx
 * answer is kept, and a repeat within 24 hours with the same request gets that answer again
 * (header `Idempotent-Replayed: true`). A failed first request frees the key for a retry.
 */
export async function onceForKey(c: Context<AppEnv>, op: Operation, run: () => Promise<Response>): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return run();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || hasControlCharacters(key)) throw problem(400, KEY_INVALID, { code: 'invalid_idempotency_key' });
  const { db, now } = c.var.deps;
  const companyGuid = c.var.company.guid;
  // Each member's keys are their own: another member's same key and body is a request of its own, not a replay of the first's answer.
  const memberKey = `${c.var.viewer.userGuid}:${key}`;
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${new URL(c.req.url).pathname}\n${await c.req.text()}`)
    .digest('hex');
  const mine = and(eq(idempotencyKeys.companyGuid, companyGuid), eq(idempotencyKeys.route, op.id), eq(idempotencyKeys.key, memberKey));
  await db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.dateCreated, new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS))));
  const claimed = await db.insert(idempotencyKeys).values({ companyGuid, route: op.id, key: memberKey, requestHash, dateCreated: now() }).onConflictDoNothing().returning();
  if (!claimed.length) {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first || first.requestHash !== requestHash) throw problem(422, KEY_REUSED, { code: 'idempotency_key_reused' });
    if (first.statusCode === null) throw problem(409, KEY_IN_FLIGHT, { code: 'idempotency_key_in_flight' });
    c.header('Idempotent-Replayed', 'true');
    return c.json(first.response as object, first.statusCode as 200);
  }
  try {
    const res = await run();
    if (res.status >= 200 && res.status < 300) {
      await db.update(idempotencyKeys).set({ statusCode: res.status, response: await res.clone().json() }).where(and(mine, isNull(idempotencyKeys.statusCode)));
    } else {
      await db.delete(idempotencyKeys).where(mine);
    }
    return res;
  } catch (error) {
    await db.delete(idempotencyKeys).where(mine);
    throw error;
  }
}
