import { useStore } from '@nanostores/react';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { Tooltip } from '../../components/Tooltip';
import type { CompanyMembership } from '../../lib/api/account';
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
          <span className="active-star" role="img" aria-label="Active company!" tabIndex={0}>
            ★
          </span>
        </Tooltip>
      ) : null}
      {name}
    </span>
  );
}

const columns: Column<CompanyMembership>[] = [
  { key: 'company', header: 'Company', cell: (m) => <CompanyName m={m} /> },
  { key: 'created', header: 'Created', cell: (m) => <DateTime value={m.date_created} /> },
  { key: 'status', header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
  { key: 'type', header: 'Type', cell: (m) => m.account_type },
  {
    key: 'manage',
    header: <span className="visually-hidden">Actions</span>,
    className: 'cell-actions',
    cell: (m) =>
      MANAGERS.has(m.account_type) ? (
        <a className="button button-small" href={`/account/company/${m.company.guid}/profile`} aria-label={`Manage Company ${m.company.name}`}>
          Manage Company
        </a>
      ) : null,
  },
];

/** The user's companies and Add Company (spec part 1, 2.6 Companies); `activeKey` highlights one. */
export function CompaniesTab({ activeKey }: { activeKey?: string | undefined }) {
  const { loading, page, perPage, answer } = useStore(companiesList.$list);
  return (
    <section aria-label="Companies">
      <div className="toolbar">
        <AddCompanyDialog />
      </div>
      <DataTable
        caption="Companies"
        columns={columns}
        rows={answer?.data ?? []}
        rowKey={(m) => m.guid}
        rowClassName={(m) => (activeKey && m.company.guid === activeKey ? 'is-selected' : undefined)}
        loading={loading}
        empty="No companies."
        page={page}
        perPage={perPage}
        total={answer?.total ?? 0}
        onPageChange={(p) => void companiesList.load(p)}
        onPerPageChange={companiesList.setPageSize}
      />
    </section>
  );
}
