import { useStore } from '@nanostores/react';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { Icon } from '../../components/Icon';
import type { AccountEmail } from '../../lib/api/account-activity';
import { clearEmailFilters, emailsList, openEmail, removeEmailFilter, type EmailFilters } from '../../stores/account-lists';
import { EmailDetailDialog } from './EmailDetailDialog';
import { EmailFilterDialog } from './EmailFilterDialog';

const FILTER_LABELS = { subject: 'Subject', content: 'Content' } as const;

const columns: Column<AccountEmail>[] = [
  {
    key: 'subject',
    header: 'Subject',
    cell: (e) => (
      <a
        href={`#email-${e.guid}`}
        onClick={(ev) => {
          ev.preventDefault();
          void openEmail(e.guid);
        }}
      >
        {e.subject}
      </a>
    ),
  },
  { key: 'sent', header: 'Sent', cell: (e) => (e.is_sent && e.date_sent ? <DateTime value={e.date_sent} /> : 'Scheduled') },
  {
    key: 'view',
    header: <span className="visually-hidden">Actions</span>,
    className: 'cell-actions',
    cell: (e) => (
      <button type="button" className="button button-small" onClick={() => void openEmail(e.guid)} aria-label={`View ${e.subject}`}>
        View
      </button>
    ),
  },
];

/** The user's emails with subject and content filters (spec part 1, 2.6 Emails). */
export function EmailsTab() {
  const { loading, page, perPage, filters, answer } = useStore(emailsList.$list);
  const active = (Object.entries(filters) as [keyof EmailFilters, string][]).filter(([, v]) => v);

  return (
    <section aria-label="Emails">
      <div className="toolbar">
        <EmailFilterDialog />
        {active.length ? (
          <ul className="filter-tags" aria-label="Filters">
            {active.map(([key, value]) => (
              <li key={key} className="filter-tag">
                <span>
                  {FILTER_LABELS[key]}: {value}
                </span>
                <button type="button" className="filter-tag-remove" aria-label={`Remove filter ${FILTER_LABELS[key]}: ${value}`} onClick={() => removeEmailFilter(key)}>
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="button button-small" onClick={clearEmailFilters}>
                Clear Filters
              </button>
            </li>
          </ul>
        ) : null}
      </div>
      <DataTable
        caption="Emails"
        columns={columns}
        rows={answer?.data ?? []}
        rowKey={(e) => e.guid}
        loading={loading}
        empty={active.length ? 'No emails match these filters.' : 'No emails yet.'}
        page={page}
        perPage={perPage}
        total={answer?.total ?? 0}
        onPageChange={(p) => void emailsList.load(p)}
        onPerPageChange={emailsList.setPageSize}
      />
      <EmailDetailDialog />
    </section>
  );
}
