import type { ServerDeps } from '../context';
import type { Db } from '../db/connection';
import { escapeHtml, sendEmail } from '../mail/send';

interface Recipient {
  guid: string;
  email: string;
  firstName: string;
  lastName: string;
}

const fullName = (u: Recipient) => `${u.firstName} ${u.lastName}`.trim();

/** One paragraph per line; a link line becomes an anchor. Values are escaped here. */
function body(lines: string[], link?: string) {
  const html = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') + (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '');
  const text = [...lines, ...(link ? [link] : [])].join('\n\n');
  return { html, text };
}

function send(deps: ServerDeps, db: Db, to: Recipient, template: string, subject: string, lines: string[], link?: string) {
  return sendEmail(db, deps.mailer, { to: to.email, name: fullName(to), subject, template, userGuid: to.guid, ...body([`Hello ${to.firstName},`, ...lines], link) }, deps.now());
}

export const mailVerifyEmail = (deps: ServerDeps, db: Db, to: Recipient, token: string) =>
  send(
    deps,
    db,
    to,
    'verify_email',
    'Please verify your email address',
    ['Please confirm your email address by opening this link within 48 hours:'],
    `${deps.config.publicUrl}/auth/verify?hash=${encodeURIComponent(token)}`,
  );

export const mailResetPassword = (deps: ServerDeps, db: Db, to: Recipient, token: string) =>
  send(
    deps,
    db,
    to,
    'reset_password',
    'Reset your password',
    ['Someone asked to reset the password of your account. If it was you, open this link within 1 hour. If not, ignore this email: your password stays as it is.'],
    `${deps.config.publicUrl}/auth/reset?hash=${encodeURIComponent(token)}`,
  );

export const mailDeviceCode = (deps: ServerDeps, db: Db, to: Recipient, code: string) =>
  send(deps, db, to, 'device_code', 'Your sign-in verification code', [
    `Your verification code is ${code}. It is valid for 10 minutes and works once.`,
    'If you did not try to sign in, change your password now.',
  ]);

/** How a security notice is filed and titled: a password change keeps its own, as users know it. */
export interface NoticeKind {
  template: string;
  subject: string;
}
const SIGN_IN_SETTINGS: NoticeKind = { template: 'security_notice', subject: 'Security notice: your sign-in settings changed' };
export const PASSWORD_CHANGED: NoticeKind = { template: 'password_changed', subject: 'Your password was changed' };

/** Sent after a change to how the account signs in, so an owner notices a change they did not make. */
export const mailSecurityNotice = (deps: ServerDeps, db: Db, to: Recipient, change: string, kind: NoticeKind = SIGN_IN_SETTINGS) =>
  send(deps, db, to, kind.template, kind.subject, [change, 'If this was not you, reset your password and contact our support now.']);
