import { useMemo, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { DateTime } from '../DateTime';
import { Icon } from '../Icon';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../table';
import type { AccountEmail } from '../../lib/api/account-activity';
import type { PagedList } from '../../stores/paged-list';

/** Filter keys of a list's filters. */
type KeyOf<F> = keyof F & string;

export interface EmailListProps<E extends AccountEmail, F extends Record<string, string>> {
  /** The tab's list; its filters are at most one value per key. */
  list: PagedList<E, F>;
  /** The filters' names, as their tags show them. */
  labels: Record<KeyOf<F>, string>;
  removeFilter: (key: KeyOf<F>) => void;
  clearFilters: () => void;
  /** Opens an email in the tab's detail dialog. */
  openEmail: (guid: string) => Promise<void>;
  /** The 'Add Filter' dialog (EmailFilterDialog over the tab's form). */
  filterDialog: ReactNode;
  caption: string;
  /** A Recipient column, and the View buttons name the recipient (the company tab: many recipients). */
  withRecipient?: boolean;
  /** Remembers the hidden columns under this name (a Columns menu). */
  columnsKey?: string;
}

function emailColumns<E extends AccountEmail>(openEmail: (guid: string) => Promise<void>, withRecipient: boolean) {
  const column = pagedColumnHelper<E>();
  return column.columns([
    column.display({
      id: 'subject',
      header: 'Subject',
      enableHiding: false,
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
    ...(withRecipient ? [column.display({ id: 'email', header: 'Recipient', meta: { className: 'cell-wrap' }, cell: ({ row: { original: e } }) => e.email })] : []),
    column.display({ id: 'sent', header: 'Sent', cell: ({ row: { original: e } }) => (e.is_sent && e.date_sent ? <DateTime value={e.date_sent} /> : 'Scheduled') }),
    actionsColumn(column, 'view', (e) => (
      <button
        type="button"
        className="button button-small"
        onClick={() => void openEmail(e.guid)}
        aria-label={withRecipient ? `View ${e.subject} to ${e.email}` : `View ${e.subject}`}
      >
        View
      </button>
    )),
  ]);
}

const emailId = (e: AccountEmail) => e.guid;

/**
 * An Emails tab's list (spec part 1, 2.6; part 3, 2.9): 'Add Filter', the active filters as
 * removable tags with 'Clear Filters', and the paged table of subject, sent date or 'Scheduled'
 * and View. The account and company tabs differ in their list, filter keys and recipient column.
 */
export function EmailList<E extends AccountEmail, F extends Record<string, string>>({
  list,
  labels,
  removeFilter,
  clearFilters,
  openEmail,
  filterDialog,
  caption,
  withRecipient = false,
  columnsKey,
}: EmailListProps<E, F>) {
  const { filters } = useStore(list.$list);
  const active = (Object.entries(filters) as [KeyOf<F>, string | undefined][]).filter((entry): entry is [KeyOf<F>, string] => Boolean(entry[1]));
  const columns = useMemo(() => emailColumns<E>(openEmail, withRecipient), [openEmail, withRecipient]);
  return (
    <>
      <div className="toolbar">
        {filterDialog}
        {active.length ? (
          <ul className="filter-tags" aria-label="Filters">
            {active.map(([key, value]) => (
              <li key={key} className="filter-tag">
                <span>
                  {labels[key]}: {value}
                </span>
                <button type="button" className="filter-tag-remove" aria-label={`Remove filter ${labels[key]}: ${value}`} onClick={() => removeFilter(key)}>
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="button button-small" onClick={clearFilters}>
                Clear Filters
              </button>
            </li>
          </ul>
        ) : null}
      </div>
      <PagedTable
        caption={caption}
        columns={columns}
        list={list}
        getRowId={emailId}
        empty={active.length ? 'No emails match these filters.' : 'No emails yet.'}
        {...(columnsKey ? { columnsKey } : {})}
      />
    </>
  );
}
