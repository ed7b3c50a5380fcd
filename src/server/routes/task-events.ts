import { and, desc, eq, gte, isNull, notInArray, or } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import { taskEventsOp, type TaskEvent } from '../../lib/api/tasks';
import type { Db } from '../db/connection';
import { sessionTokens, tasks } from '../db/schema/index';
import type { ServerConfig, Viewer } from '../context';
import { implement } from '../http/operation';
import { taskEventOf } from '../jobs/store';

/** How long a client waits before it reconnects (the `retry` field). */
const RETRY_MS = 3000;
/** Event ids are times; a resume looks this much further back, for clocks of other processes. */
const RESUME_SLACK_MS = 10_000;
/** A resume sends the state of at most this many tasks. */
const RESUME_MAX = 100;

/** An event id is the stream's clock in milliseconds; anything else resumes nothing. */
const resumePoint = (header: string | undefined) => (header && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : null);

/** The state of every task of the company still running, or finished since `since`. */
async function changedSince(db: Db, company: string, since: number): Promise<TaskEvent[]> {
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
async function sessionAlive(db: Db, viewer: Viewer, now: Date, config: ServerConfig): Promise<boolean> {
  const [row] = await db.select().from(sessionTokens).where(and(eq(sessionTokens.guid, viewer.sessionGuid), isNull(sessionTokens.revokedAt)));
  if (!row || (row.expiresAt && row.expiresAt <= now)) return false;
  return row.kind !== 'SESSION' || row.lastUsedAt.getTime() + config.sessionIdleMinutes * 60_000 > now.getTime();
}

/**
 * `GET /tasks/events/`: the company's task changes as Server-Sent Events (DESIGN "Jobs"; spec
 * part 2, 2.7). `ready` first, then one `task` event per change; a comment every heartbeat
 * keeps proxies from closing an idle stream. Members limited to some domain groups see only
 * those groups' tasks. The loop stops when the client goes (`onAbort`, LIBRARIES 14).
 */
export const taskEventsOperation = implement(taskEventsOp, async (c) => {
  const { db, jobs, now, config } = c.var.deps;
  const { company, viewer } = c.var;
  const allowed = company.allowedDomainGroups;
  const visible = (e: TaskEvent) => allowed.length === 0 || (e.domain_group !== null && allowed.includes(e.domain_group));
  const since = resumePoint(c.req.header('last-event-id'));

  return streamSSE(c, async (stream) => {
    const queue: TaskEvent[] = [];
    let wake: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    // Subscribed before the resume is read, so nothing that happens meanwhile is missed.
    const unsubscribe = jobs.events.subscribe(company.guid, (event) => {
      if (!visible(event)) return;
      queue.push(event);
      wake?.();
    });
    stream.onAbort(() => wake?.());
    let lastId = 0;
    const nextId = () => String((lastId = Math.max(lastId + 1, now().getTime())));
    const send = (event: TaskEvent) => stream.writeSSE({ event: 'task', id: nextId(), data: JSON.stringify(event) });
    try {
      await stream.writeSSE({ event: 'ready', id: nextId(), retry: RETRY_MS, data: '{}' });
      if (since !== null) for (const event of await changedSince(db, company.guid, since)) if (visible(event)) await send(event);
      while (!stream.aborted && !stream.closed) {
        if (queue.length) {
          await send(queue.shift()!);
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, config.eventHeartbeatMs);
        });
        clearTimeout(timer);
        wake = undefined;
        if (queue.length || stream.aborted) continue;
        if (!(await sessionAlive(db, viewer, now(), config))) break;
        await stream.write(': heartbeat\n\n');
      }
    } finally {
      clearTimeout(timer);
      unsubscribe();
    }
  });
});
