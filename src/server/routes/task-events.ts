import { streamSSE } from 'hono/streaming';
import { taskEventsOp, type TaskEvent } from '../../lib/api/tasks';
import { implement } from '../http/operation';
import { changedSince, sessionAlive } from '../services/task-stream';

/** How long a client waits before it reconnects (the `retry` field). */
const RETRY_MS = 3000;

/** An event id is the stream's clock in milliseconds; anything else resumes nothing. */
const resumePoint = (header: string | undefined) => (header && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : null);

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
    const nextId = () => {
      lastId = Math.max(lastId + 1, now().getTime());
      return String(lastId);
    };
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
