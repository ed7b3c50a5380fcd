// A catch-all SMTP server for the browser tests: every message the panel's server sends is
// written as JSON (to, subject, text, html) into a folder the tests read, where a person
// would read their mailbox. Listens on 127.0.0.1, on a port the system chooses.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

/** Starts the sink; resolves with its smtp:// URL and a close function. */
export function startSmtpSink(folder) {
  let counter = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS upgrade, no sign-in, so nodemailer sends straight away.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', async () => {
        try {
          const mail = await PostalMime.parse(Buffer.concat(chunks));
          const to = (mail.to ?? []).map((a) => a.address).filter(Boolean);
          counter += 1;
          const name = `${Date.now()}-${String(counter).padStart(5, '0')}.json`;
          writeFileSync(join(folder, name), JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html ?? '' }, null, 2));
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address();
      resolve({ url: `smtp://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}
