/**
 * Where to go after sign-in: only a path on this origin, so a crafted `?next=` link cannot
 * send a person to another site (open redirect). Auth pages lead back to the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, 'http://panel.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://panel.invalid' || url.pathname.startsWith('/auth/')) return '/';
  return url.pathname + url.search + url.hash;
}

/** The sign-in address that brings a person back to `path` (path and query) afterwards. */
export function loginPathFor(path: string): string {
  return path === '/' || path === '' ? '/auth/login' : `/auth/login?next=${encodeURIComponent(path)}`;
}
