import { and, desc, eq, gte, isNull, notInArray, or } from 'drizzle-orm';
import type { TaskEvent } from '../../lib/api/tasks';
import type { ServerConfig, Viewer } from '../context';
import type { Db } from '../db/connection';
import { sessionTokens, tasks } from '../db/schema/index';
import { taskEventOf } from '../jobs/store';

/** What the task event stream reads (src/server/routes/task-events.ts): the resume and the session's check. */

/** Event ids are times; a resume looks this much further back, for clocks of other processes. */
const RESUME_SLACK_MS = 10_000;
/** A resume sends the state of at most this many tasks. */
const RESUME_MAX = 100;

/** The state of every task of the company still running, or finished since `since`. */
export async function changedSince(db: Db, company: string, since: number): Promise<TaskEvent[]> {
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyGuid, company), or(notInArray(tasks.status, ['COMPLETED', 'FAILURE']), gte(tasks.dateCompleted, new Date(since - RESUME_SLACK_MS)))))
    .orderBy(desc(tasks.dateCreated))
    .limit(RESUME_MAX);
  return rows.reverse().map((t) => taskEventOf(t));
}

/**
 * A stream outlives the request that opened it: at each heartbeat it checks that the session is
 * still valid (not revoked, not expired, not idle), without counting the stream as a use.
 */
export async function sessionAlive(db: Db, viewer: Viewer, now: Date, config: ServerConfig): Promise<boolean> {
  const [row] = await db
    .select()
    .from(sessionTokens)
    .where(and(eq(sessionTokens.guid, viewer.sessionGuid), isNull(sessionTokens.revokedAt)));
  if (!row || (row.expiresAt && row.expiresAt <= now)) return false;
  return row.kind !== 'SESSION' || row.lastUsedAt.getTime() + config.sessionIdleMinutes * 60_000 > now.getTime();
}
