import { and, eq, isNull } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/connection';
import { contacts, emailTokens } from '../db/schema/index';
import { hashCode, newNumericCode } from '../auth/codes';
import { escapeHtml, sendEmail } from '../mail/send';
import { EMAIL_TOKEN_TTL, issueEmailToken } from './email-tokens';
import { CONTACT_SECRETS_NOT_KEPT } from '../../lib/schemas/company-contacts';

/** The code row sits beside the link's row (purpose CONTACT_CODE), hashed with the link row's guid. */
const codeHash = (linkGuid: string, code: string) => hashCode(`contact:${linkGuid}`, code);

/**
 * Emails a company contact the link to /auth/verify/contact with a 6-digit code; the
 * contact stays in VERIFICATION until both are entered. Used by the company area when a
 * contact is added, and by tests.
 */
export async function sendContactVerification(deps: ServerDeps, db: Db, contactGuid: string): Promise<void> {
  const now = deps.now();
  const [contact] = await db.select().from(contacts).where(eq(contacts.guid, contactGuid));
  if (!contact) throw new Error(`contact ${contactGuid} not found`);
  const token = await issueEmailToken(db, { purpose: 'CONTACT', subjectGuid: contact.guid, now });
  const [link] = await db
    .select({ guid: emailTokens.guid })
    .from(emailTokens)
    .where(and(eq(emailTokens.subjectGuid, contact.guid), eq(emailTokens.purpose, 'CONTACT'), isNull(emailTokens.usedAt)));
  const code = newNumericCode();
  await db.insert(emailTokens).values({
    purpose: 'CONTACT_CODE',
    subjectGuid: contact.guid,
    tokenHash: codeHash(link!.guid, code),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL.CONTACT),
    dateCreated: now,
  });
  const url = `${deps.config.publicUrl}/auth/verify/contact?hash=${encodeURIComponent(token)}`;
  const lines = [`Hello ${contact.firstName},`, 'Please confirm that you want to receive emails of this company: open the link and enter this verification code:', code];
  const paragraphs = (list: readonly string[]) => list.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  await sendEmail(
    db,
    deps.mailer,
    {
      to: contact.emailAddress,
      name: `${contact.firstName} ${contact.lastName}`,
      subject: 'Please verify your email address',
      template: 'contact_verification',
      companyGuid: contact.companyGuid,
      html: `${paragraphs(lines)}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      // Company > Emails shows this email to the company's members: the link and code prove the
      // address only while the contact alone has them.
      recordedHtml: paragraphs([...lines.slice(0, -1), CONTACT_SECRETS_NOT_KEPT]),
      text: [...lines, url].join('\n\n'),
    },
    now,
  );
}

/** Is `code` the one emailed with the link row `linkGuid`? */
export async function contactCodeMatches(db: Db, linkGuid: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: emailTokens.guid })
    .from(emailTokens)
    .where(and(eq(emailTokens.purpose, 'CONTACT_CODE'), eq(emailTokens.tokenHash, codeHash(linkGuid, code))));
  return Boolean(row);
}
