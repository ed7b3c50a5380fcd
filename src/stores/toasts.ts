import { atom } from 'nanostores';
import { errorMessages } from '../lib/errors';
import { environment } from './environment';

export type ToastType = 'success' | 'error' | 'info';

export interface ToastItem {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds the toast stays up. */
  duration: number;
}

/** Errors stay longest: spec part 1, 9 gives 5 s for an error toast. */
export const TOAST_DURATIONS: Record<ToastType, number> = { success: 3000, info: 4000, error: 5000 };

const CARRY_KEY = 'hostdeck:toasts';

/** Toasts waiting to be shown or showing; the Toaster renders them and removes them when gone. */
export const $toasts = atom<ToastItem[]>(restoreCarried());

let counter = 0;

export function pushToast(type: ToastType, message: string, duration = TOAST_DURATIONS[type]): string {
  counter += 1;
  const id = `t${Date.now().toString(36)}${counter}`;
  $toasts.set([...$toasts.get(), { id, type, message, duration }]);
  return id;
}

export const toastSuccess = (message: string, duration?: number) => pushToast('success', message, duration);
export const toastInfo = (message: string, duration?: number) => pushToast('info', message, duration);

/** One error toast per sentence the error carries (spec decisions, 3). */
export function toastError(error: unknown, duration?: number): void {
  const sentences = typeof error === 'string' ? [error] : errorMessages(error);
  for (const sentence of sentences) pushToast('error', sentence, duration);
}

/** Drops every toast, e.g. the errors of failed attempts once a sign-in succeeds. */
export function clearToasts(): void {
  $toasts.set([]);
}

export function dismissToast(id: string): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/**
 * Keeps the toasts on screen across a full page load (a flow that toasts, then navigates),
 * by handing them to the next page through the tab's storage.
 */
export function carryToasts(): void {
  const items = $toasts.get();
  if (items.length === 0) return;
  environment().tabStorage()?.setItem(CARRY_KEY, JSON.stringify(items));
}

function restoreCarried(): ToastItem[] {
  const storage = environment().tabStorage();
  const raw = storage?.getItem(CARRY_KEY);
  if (!raw) return [];
  storage?.removeItem(CARRY_KEY);
  try {
    const items: unknown = JSON.parse(raw);
    return Array.isArray(items) ? (items as ToastItem[]) : [];
  } catch {
    return [];
  }
}
