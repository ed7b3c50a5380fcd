import { useStore } from '@nanostores/react';
import { getEmojiFlag, type TCountryCode } from 'countries-list';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import type { LoginRecord } from '../../lib/api/account-activity';
import { loginsList } from '../../stores/account-lists';

function Place({ row }: { row: LoginRecord }) {
  if (!row.country) return <>Unknown</>;
  const place = [row.city, row.country.name].filter(Boolean).join(', ');
  return (
    <>
      <span aria-hidden="true">{getEmojiFlag(row.country.code as TCountryCode)} </span>
      {place}
    </>
  );
}

const columns: Column<LoginRecord>[] = [
  { key: 'timestamp', header: 'Timestamp', cell: (r) => <DateTime value={r.timestamp} relative /> },
  { key: 'ip', header: 'IP Address', cell: (r) => r.ip_address ?? '' },
  { key: 'ua', header: 'Useragent', className: 'cell-wrap', cell: (r) => r.user_agent ?? '' },
  { key: 'location', header: 'Location', cell: (r) => <Place row={r} /> },
  { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} label={r.status === 'SUCCESS' ? 'Success' : 'Failure'} /> },
];

/** Sign-ins of the user with where they came from (spec part 1, 2.6 Logins). */
export function LoginsTab() {
  const { loading, page, perPage, answer } = useStore(loginsList.$list);
  return (
    <section aria-label="Logins">
      <DataTable
        caption="Logins"
        columns={columns}
        rows={answer?.data ?? []}
        rowKey={(r) => r.guid}
        loading={loading}
        empty="No sign-ins yet."
        page={page}
        perPage={perPage}
        total={answer?.total ?? 0}
        onPageChange={(p) => void loginsList.load(p)}
        onPerPageChange={loginsList.setPageSize}
      />
      <p className="muted attribution">
        <a href="https://db-ip.com" rel="noopener noreferrer" target="_blank">
          IP Geolocation by DB-IP
        </a>
      </p>
    </section>
  );
}
