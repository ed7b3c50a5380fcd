import { useEffect, useRef, useState } from 'react';

/** One import per module, shared by every overlay of its kind. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * An overlay whose code loads when the person reaches for it (hover or focus starts the
 * download, a click or key opens it), so menus, popovers and tooltips are not part of a
 * page's first load. `parts` is the loaded module once the overlay is wanted.
 */
export function useDeferredParts<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [wanted, setWanted] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const prefetch = () => {
    void load().then((parts) => {
      if (alive.current) setLoaded(() => parts);
    });
  };
  return {
    parts: wanted ? loaded : null,
    prefetch,
    want: () => {
      setWanted(true);
      prefetch();
    },
  };
}
