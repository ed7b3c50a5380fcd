import { environment } from './environment';
import { carryToasts } from './toasts';

/** The current path with its query, as `?next=` carries it. */
export function currentPath(): string {
  const url = environment().location();
  return url.pathname + url.search;
}

export function onAuthPage(): boolean {
  const { pathname } = environment().location();
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

/** A full page load to `url` that keeps the toasts of the flow that led there. */
export function goTo(url: string, options: { replace?: boolean } = {}): void {
  carryToasts();
  environment().go(url, { replace: options.replace ?? false });
}
