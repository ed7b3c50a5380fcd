import { HIGHLIGHT_DELAY_MS } from '../../lib/rules/getting-started';

export const HIGHLIGHT_CLASS = 'guided-highlight';

/** How long a control that has not shown yet is waited for (the page's data may still be loading). */
const WAIT_MS = 15_000;

/**
 * Highlights the control a guided jump points at (spec part 1, 2.8), 500 ms after the page
 * shows (spec part 1, 9): the first visible button, link or tab of the page whose text is
 * `label`, marked until it is clicked. Answers the function that stops waiting for it.
 */
export function highlightWhenShown(label: string): () => void {
  const find = () =>
    [...document.querySelectorAll<HTMLElement>('main button, main a, main [role="tab"]')].find((el) => el.textContent?.trim() === label && el.offsetParent !== null) ?? null;
  let observer: MutationObserver | null = null;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const mark = (el: HTMLElement) => {
    el.classList.add(HIGHLIGHT_CLASS);
    el.scrollIntoView({ block: 'center' });
    el.addEventListener('click', () => el.classList.remove(HIGHLIGHT_CLASS), { once: true });
  };
  const start = setTimeout(() => {
    const now = find();
    if (now) return mark(now);
    observer = new MutationObserver(() => {
      const el = find();
      if (!el) return;
      observer?.disconnect();
      mark(el);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    giveUp = setTimeout(() => observer?.disconnect(), WAIT_MS);
  }, HIGHLIGHT_DELAY_MS);
  return () => {
    clearTimeout(start);
    clearTimeout(giveUp);
    observer?.disconnect();
  };
}
