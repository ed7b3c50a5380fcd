import { useStore } from '@nanostores/react';
import { Dialog } from '../../components/Dialog';
import { DateTime } from '../../components/DateTime';
import { SafeHtml } from '../../components/SafeHtml';
import { $openEmail, closeEmail } from '../../stores/account-lists';

/** One email: subject as title, recipient, dates and the HTML body, sanitised in the browser. */
export function EmailDetailDialog() {
  const open = useStore($openEmail);
  const email = open?.email ?? null;
  return (
    <Dialog title={email?.subject ?? 'Email'} size="lg" open={open !== null} onOpenChange={(next) => !next && closeEmail()}>
      {email ? (
        <>
          <dl className="detail-list">
            <dt>To</dt>
            <dd>
              {email.name ? `${email.name} <${email.email}>` : email.email}
            </dd>
            <dt>Date sent</dt>
            <dd>{email.date_sent ? <DateTime value={email.date_sent} /> : '-'}</dd>
            <dt>Is sent</dt>
            <dd>{email.is_sent ? 'Yes' : 'Scheduled'}</dd>
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
