import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** One message the test server sent, as scripts/smtp-sink.mjs files it. */
export interface Mail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function folder(): string {
  const dir = process.env.E2E_MAILBOX;
  if (!dir) throw new Error('E2E_MAILBOX is not set: run the browser tests through playwright.config.ts.');
  return dir;
}

function messages(): Mail[] {
  return readdirSync(folder())
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(folder(), file), 'utf8')) as Omit<Mail, 'file'>) }));
}

/** The files already there, so a later wait finds only newer messages. */
export function mailboxMark(): Set<string> {
  return new Set(messages().map((m) => m.file));
}

/** Waits for a new message to `to` (optionally with a subject) and answers it. */
export async function waitForMail(to: string, options: { subject?: string | RegExp; after?: Set<string>; timeout?: number } = {}): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = messages()
          .reverse()
          .find(
            (m) =>
              !options.after?.has(m.file) &&
              m.to.includes(to) &&
              (options.subject === undefined || (typeof options.subject === 'string' ? m.subject === options.subject : options.subject.test(m.subject))),
          );
        return Boolean(found);
      },
      { message: `an email to ${to}`, ...(options.timeout ? { timeout: options.timeout } : {}) },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link to `path` in a message (links name the server's public URL). */
export function linkIn(mail: Mail, path: string): string {
  const m = new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}\\?[^\\s"<]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in "${mail.subject}": ${mail.text}`);
  return m[1]!;
}

/** The first standalone 6-digit code of a message. */
export function codeIn(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no 6-digit code in "${mail.subject}": ${mail.text}`);
  return m[1]!;
}
