import { DateTime } from '../../components/DateTime';
import { Flag } from '../../components/Flag';
import { StatusBadge } from '../../components/StatusBadge';
import { PagedTable, pagedColumnHelper } from '../../components/table';
import type { LoginRecord } from '../../lib/api/account-activity';
import { loginsList } from '../../stores/account-lists';

function Place({ row }: { row: LoginRecord }) {
  if (!row.country) return <>Unknown</>;
  const place = [row.city, row.country.name].filter(Boolean).join(', ');
  return (
    <>
      <Flag code={row.country.code} />
      {place}
    </>
  );
}

const column = pagedColumnHelper<LoginRecord>();
const columns = column.columns([
  column.accessor('timestamp', { header: 'Timestamp', enableHiding: false, cell: ({ getValue }) => <DateTime value={getValue()} relative /> }),
  column.accessor('ip_address', { header: 'IP Address', cell: ({ getValue }) => getValue() ?? '' }),
  column.accessor('user_agent', { header: 'Useragent', meta: { className: 'cell-wrap' }, cell: ({ getValue }) => getValue() ?? '' }),
  column.display({ id: 'location', header: 'Location', cell: ({ row }) => <Place row={row.original} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
]);

const loginId = (r: LoginRecord) => r.guid;

/** Sign-ins of the user with where they came from (spec part 1, 2.6 Logins). */
export function LoginsTab() {
  return (
    <section aria-label="Logins">
      <PagedTable caption="Logins" columns={columns} list={loginsList} getRowId={loginId} empty="No sign-ins yet." columnsKey="account-logins" />
      <p className="muted attribution">
        <a href="https://db-ip.com" rel="noopener noreferrer" target="_blank">
          IP Geolocation by DB-IP
        </a>
      </p>
    </section>
  );
}
