import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { Dialog } from '../../components/Dialog';
import { FormDialog } from '../../components/FormDialog';
import { Icon } from '../../components/Icon';
import { SafeHtml } from '../../components/SafeHtml';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import { useForm } from '../../components/form/use-form';
import { PagedTable, pagedColumnHelper } from '../../components/table';
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

const column = pagedColumnHelper<CompanyEmail>();
const columns = column.columns([
  column.accessor('subject', {
    header: 'Subject',
    enableHiding: false,
    cell: ({ row: { original: e } }) => (
      <a
        href={`#email-${e.guid}`}
        onClick={(ev) => {
          ev.preventDefault();
          void openCompanyEmail(e.guid);
        }}
      >
        {e.subject}
      </a>
    ),
  }),
  column.accessor('email', { header: 'Recipient', meta: { className: 'cell-wrap' } }),
  column.display({ id: 'sent', header: 'Sent', cell: ({ row: { original: e } }) => (e.is_sent && e.date_sent ? <DateTime value={e.date_sent} /> : 'Scheduled') }),
  column.display({
    id: 'view',
    header: () => <span className="visually-hidden">Actions</span>,
    meta: { className: 'cell-actions' },
    cell: ({ row: { original: e } }) => (
      <button type="button" className="button button-small" onClick={() => void openCompanyEmail(e.guid)} aria-label={`View ${e.subject} to ${e.email}`}>
        View
      </button>
    ),
  }),
]);

const emailId = (e: CompanyEmail) => e.guid;
const EMPTY_FILTER: { key: CompanyEmailFilterKey; value: string } = { key: 'subject', value: '' };

/** 'Add Filter': a key and its value; one filter per key (spec part 3, 2.9 "filters by key/value"). */
function FilterDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm(companyEmailFilterForm, { initial: EMPTY_FILTER, onDone: () => form.set('value', '') });
  return (
    <FormDialog
      title="Add Filter"
      size="sm"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
      }}
      trigger={
        <button type="button" className="button">
          Add Filter
        </button>
      }
      submitLabel="Apply & Close"
      busy={form.busy}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit().then((outcome) => outcome.ok && setOpen(false));
      }}
      formRef={form.form.ref}
      formClassName=""
    >
      <SelectField label="Filter by" value={form.values.key} onValueChange={(v) => form.set('key', v as CompanyEmailFilterKey)} name="key">
        {COMPANY_EMAIL_FILTER_KEYS.map((k) => (
          <option key={k} value={k}>
            {COMPANY_EMAIL_FILTER_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <TextField label="Value" hint={form.values.key === 'sent' ? "'yes' or 'no' (Scheduled)" : 'Matches any part, in any case.'} {...form.text('value')} />
    </FormDialog>
  );
}

/** One email: recipient, date and the HTML body, sanitised in the browser (as the account Emails tab shows it). */
function EmailDialog() {
  const open = useStore($openCompanyEmail);
  const email = open?.email ?? null;
  return (
    <Dialog title={email?.subject ?? 'Email'} size="lg" open={open !== null} onOpenChange={(next) => !next && closeCompanyEmail()}>
      {email ? (
        <>
          <dl className="detail-list">
            <dt>To</dt>
            <dd>{email.name ? `${email.name} <${email.email}>` : email.email}</dd>
            <dt>Date sent</dt>
            <dd>{email.is_sent && email.date_sent ? <DateTime value={email.date_sent} /> : 'Scheduled'}</dd>
            {email.event ? (
              <>
                <dt>Event</dt>
                <dd>{eventLabel(email.event)}</dd>
              </>
            ) : null}
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

/** Company > Emails (spec part 3, 2.9): subject, recipient, sent date or 'Scheduled', view; key/value filters. */
export function EmailsTab({ company }: { company: string }) {
  const { filters } = useStore(companyEmailsList.$list);
  const active = (Object.entries(filters) as [CompanyEmailFilterKey, string][]).filter(([, v]) => v);
  useEffect(() => {
    void companyEmailsList.load(1);
  }, [company]);
  return (
    <section aria-label="Emails">
      <div className="toolbar">
        <FilterDialog />
        {active.length ? (
          <ul className="filter-tags" aria-label="Filters">
            {active.map(([key, value]) => (
              <li key={key} className="filter-tag">
                <span>
                  {COMPANY_EMAIL_FILTER_LABELS[key]}: {value}
                </span>
                <button type="button" className="filter-tag-remove" aria-label={`Remove filter ${COMPANY_EMAIL_FILTER_LABELS[key]}: ${value}`} onClick={() => removeCompanyEmailFilter(key)}>
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="button button-small" onClick={clearCompanyEmailFilters}>
                Clear Filters
              </button>
            </li>
          </ul>
        ) : null}
      </div>
      <PagedTable caption="Company emails" columns={columns} list={companyEmailsList} getRowId={emailId} empty={active.length ? 'No emails match these filters.' : 'No emails yet.'} columnsKey="company-emails" />
      <EmailDialog />
    </section>
  );
}

