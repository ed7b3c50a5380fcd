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

/** SMTP when SMTP_URL is set; otherwise the message goes to the server log so a local user can follow its links. */
export function createMailer(smtpUrl: string | undefined, from: string, log: (line: string) => void = console.log): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(email) {
        await transport.sendMail({ from, to: `"${email.name.replace(/"/g, '')}" <${email.to}>`, subject: email.subject, html: email.html, text: email.text });
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
