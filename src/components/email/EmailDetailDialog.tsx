import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { Dialog } from '../Dialog';
import { DateTime } from '../DateTime';
import { SafeHtml } from '../SafeHtml';
import type { AccountEmail } from '../../lib/api/account-activity';
import '../../styles/email.css';

/** The account tab's rows after 'To': when it was sent, and whether it was (spec part 1, 2.6). */
function sentDetails(email: AccountEmail) {
  return (
    <>
      <dt>Date sent</dt>
      <dd>{email.date_sent ? <DateTime value={email.date_sent} /> : '-'}</dd>
      <dt>Is sent</dt>
      <dd>{email.is_sent ? 'Yes' : 'Scheduled'}</dd>
    </>
  );
}

export interface EmailDetailDialogProps<E extends AccountEmail> {
  /** The email open in the dialog (null: closed; `email` null: loading). */
  $open: ReadableAtom<{ email: E | null } | null>;
  onClose: () => void;
  /** The rows after 'To' (a <dt>/<dd> list); the account tab's sent date and state by default. */
  details?: (email: E) => ReactNode;
}

/** One email: subject as title, recipient, dates and the HTML body, sanitised in the browser (account and company Emails tabs). */
export function EmailDetailDialog<E extends AccountEmail>({ $open, onClose, details = sentDetails }: EmailDetailDialogProps<E>) {
  const open = useStore($open);
  const email = open?.email ?? null;
  return (
    <Dialog title={email?.subject ?? 'Email'} size="lg" open={open !== null} onOpenChange={(next) => !next && onClose()}>
      {email ? (
        <>
          <dl className="detail-list">
            <dt>To</dt>
            <dd>{email.name ? `${email.name} <${email.email}>` : email.email}</dd>
            {details(email)}
          </dl>
          <SafeHtml html={email.content} className="email-body" />
        </>
      ) : (
        <p className="muted" role="status">
          Loading...
        </p>
      )}
    </Dialog>
  );
}
