/**
 * Moves focus to the page's heading once it is there (a page's code may still be loading), so
 * a screen reader or keyboard user starts on the new page as after a document load; the main
 * region takes focus if no heading comes. Returns the function that stops waiting.
 */
export function focusPageHeading(main: HTMLElement, waitMs = 5000): () => void {
  const focus = (heading: HTMLElement) => {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  };
  const now = main.querySelector<HTMLElement>('h1');
  if (now) {
    focus(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    stop();
    focus(heading);
  });
  const timer = setTimeout(() => {
    stop();
    main.focus({ preventScroll: true });
  }, waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
