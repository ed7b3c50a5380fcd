import { createHash } from 'node:crypto';
import { and, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { authThrottles } from '../db/schema/index';

/**
 * Keys are built from what a client sends (an email, an address), so they are stored as a
 * SHA-256: a fixed 64 characters whatever arrives, and no personal data in the table.
 */
const stored = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Counts failures per key in one-minute buckets kept in the database, so limits hold
 * across restarts and across several server processes.
 */
export async function recordFailure(db: Db, key: string, now: Date): Promise<void> {
  const bucket = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await db
    .insert(authThrottles)
    .values({ key: stored(key), windowStart: bucket, count: 1 })
    .onConflictDoUpdate({ target: [authThrottles.key, authThrottles.windowStart], set: { count: sql`${authThrottles.count} + 1` } });
}

export async function failuresSince(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(authThrottles.count) })
    .from(authThrottles)
    .where(and(eq(authThrottles.key, stored(key)), gte(authThrottles.windowStart, since)));
  return Number(row?.total ?? 0);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, stored(key)));
}
