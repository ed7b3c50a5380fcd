import { EventEmitter } from 'node:events';
import { expect } from 'vitest';
import type { Task, TaskEvent } from '../../../src/lib/api/tasks';
import { ApiError } from '../../../src/lib/errors';
import { readTaskEvents } from '../../../src/lib/requests/task-events';
import { listGroupTasks } from '../../../src/lib/requests/tasks';
import { isTaskFinished } from '../../../src/lib/schemas/task-event';
import { awaiting, settled } from '../../helpers/waiting';
import type { TestApp } from './app';

/** The ApiError a call was refused with (and its status, when given). */
export async function refusal(promise: Promise<unknown>, status?: number): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  if (status !== undefined) expect((error as ApiError).status).toBe(status);
  return error as ApiError;
}

/** A session of the test app: its token and company. */
interface Session {
  token: string;
  company: string;
}

/** The company's task stream, open: what it has carried since it was ready, and what comes. */
export interface TaskStream {
  /** The first event of `task` since the stream opened that passes `check` (`what` names it if the test fails first). */
  next(task: string, what: string, check: (event: TaskEvent) => boolean): Promise<TaskEvent>;
  close(): Promise<void>;
}

/**
 * Opens `GET /tasks/events/` through the API, as the panel's Tasks tab and the CLI's `--wait`
 * read it, and resolves once it is ready: every change after that is kept. Opened before a
 * task is started, it misses none of the task's events.
 */
export async function openTaskStream(t: TestApp, session: Session): Promise<TaskStream> {
  const stop = new AbortController();
  const events: TaskEvent[] = [];
  const changed = new EventEmitter();
  let over: Error | undefined;
  const ready = Promise.withResolvers<void>();
  const reading = readTaskEvents(t.options(session), {
    signal: AbortSignal.any([stop.signal, t.signal]),
    onReady: () => ready.resolve(),
    onTask(event) {
      events.push(event);
      changed.emit('change');
    },
  }).then(
    () => new Error('The task stream ended.'),
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  void reading.then((error) => {
    over = error;
    ready.reject(error);
    changed.emit('change');
  });
  await settled('the task stream to be ready', ready.promise, t.signal);
  return {
    async next(task, what, check) {
      const waiting = awaiting(what, t.signal);
      let looked = 0;
      return new Promise<TaskEvent>((resolve, reject) => {
        const look = () => {
          for (; looked < events.length; looked++) {
            const event = events[looked]!;
            if (event.task !== task) continue;
            waiting.seen(event);
            if (!check(event)) continue;
            waiting.done();
            finish();
            return resolve(event);
          }
          if (over && !stop.signal.aborted) {
            finish();
            reject(new Error(`${over.message} Waiting for ${what}.`));
          }
        };
        const abandon = () => {
          finish();
          reject(waiting.stopped());
        };
        const finish = () => {
          changed.off('change', look);
          waiting.signal.removeEventListener('abort', abandon);
        };
        changed.on('change', look);
        waiting.signal.addEventListener('abort', abandon, { once: true });
        look();
      });
    },
    async close() {
      stop.abort();
      await reading;
    },
  };
}

/**
 * Waits for a task to finish, following the company's task stream, and answers the task as
 * the group's Tasks list shows it then (as the panel reloads it on the event).
 */
export async function taskFinished(t: TestApp, session: Session, group: string, task: string): Promise<Task> {
  const find = async () => (await listGroupTasks(t.client(session), group, { per_page: 100 })).data.find((x) => x.guid === task);
  const stream = await openTaskStream(t, session);
  try {
    const now = await find();
    if (!now || !isTaskFinished(now.status)) await stream.next(task, `task ${task} to finish`, (event) => isTaskFinished(event.status));
  } finally {
    await stream.close();
  }
  const found = await find();
  if (!found) throw new Error(`The task ${task} finished but is not in its group's Tasks list.`);
  return found;
}
