/**
 * Where a flow keeps its state: a nanostores map satisfies `Holder` as it is (the panel's
 * store), and `holdState` is the same for a screen without nanostores (the terminal), with a
 * `subscribe` that React's useSyncExternalStore takes.
 */
export interface Holder<S> {
  get(): S;
  set(value: S): void;
}

export interface WatchedHolder<S> extends Holder<S> {
  /** Calls `listener` after each change; answers the function that stops it. */
  subscribe(listener: () => void): () => void;
}

export function holdState<S>(initial: S): WatchedHolder<S> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
