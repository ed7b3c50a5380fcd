import { useStore } from '@nanostores/react';
import { DateTime } from '../../components/DateTime';
import { Icon } from '../../components/Icon';
import { PagedTable, pagedColumnHelper } from '../../components/table';
import type { AccountEmail } from '../../lib/api/account-activity';
import { clearEmailFilters, emailsList, openEmail, removeEmailFilter, type EmailFilters } from '../../stores/account-lists';
import { EmailDetailDialog } from './EmailDetailDialog';
import { EmailFilterDialog } from './EmailFilterDialog';

const FILTER_LABELS = { subject: 'Subject', content: 'Content' } as const;

const column = pagedColumnHelper<AccountEmail>();
const columns = column.columns([
  column.accessor('subject', {
    header: 'Subject',
    cell: ({ row: { original: e } }) => (
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
  }),
  column.display({ id: 'sent', header: 'Sent', cell: ({ row: { original: e } }) => (e.is_sent && e.date_sent ? <DateTime value={e.date_sent} /> : 'Scheduled') }),
  column.display({
    id: 'view',
    header: () => <span className="visually-hidden">Actions</span>,
    meta: { className: 'cell-actions' },
    cell: ({ row: { original: e } }) => (
      <button type="button" className="button button-small" onClick={() => void openEmail(e.guid)} aria-label={`View ${e.subject}`}>
        View
      </button>
    ),
  }),
]);

const emailId = (e: AccountEmail) => e.guid;

/** The user's emails with subject and content filters (spec part 1, 2.6 Emails). */
export function EmailsTab() {
  const { filters } = useStore(emailsList.$list);
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
      <PagedTable caption="Emails" columns={columns} list={emailsList} getRowId={emailId} empty={active.length ? 'No emails match these filters.' : 'No emails yet.'} />
      <EmailDetailDialog />
    </section>
  );
}
