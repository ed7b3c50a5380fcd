import { iconSvg } from '../icon-paths';
import { $toasts, dismissToast, type ToastItem } from '../../stores/toasts';
import '../../styles/toasts.css';

const ICONS: Record<ToastItem['type'], string> = { success: 'check', error: 'warning', info: 'info' };

interface Shown {
  element: HTMLElement;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Milliseconds still to show, counted while neither hovered nor focused. */
  left: number;
  since: number;
}

/**
 * Shows the `$toasts` store in `region` (spec decisions, 3: one toast per sentence; an error
 * stays 5 s): each toast is announced (errors as alerts), can be dismissed, and waits while
 * the pointer or the focus is on it. Plain DOM, so pages need no UI framework to show one
 * (the sign-in page's script budget, issue 7). Answers a function that stops it.
 */
export function mountToasts(region: HTMLElement): () => void {
  const shown = new Map<string, Shown>();

  const hide = (id: string) => {
    const toast = shown.get(id);
    if (!toast) return;
    clearTimeout(toast.timer);
    toast.element.remove();
    shown.delete(id);
    dismissToast(id);
  };
  const run = (id: string) => {
    const toast = shown.get(id)!;
    toast.since = Date.now();
    toast.timer = setTimeout(() => hide(id), toast.left);
  };
  const pause = (id: string) => {
    const toast = shown.get(id);
    if (!toast || toast.timer === undefined) return;
    clearTimeout(toast.timer);
    toast.timer = undefined;
    toast.left = Math.max(1000, toast.left - (Date.now() - toast.since));
  };
  const resume = (id: string) => {
    const toast = shown.get(id);
    if (toast && toast.timer === undefined && !toast.element.matches(':hover, :focus-within')) run(id);
  };

  const show = (item: ToastItem) => {
    const element = document.createElement('div');
    element.className = `toast toast-${item.type}`;
    element.setAttribute('role', item.type === 'error' ? 'alert' : 'status');
    element.innerHTML = `<span class="toast-icon">${iconSvg(ICONS[item.type])}</span><p class="toast-message"></p><button type="button" class="icon-button toast-close" aria-label="Dismiss">${iconSvg('close', 16)}</button>`;
    element.querySelector('.toast-message')!.textContent = item.message;
    element.querySelector('button')!.addEventListener('click', () => hide(item.id));
    element.addEventListener('pointerenter', () => pause(item.id));
    element.addEventListener('pointerleave', () => resume(item.id));
    element.addEventListener('focusin', () => pause(item.id));
    element.addEventListener('focusout', () => setTimeout(() => resume(item.id)));
    region.append(element);
    shown.set(item.id, { element, timer: undefined, left: item.duration, since: Date.now() });
    run(item.id);
  };

  const stop = $toasts.subscribe((items) => {
    for (const item of items) if (!shown.has(item.id)) show(item);
    // Cleared from the store (a sign-in that succeeded): gone from the screen too.
    for (const [id, toast] of shown) {
      if (items.some((item) => item.id === id)) continue;
      clearTimeout(toast.timer);
      toast.element.remove();
      shown.delete(id);
    }
  });
  return () => {
    stop();
    for (const toast of shown.values()) clearTimeout(toast.timer);
  };
}
