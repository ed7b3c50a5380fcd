import { EMAIL_FILTER_KEYS } from '../../lib/schemas/account';
import { $openEmail, clearEmailFilters, closeEmail, emailFilterForm, emailsList, openEmail, removeEmailFilter } from '../../stores/account-lists';
import { EmailDetailDialog } from '../../components/email/EmailDetailDialog';
import { EmailFilterDialog } from '../../components/email/EmailFilterDialog';
import { EmailList } from '../../components/email/EmailList';

const FILTER_LABELS = { subject: 'Subject', content: 'Content' } as const;

/** The user's emails with subject and content filters (spec part 1, 2.6 Emails). */
export function EmailsTab() {
  return (
    <section aria-label="Emails">
      <EmailList
        caption="Emails"
        list={emailsList}
        labels={FILTER_LABELS}
        removeFilter={removeEmailFilter}
        clearFilters={clearEmailFilters}
        openEmail={openEmail}
        filterDialog={<EmailFilterDialog form={emailFilterForm} keys={EMAIL_FILTER_KEYS} labels={FILTER_LABELS} applyWithoutClosing />}
      />
      <EmailDetailDialog $open={$openEmail} onClose={closeEmail} />
    </section>
  );
}
