import { createParser } from 'eventsource-parser';
import { ApiError, NetworkError, UnauthorizedError, toErrorBody } from '../errors';
import type { ApiOptions } from '../api/client';
import type { Task } from '../api/tasks';
import { isTaskFinished, taskEventSchema, type TaskEvent } from '../schemas/task-event';
import { callHeaders } from './streamed-download';
import { tasksRoutes } from './tasks';

/**
 * Follows `GET /tasks/events/` (the group Tasks tab's live updates, spec part 2, 2.7; the CLI's
 * `--wait`) with fetch, which can send the Authorization and Company headers the shared
 * client's options give; EventSource cannot (LIBRARIES 14).
 */
export interface TaskStreamHandlers {
  /** The stream is open: every change from now on arrives. */
  onReady?(): void;
  onTask(event: TaskEvent): void;
  onHeartbeat?(): void;
}

export interface TaskStreamOptions extends TaskStreamHandlers {
  /** Resume after this event: the server first sends the state of tasks changed since. */
  lastEventId?: string;
  signal?: AbortSignal;
}

export interface StreamEnd {
  lastEventId: string | undefined;
  /** The server's advice for the wait before reconnecting. */
  retryMs: number | undefined;
  /** The connection broke (the server went away) rather than ending or being aborted. */
  dropped: boolean;
}

/**
 * One connection, until the server ends it, it breaks or `signal` aborts; what it got so far
 * (the last event id) is kept either way. A refusal rejects with ApiError, an unreachable
 * server with NetworkError.
 */
export async function readTaskEvents(options: ApiOptions, stream: TaskStreamOptions): Promise<StreamEnd> {
  const url = options.baseURL.replace(/\/+$/, '') + tasksRoutes.taskEvents.path;
  const headers = callHeaders(options, { Accept: 'text/event-stream' });
  if (stream.lastEventId) headers.set('Last-Event-ID', stream.lastEventId);
  let lastEventId = stream.lastEventId;
  let retryMs: number | undefined;
  const fetcher = options.fetch ?? globalThis.fetch;
  let res: Response;
  try {
    res = await fetcher(url, { headers, ...(stream.signal ? { signal: stream.signal } : {}) });
  } catch (error) {
    if (stream.signal?.aborted) return { lastEventId, retryMs, dropped: false };
    throw new NetworkError(url, error);
  }
  if (!res.ok || !res.body) {
    const body = toErrorBody(await res.json().catch(() => undefined), res.status);
    throw res.status === 401 ? new UnauthorizedError(body) : new ApiError(res.status, body);
  }
  const parser = createParser({
    onEvent(message) {
      // The parser names each event's own id; the last one seen stays until another comes,
      // as the standard's last event ID does.
      lastEventId = message.id || lastEventId;
      if (message.event === 'ready') stream.onReady?.();
      if (message.event !== 'task') return;
      // An event this client cannot read is skipped, not fatal: the next one carries the state.
      const parsed = taskEventSchema.safeParse(parseJson(message.data));
      if (parsed.success) stream.onTask(parsed.data);
    },
    onComment: () => stream.onHeartbeat?.(),
    onRetry: (ms) => (retryMs = ms),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  stream.signal?.addEventListener('abort', stop, { once: true });
  let dropped = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch {
    dropped = !stream.signal?.aborted;
  } finally {
    stream.signal?.removeEventListener('abort', stop);
  }
  return { lastEventId, retryMs, dropped };
}

/**
 * Keeps following across dropped connections, resuming with the last event id after the
 * server's retry delay, until `signal` aborts. A refusal (401, 403) ends it with its ApiError.
 */
export async function followTaskEvents(options: ApiOptions, stream: TaskStreamOptions & { signal: AbortSignal }): Promise<void> {
  let lastEventId = stream.lastEventId;
  let retryMs = 3000;
  while (!stream.signal.aborted) {
    try {
      const end = await readTaskEvents(options, { ...stream, ...(lastEventId ? { lastEventId } : {}) });
      lastEventId = end.lastEventId ?? lastEventId;
      retryMs = end.retryMs ?? retryMs;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
    if (stream.signal.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

/**
 * Starts a task and follows it to its end (the CLI's `--wait`): the stream is opened first, so
 * no change between the start and the first event is missed. Resolves with the final state.
 */
export async function startAndFollowTask(
  options: ApiOptions,
  start: () => Promise<Task>,
  handlers: { onProgress?(event: TaskEvent): void; signal?: AbortSignal } = {},
): Promise<TaskEvent> {
  const stop = new AbortController();
  handlers.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  const early: TaskEvent[] = [];
  let guid: string | undefined;
  return new Promise<TaskEvent>((resolve, reject) => {
    const settle = (event: TaskEvent) => {
      handlers.onProgress?.(event);
      if (!isTaskFinished(event.status)) return;
      stop.abort();
      resolve(event);
    };
    const fail = (error: unknown) => {
      stop.abort();
      reject(error);
    };
    let started = false;
    followTaskEvents(options, {
      signal: stop.signal,
      onReady() {
        if (started) return;
        started = true;
        start().then((task) => {
          guid = task.guid;
          if (isTaskFinished(task.status)) return settle(asEvent(task));
          for (const event of early.splice(0)) if (event.task === guid) settle(event);
        }, fail);
      },
      onTask(event) {
        if (!guid) early.push(event);
        else if (event.task === guid) settle(event);
      },
    }).then(() => {
      if (!stop.signal.aborted) fail(new Error('The task stream ended before the task did.'));
      else if (handlers.signal?.aborted) fail(new Error('Stopped waiting for the task.'));
    }, fail);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const asEvent = (task: Task): TaskEvent => ({
  task: task.guid,
  kind: task.kind,
  domain_group: null,
  status: task.status,
  progress_percentage: task.progress_percentage,
  date_completed: task.date_completed,
  item: null,
});
