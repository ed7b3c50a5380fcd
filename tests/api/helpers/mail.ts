import type { TestApp } from './app';

/** The newest message to `to` in the in-memory outbox (where a person would read their mailbox). */
export function lastMailTo(t: TestApp, to: string) {
  const found = [...t.outbox].reverse().find((m) => m.to === to);
  if (!found) throw new Error(`no email to ${to}; outbox: ${t.outbox.map((m) => `${m.to}: ${m.subject}`).join(', ')}`);
  return found;
}

/** The `hash` of the first link to `path` in a message's text. */
export function hashFrom(text: string, path: string): string {
  const m = new RegExp(`${path.replace(/\//g, '\\/')}\\?hash=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

/** The first standalone 6-digit number of a message's text. */
export function codeFrom(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text}`);
  return m[1]!;
}
