import { useEffect } from 'react';
import { DateTime } from '../../components/DateTime';
import { PagedTable, pagedColumnHelper } from '../../components/table';
import type { LogRecord } from '../../lib/api/account-activity';
import { activitySentence } from '../../lib/rules/activity-sentence';
import { companyLogsList } from '../../stores/company-settings';

const column = pagedColumnHelper<LogRecord>();
const columns = column.columns([
  column.accessor('date_created', { header: 'Timestamp', enableHiding: false, cell: ({ getValue }) => <DateTime value={getValue()} relative /> }),
  column.accessor('ip_address', { header: 'IP Address', cell: ({ getValue }) => getValue() ?? '' }),
  column.accessor('user_agent', { header: 'Useragent', meta: { className: 'cell-wrap' }, cell: ({ getValue }) => getValue() ?? '' }),
  column.display({ id: 'action', header: 'Action', cell: ({ row }) => activitySentence(row.original) }),
]);

const logId = (r: LogRecord) => r.guid;

/** Company > Logs: what everyone did in the company, as the account Logs tab lays it out (spec part 3, 2.9). */
export function LogsTab({ company }: { company: string }) {
  useEffect(() => {
    void companyLogsList.load(1);
  }, [company]);
  return (
    <section aria-label="Logs">
      <PagedTable caption="Company logs" columns={columns} list={companyLogsList} getRowId={logId} empty="Nothing recorded yet." columnsKey="company-logs" />
    </section>
  );
}
