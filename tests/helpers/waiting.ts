import { setTimeout as pause } from 'node:timers/promises';
import { inspect } from 'node:util';
import { onTestFailed, onTestFinished } from 'vitest';

/**
 * Waiting in tests without a clock deciding the outcome (tests/unit/suite-rules.test.ts keeps it
 * so). A wait has no count or deadline of its own: the test's time limit (vitest.config.ts) is
 * the only one, a safety net far above the normal time. What is awaited is named, so a test that
 * fails while waiting says what it waited for and what it saw last, beside its time-out.
 */

export interface Waiting {
  /** Aborted once the test has ended (or `stop` aborted): the wait gives up and stops its work. */
  readonly signal: AbortSignal;
  /** The last state seen, for the failure's message. */
  seen(state: unknown): void;
  /** Got what it waited for: a failure of the test is not about this wait. */
  done(): void;
  /** The error to reject with once `signal` has aborted. */
  stopped(): Error;
}

/**
 * Starts waiting for `what`. Inside a test the wait ends with the test; in a hook (no test is
 * running) it ends with `stop`, which the test app aborts when its file closes it.
 */
export function awaiting(what: string, stop?: AbortSignal): Waiting {
  const ended = new AbortController();
  let last: { state: unknown } | undefined;
  let settled = false;
  const described = () => `${what}${last ? `; last seen: ${inspect(last.state, { depth: 6, breakLength: 120 })}` : ''}`;
  if (stop) {
    if (stop.aborted) ended.abort();
    else stop.addEventListener('abort', () => ended.abort(), { once: true, signal: ended.signal });
  }
  if (inTest()) {
    onTestFailed(() => {
      // Thrown here, it is reported with the test's own failure (its time-out, usually).
      if (!settled) throw new Error(`Still waiting for ${described()}.`);
    });
    onTestFinished(() => ended.abort());
  }
  return {
    signal: ended.signal,
    seen(state) {
      last = { state };
    },
    done() {
      settled = true;
    },
    stopped: () => new Error(`Stopped waiting for ${described()}.`),
  };
}

/**
 * Whether a test is running: vitest's test hooks can only be registered then, and say so by
 * throwing (in a file's beforeAll, for one).
 */
function inTest(): boolean {
  try {
    onTestFinished(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with what `promise` resolves to; a test that fails first names `what` as still awaited. */
export async function settled<T>(what: string, promise: Promise<T>, stop?: AbortSignal): Promise<T> {
  const waiting = awaiting(what, stop);
  const aborted = new Promise<never>((_, reject) => waiting.signal.addEventListener('abort', () => reject(waiting.stopped()), { once: true }));
  const value = await Promise.race([promise, aborted]);
  waiting.done();
  return value;
}

/**
 * Resolves once `source` emits `event` and `check()` then passes (or at once if it passes now),
 * answering what `check` returned: for what is pushed (a terminal's output, an Ink frame).
 */
export function whenEmitted<T>(
  what: string,
  source: { on(event: string, listener: () => void): unknown; off(event: string, listener: () => void): unknown },
  event: string,
  check: () => T | undefined,
  seenState: () => unknown,
  stop?: AbortSignal,
): Promise<T> {
  const waiting = awaiting(what, stop);
  return new Promise<T>((resolve, reject) => {
    const look = () => {
      const found = check();
      if (found === undefined) return waiting.seen(seenState());
      waiting.done();
      finish();
      resolve(found);
    };
    const abandon = () => {
      finish();
      reject(waiting.stopped());
    };
    const finish = () => {
      source.off(event, look);
      waiting.signal.removeEventListener('abort', abandon);
    };
    source.on(event, look);
    waiting.signal.addEventListener('abort', abandon, { once: true });
    look();
  });
}

/** Between two looks of `until`: long enough for the background work to move on, short beside any step. */
const LOOK_AGAIN_MS = 25;

/**
 * The one polling helper, for a state nothing announces (a row the hosting run writes, a health
 * check's result): looks with `probe` until `done` passes, and answers the last value. It stops
 * when the test ends (or `stop` aborts); the pause only spaces the looks, it decides nothing.
 */
export async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, stop?: AbortSignal): Promise<T> {
  const waiting = awaiting(what, stop);
  for (;;) {
    if (waiting.signal.aborted) throw waiting.stopped();
    const value = await probe();
    waiting.seen(value);
    if (done(value)) {
      waiting.done();
      return value;
    }
    await pause(LOOK_AGAIN_MS, undefined, { signal: waiting.signal }).catch(() => undefined);
  }
}

/** A nanostores store, as the panel's islands read it. */
interface ReadableStore<T> {
  get(): T;
  listen(listener: (value: T) => void): () => void;
}

/** Resolves with the store's value once it passes `check` (at once if it does now): it looks at each change. */
export function storeShows<T>(what: string, store: ReadableStore<T>, check: (value: T) => boolean, stop?: AbortSignal): Promise<T> {
  const waiting = awaiting(what, stop);
  return new Promise<T>((resolve, reject) => {
    let unlisten = () => {};
    const abandon = () => {
      unlisten();
      reject(waiting.stopped());
    };
    const look = (value: T) => {
      waiting.seen(value);
      if (!check(value)) return false;
      waiting.done();
      unlisten();
      waiting.signal.removeEventListener('abort', abandon);
      resolve(value);
      return true;
    };
    if (look(store.get())) return;
    unlisten = store.listen((value) => void look(value));
    waiting.signal.addEventListener('abort', abandon, { once: true });
  });
}
