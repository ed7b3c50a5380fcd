import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

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
  const [wanted, setWanted] = useState<OpenedBy | null>(null);
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
    /** How the person opened it, for the loaded overlay to open the same way. */
    openedBy: wanted ?? 'pointer',
    prefetch,
    want: (by: OpenedBy) => {
      setWanted(by);
      prefetch();
    },
    /**
     * What the stand-in trigger of a menu or popover needs: it says what it opens, hover and
     * focus start the download, a click opens (one without a pointer, detail 0, came from
     * Enter or Space), and a menu also opens on the arrow keys.
     */
    triggerProps: (popup: 'menu' | 'dialog') => ({
      'aria-haspopup': popup,
      'aria-expanded': false,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: (event: { detail: number }) => {
        setWanted(event.detail === 0 ? 'keyboard' : 'pointer');
        prefetch();
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (popup !== 'menu' || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
        event.preventDefault();
        setWanted('keyboard');
        prefetch();
      },
    }),
  };
}

export type OpenedBy = 'pointer' | 'keyboard';

/**
 * Opens a just-loaded overlay through its own trigger as the person asked: a click, or the
 * Enter key (which Ark's menus answer by highlighting the first entry).
 */
export function openAsAsked(trigger: HTMLElement | null, by: OpenedBy | undefined) {
  if (!trigger || !by) return;
  trigger.focus();
  if (by === 'keyboard') trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  else trigger.click();
}
