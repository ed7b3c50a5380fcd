import { createHash, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Context } from 'hono';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Operation } from '../../lib/api/define';
import { hasControlCharacters } from '../../lib/schemas/text';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { idempotencyKeys } from '../db/schema/index';
import { ApiProblem, problem } from './errors';

/** How long a first answer is kept for repeats (the Stripe convention). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
export const IDEMPOTENCY_KEY_MAX = 255;
/**
 * How long the request holding a key counts as alive without renewing its lease; it renews every
 * third of that while it runs. A holder whose process died stops renewing, and a retry takes the
 * key over once the lease has run out (at once on PGlite, where no other process can hold it).
 */
export const KEY_LEASE_MS = 30_000;

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Use a new key for a new request.';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed. Try again in a moment.';
export const KEY_INVALID = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} characters without control characters.`;

/** This server process, as the key rows it holds name it: a random id, new at every start. */
export const PROCESS_ID = randomUUID();

/** The step under which a handler whose work is one transaction keeps its answer (answerWithWork). */
const ANSWER_STEP = 'answer';

/**
 * The key a request holds, for its handler: what an earlier attempt that died had committed, and
 * a way to record, in the work's own transaction, what this attempt commits. Recording is fenced
 * by the attempt's claim, so an attempt whose key was taken over (its lease ran out) cannot commit
 * its work beside the one that took it over.
 */
export interface KeyRun {
  /** What a dead earlier attempt committed for `step`, if it did. */
  earlier<T>(step: string): T | undefined;
  /** Records `data` for `step` in `tx`; throws, rolling `tx` back, when the key is no longer this attempt's. */
  record(tx: Db, step: string, data: unknown): Promise<void>;
  /** Drops `step` again in `tx`, for work taken back (a compensation). */
  forget(tx: Db, step: string): Promise<void>;
}

const runs = new WeakMap<Context<AppEnv>, KeyRun>();

/** The key the request holds, when it sent one; handlers of idempotent operations record their commits through it. */
export const keyRunOf = (c: Context<AppEnv>): KeyRun | undefined => runs.get(c);

/**
 * For a handler whose work is one transaction: keeps its answer with the work, so a retry after
 * the process died between the commit and the answer replays it instead of working again.
 * Call it last in the transaction, with the answer the handler returns.
 */
export async function answerWithWork<T>(c: Context<AppEnv>, tx: Db, answer: T): Promise<T> {
  await keyRunOf(c)?.record(tx, ANSWER_STEP, answer);
  return answer;
}

/**
 * What an attempt whose key a retry took over answers (its lease ran out while it worked): its
 * transaction is rolled back, and the retry that holds the key now does the work.
 */
const takenOver = () => problem(409, KEY_IN_FLIGHT, { code: 'idempotency_key_taken_over' });

/** The attempt lost its key to a retry: the work is the retry's now, and nothing of it may be undone here. */
export const isKeyTakenOver = (error: unknown) => error instanceof ApiProblem && error.body.code === 'idempotency_key_taken_over';

/** PGlite is opened by one process only: a key another process holds was left by one that has stopped. */
const embedded = (db: Db) => (db as unknown as { $client: unknown }).$client instanceof PGlite;

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** What tells two requests under one key apart: the method, the path and the body as sent. */
export const requestHashOf = (method: string, pathname: string, body: string) => createHash('sha256').update(`${method} ${pathname}\n${body}`).digest('hex');

/**
 * Runs an idempotent call at most once per key: the first request claims the key, its 2xx
 * answer is kept, and a repeat within 24 hours with the same request gets that answer again
 * (header `Idempotent-Replayed: true`). A failed first request frees the key for a retry.
 * A request that died (its process gone, or its lease run out) does not hold the key for the
 * day: the next retry takes it over and replays what was committed or finishes the work from
 * what the dead attempt recorded (keyRunOf), never doing committed work twice.
 */
export async function onceForKey(c: Context<AppEnv>, op: Operation, run: () => Promise<Response>): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return run();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || hasControlCharacters(key)) throw problem(400, KEY_INVALID, { code: 'invalid_idempotency_key' });
  const { db, now } = c.var.deps;
  const companyGuid = c.var.company.guid;
  // Each member's keys are their own: another member's same key and body is a request of its own, not a replay of the first's answer.
  const memberKey = `${c.var.viewer.userGuid}:${key}`;
  const requestHash = requestHashOf(c.req.method, new URL(c.req.url).pathname, await c.req.text());
  const mine = and(eq(idempotencyKeys.companyGuid, companyGuid), eq(idempotencyKeys.route, op.id), eq(idempotencyKeys.key, memberKey));
  const leaseEnd = () => new Date(now().getTime() + KEY_LEASE_MS);
  const replay = (row: Pick<KeyRow, 'statusCode' | 'response'>) => {
    c.header('Idempotent-Replayed', 'true');
    return c.json(row.response as object, row.statusCode as 200);
  };
  await db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.dateCreated, new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS))));

  const claim = randomUUID();
  const held = and(mine, eq(idempotencyKeys.claim, claim));
  let progress: Record<string, unknown> = {};
  // Twice at most: a holder that failed may free the key between our insert and our read.
  for (let attempt = 0; ; attempt++) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ companyGuid, route: op.id, key: memberKey, requestHash, dateCreated: now(), ownerProcess: PROCESS_ID, claim, leaseExpires: leaseEnd() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length) break;
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first) {
      if (attempt === 0) continue;
      throw problem(409, KEY_IN_FLIGHT, { code: 'idempotency_key_in_flight' });
    }
    if (first.requestHash !== requestHash) throw problem(422, KEY_REUSED, { code: 'idempotency_key_reused' });
    if (first.statusCode !== null) return replay(first);
    const lease = first.leaseExpires?.getTime() ?? 0;
    const holderGone = first.ownerProcess !== PROCESS_ID && embedded(db);
    if (lease > now().getTime() && !holderGone) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((lease - now().getTime()) / 1000))));
      throw problem(409, KEY_IN_FLIGHT, { code: 'idempotency_key_in_flight' });
    }
    // The holder died: its claim is replaced by ours, once (two retries at once: one of them takes it).
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ ownerProcess: PROCESS_ID, claim, leaseExpires: leaseEnd() })
      .where(and(mine, isNull(idempotencyKeys.statusCode), first.claim === null ? isNull(idempotencyKeys.claim) : eq(idempotencyKeys.claim, first.claim)))
      .returning();
    if (!taken) {
      if (attempt === 0) continue;
      throw problem(409, KEY_IN_FLIGHT, { code: 'idempotency_key_in_flight' });
    }
    progress = taken.progress;
    if (ANSWER_STEP in progress) {
      // The work committed with its answer: that answer is the request's, as if it had arrived.
      const answer = { statusCode: op.status ?? 200, response: progress[ANSWER_STEP] };
      await db
        .update(idempotencyKeys)
        .set({ ...answer, leaseExpires: null })
        .where(held);
      return replay(answer);
    }
    break;
  }

  const earlier = progress;
  runs.set(c, {
    earlier: <T>(step: string) => earlier[step] as T | undefined,
    async record(tx, step, data) {
      const updated = await tx
        .update(idempotencyKeys)
        .set({ progress: sql`${idempotencyKeys.progress} || jsonb_build_object(${step}::text, ${JSON.stringify(data)}::jsonb)` })
        .where(and(held, isNull(idempotencyKeys.statusCode)))
        .returning({ claim: idempotencyKeys.claim });
      if (!updated.length) throw takenOver();
    },
    async forget(tx, step) {
      await tx
        .update(idempotencyKeys)
        .set({ progress: sql`${idempotencyKeys.progress} - ${step}::text` })
        .where(held);
    },
  });
  // Renewed while the request runs; a process that dies stops renewing, and its lease runs out.
  const renewal = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ leaseExpires: leaseEnd() })
      .where(and(held, isNull(idempotencyKeys.statusCode)))
      .catch((error: unknown) => console.error(`[hostdeck] an Idempotency-Key lease was not renewed: ${String(error)}`));
  }, KEY_LEASE_MS / 3);
  renewal.unref();
  try {
    const res = await run();
    if (res.status >= 200 && res.status < 300) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: res.status, response: await res.clone().json(), leaseExpires: null })
        .where(and(held, isNull(idempotencyKeys.statusCode)));
    } else {
      await release(db, held, now());
    }
    return res;
  } catch (error) {
    await release(db, held, now());
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/**
 * After a failed attempt: the key is freed for a corrected retry when nothing was committed under
 * it; when some steps were, the key stays with them and its lease ends now, so the next retry
 * takes it over at once and finishes from them.
 */
async function release(db: Db, held: ReturnType<typeof and>, at: Date): Promise<void> {
  const dropped = await db
    .delete(idempotencyKeys)
    .where(and(held, sql`${idempotencyKeys.progress} = '{}'::jsonb`))
    .returning({ claim: idempotencyKeys.claim });
  if (!dropped.length)
    await db
      .update(idempotencyKeys)
      .set({ leaseExpires: at })
      .where(and(held, isNull(idempotencyKeys.statusCode)));
}
