import { atom } from 'nanostores';
import { followTaskEvents } from '../lib/requests/task-events';
import type { TaskEvent } from '../lib/schemas/task-event';
import { environment } from './environment';
import { toastError } from './toasts';

/** Whether the task event stream is connected, so a tab can say it updates live. */
export const $tasksLive = atom(false);

type Listener = (event: TaskEvent) => void;
const listeners = new Set<Listener>();
let stop: AbortController | null = null;

/**
 * Calls `listener` with every task change of the company while subscribed. One connection to
 * `GET /tasks/events/` serves every subscriber; it opens with the first and closes with the last.
 */
export function onTaskEvent(listener: Listener): () => void {
  listeners.add(listener);
  if (!stop) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.abort();
      stop = null;
    }
  };
}

function connect(): void {
  const options = environment().apiOptions;
  if (!options) return;
  const controller = new AbortController();
  stop = controller;
  followTaskEvents(options, {
    signal: controller.signal,
    onReady: () => $tasksLive.set(true),
    onTask: (event) => {
      for (const listener of listeners) listener(event);
    },
  })
    .catch((error: unknown) => toastError(error))
    .finally(() => {
      if (stop === controller) stop = null;
      $tasksLive.set(false);
    });
}

/** Runs `action` once a burst of calls has passed (many items finishing at once make one reload). */
export function debounced(action: () => void, ms = 250): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call: () => {
      clearTimeout(timer);
      timer = setTimeout(action, ms);
    },
    cancel: () => clearTimeout(timer),
  };
}
