import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { users } from '../../src/server/db/schema/index';
import { createMailer, mailboxOf } from '../../src/server/mail/mailer';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * The addresses of the mail the API sends over SMTP, as the recipient's mail program reads
 * them: a display name keeps every character the person typed, quotes and '>' included.
 */
let database: Database;
let t: TestApp;
let smtp: SMTPServer;
const received: Buffer[] = [];

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  // A catch-all SMTP server on loopback that keeps each raw message (no TLS, no sign-in).
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port));
  });
  t.deps.mailer = createMailer(`smtp://127.0.0.1:${port}`, '"Hostdeck \\"Desk\\"" <no-reply@hostdeck.test>');
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

describe('email addresses', () => {
  it('a last name starting with ">" reaches the To header whole, and the sender keeps its quoted name', async () => {
    await database.db.update(users).set({ firstName: 'Sam', lastName: '">Lee' }).where(eq(users.email, 'staff@hostdeck.test'));
    const res = await t.call('POST', '/auth/recover/', { body: { email_address: 'staff@hostdeck.test' } });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    const mail = await PostalMime.parse(received[0]!);
    expect(mail.to).toEqual([{ name: 'Sam ">Lee', address: 'staff@hostdeck.test' }]);
    expect(mail.from).toEqual({ name: 'Hostdeck "Desk"', address: 'no-reply@hostdeck.test' });
  });

  it('reads the configured sender in each of its forms, and refuses one that is not an address', () => {
    expect(mailboxOf('Hostdeck <no-reply@hostdeck.test>')).toEqual({ name: 'Hostdeck', address: 'no-reply@hostdeck.test' });
    expect(mailboxOf('"Hostdeck, Inc." <no-reply@hostdeck.test>')).toEqual({ name: 'Hostdeck, Inc.', address: 'no-reply@hostdeck.test' });
    expect(mailboxOf('no-reply@hostdeck.test')).toEqual({ name: '', address: 'no-reply@hostdeck.test' });
    expect(() => mailboxOf('Hostdeck')).toThrow(/fix MAIL_FROM/);
  });
});
