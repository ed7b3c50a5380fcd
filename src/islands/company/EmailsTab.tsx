import { useEffect } from 'react';
import { DateTime } from '../../components/DateTime';
import type { CompanyEmail } from '../../lib/api/company-emails';
import { COMPANY_EMAIL_FILTER_KEYS, COMPANY_EMAIL_FILTER_LABELS, type CompanyEmailFilterKey } from '../../lib/schemas/company-emails';
import { eventLabel } from '../../lib/schemas/company-contacts';
import {
  $openCompanyEmail,
  clearCompanyEmailFilters,
  closeCompanyEmail,
  companyEmailFilterForm,
  companyEmailsList,
  openCompanyEmail,
  removeCompanyEmailFilter,
} from '../../stores/company-settings';
import { EmailDetailDialog } from '../../components/email/EmailDetailDialog';
import { EmailFilterDialog } from '../../components/email/EmailFilterDialog';
import { EmailList } from '../../components/email/EmailList';

const filterHint = (key: CompanyEmailFilterKey) => (key === 'sent' ? "'yes' or 'no' (Scheduled)" : 'Matches any part, in any case.');

/** The company dialog's rows after 'To': sent date or 'Scheduled', and the event that sent it. */
function sentAndEvent(email: CompanyEmail) {
  return (
    <>
      <dt>Date sent</dt>
      <dd>{email.is_sent && email.date_sent ? <DateTime value={email.date_sent} /> : 'Scheduled'}</dd>
      {email.event ? (
        <>
          <dt>Event</dt>
          <dd>{eventLabel(email.event)}</dd>
        </>
      ) : null}
    </>
  );
}

/** Company > Emails (spec part 3, 2.9): subject, recipient, sent date or 'Scheduled', view; key/value filters. */
export function EmailsTab({ company }: { company: string }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void companyEmailsList.load(1);
  }, [company]);
  return (
    <section aria-label="Emails">
      <EmailList
        caption="Company emails"
        list={companyEmailsList}
        labels={COMPANY_EMAIL_FILTER_LABELS}
        removeFilter={removeCompanyEmailFilter}
        clearFilters={clearCompanyEmailFilters}
        openEmail={openCompanyEmail}
        filterDialog={<EmailFilterDialog form={companyEmailFilterForm} keys={COMPANY_EMAIL_FILTER_KEYS} labels={COMPANY_EMAIL_FILTER_LABELS} hint={filterHint} />}
        withRecipient
        columnsKey="company-emails"
      />
      <EmailDetailDialog $open={$openCompanyEmail} onClose={closeCompanyEmail} details={sentAndEvent} />
    </section>
  );
}
