import { DateTime } from '../../components/DateTime';
import { PagedTable, pagedColumnHelper } from '../../components/table';
import type { LogRecord } from '../../lib/api/account-activity';
import { activitySentence } from '../../lib/rules/activity-sentence';
import { logsList } from '../../stores/account-lists';

const column = pagedColumnHelper<LogRecord>();
const columns = column.columns([
  column.accessor('date_created', { header: 'Timestamp', enableHiding: false, cell: ({ getValue }) => <DateTime value={getValue()} relative /> }),
  column.accessor('ip_address', { header: 'IP Address', cell: ({ getValue }) => getValue() ?? '' }),
  column.accessor('user_agent', { header: 'Useragent', meta: { className: 'cell-wrap' }, cell: ({ getValue }) => getValue() ?? '' }),
  column.display({ id: 'action', header: 'Action', cell: ({ row }) => activitySentence(row.original) }),
]);

const logId = (r: LogRecord) => r.guid;

/** What the user did, across their companies (spec part 1, 2.6 Logs). */
export function LogsTab() {
  return (
    <section aria-label="Logs">
      <PagedTable caption="Logs" columns={columns} list={logsList} getRowId={logId} empty="Nothing recorded yet." columnsKey="account-logs" />
    </section>
  );
}
