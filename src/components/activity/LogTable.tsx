import { DateTime } from '../DateTime';
import { PagedTable, pagedColumnHelper, type PagedSource } from '../table';
import type { LogRecord } from '../../lib/api/account-activity';
import { activitySentence } from '../../lib/rules/activity-sentence';

const column = pagedColumnHelper<LogRecord>();
const columns = column.columns([
  column.accessor('date_created', { header: 'Timestamp', enableHiding: false, cell: ({ getValue }) => <DateTime value={getValue()} relative /> }),
  column.accessor('ip_address', { header: 'IP Address', cell: ({ getValue }) => getValue() ?? '' }),
  column.accessor('user_agent', { header: 'Useragent', meta: { className: 'cell-wrap' }, cell: ({ getValue }) => getValue() ?? '' }),
  column.display({ id: 'action', header: 'Action', cell: ({ row }) => activitySentence(row.original) }),
]);

const logId = (r: LogRecord) => r.guid;

/**
 * A Logs tab's table: when, from where and what was done (spec part 1, 2.6 Logs). The account's
 * and the company's Logs tabs show it over their own list.
 */
export function LogTable({ caption, list, columnsKey }: { caption: string; list: PagedSource<LogRecord>; columnsKey: string }) {
  return (
    <section aria-label="Logs">
      <PagedTable caption={caption} columns={columns} list={list} getRowId={logId} empty="Nothing recorded yet." columnsKey={columnsKey} />
    </section>
  );
}
