import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  name: string;
  subject: string;
  html: string;
  text: string;
}

/** Delivers mail; the reference API records each email before handing it here. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<{ delivered: boolean }>;
}

/** A mailbox as nodemailer takes it: it quotes and encodes the name itself, whatever characters it holds. */
export interface MailAddress {
  name: string;
  address: string;
}

/**
 * The sender configured as `Name <address>` (MAIL_FROM), `"Quoted, Name" <address>` or a bare
 * address, as a mailbox. Read once when the mailer is made, so a bad value fails at start-up.
 */
export function mailboxOf(from: string): MailAddress {
  const m = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (m) return { name: m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim(), address: m[3]! };
  if (/^[^<>\s"]+@[^<>\s"]+$/.test(from.trim())) return { name: '', address: from.trim() };
  throw new Error(`The sender address "${from}" is not 'Name <address@example.com>' nor an address: fix MAIL_FROM.`);
}

/** SMTP when SMTP_URL is set; otherwise the message goes to the server log so a local user can follow its links. */
export function createMailer(smtpUrl: string | undefined, from: string | MailAddress, log: (line: string) => void = console.log): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const sender = typeof from === 'string' ? mailboxOf(from) : from;
    return {
      async send(email) {
        // Address objects, not a header written here: a name holding '"' or '>' (a last name '">Lee') reaches the recipient as typed.
        await transport.sendMail({ from: sender, to: { name: email.name, address: email.to }, subject: email.subject, html: email.html, text: email.text });
        return { delivered: true };
      },
    };
  }
  return {
    async send(email) {
      log(`[mail] To: ${email.to}\n[mail] Subject: ${email.subject}\n${email.text.replace(/^/gm, '[mail] ')}`);
      return { delivered: true };
    },
  };
}

/** Keeps messages in memory: tests read them where a person would read their mailbox. */
export function createMemoryMailer(): Mailer & { outbox: OutgoingEmail[] } {
  const outbox: OutgoingEmail[] = [];
  return {
    outbox,
    async send(email) {
      outbox.push(email);
      return { delivered: true };
    },
  };
}
