import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { actionsColumn, PagedTable, pagedColumnHelper } from '../../components/table';
import { Tooltip } from '../../components/Tooltip';
import type { CompanyMembership } from '../../lib/api/account';
import { memberTypeWords } from '../../lib/format/words';
import { companiesList } from '../../stores/account-lists';
import { AddCompanyDialog } from './AddCompanyDialog';

/** Manage Company needs these account types (spec part 1, 6). */
const MANAGERS = new Set(['OWNER', 'ADMIN']);

function CompanyName({ m }: { m: CompanyMembership }) {
  const name = m.account_type === 'STAFF' ? <span>{m.company.name}</span> : <a href={`/company/${m.company.guid}/profile`}>{m.company.name}</a>;
  return (
    <span className="company-name">
      {m.is_active ? (
        <Tooltip content="Active company!">
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tooltip's trigger takes the focus, so the keyboard can show the tooltip too (WCAG 1.4.13). */}
          <span className="active-star" role="img" aria-label="Active company!" tabIndex={0}>
            ★
          </span>
        </Tooltip>
      ) : null}
      {name}
    </span>
  );
}

const column = pagedColumnHelper<CompanyMembership>();
const columns = column.columns([
  column.display({ id: 'company', header: 'Company', cell: ({ row }) => <CompanyName m={row.original} /> }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor('account_type', { header: 'Type', cell: ({ getValue }) => memberTypeWords(getValue()) }),
  actionsColumn(column, 'manage', (m) =>
    MANAGERS.has(m.account_type) ? (
      <a className="button button-small" href={`/account/company/${m.company.guid}/profile`} aria-label={`Manage Company ${m.company.name}`}>
        Manage Company
      </a>
    ) : null,
  ),
]);

const membershipId = (m: CompanyMembership) => m.guid;

/** The user's companies and Add Company (spec part 1, 2.6 Companies); `activeKey` highlights one. */
export function CompaniesTab({ activeKey }: { activeKey?: string | undefined }) {
  return (
    <section aria-label="Companies">
      <div className="toolbar">
        <AddCompanyDialog />
      </div>
      <PagedTable
        caption="Companies"
        columns={columns}
        list={companiesList}
        getRowId={membershipId}
        rowClassName={(m) => (activeKey && m.company.guid === activeKey ? 'is-selected' : undefined)}
        empty="No companies."
      />
    </section>
  );
}
