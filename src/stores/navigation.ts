import { carryToasts } from './toasts';

/** The current path with its query, as `?next=` carries it. */
export function currentPath(): string {
  return location.pathname + location.search;
}

export function onAuthPage(): boolean {
  return location.pathname === '/auth' || location.pathname.startsWith('/auth/');
}

/** A full page load to `url` that keeps the toasts of the flow that led there. */
export function goTo(url: string, options: { replace?: boolean } = {}): void {
  carryToasts();
  if (options.replace) location.replace(url);
  else location.assign(url);
}
