import { useStore } from '@nanostores/react';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import type { LogRecord } from '../../lib/api/account-activity';
import { activitySentence } from '../../lib/rules/activity-sentence';
import { logsList } from '../../stores/account-lists';

const columns: Column<LogRecord>[] = [
  { key: 'date', header: 'Timestamp', cell: (r) => <DateTime value={r.date_created} relative /> },
  { key: 'ip', header: 'IP Address', cell: (r) => r.ip_address ?? '' },
  { key: 'ua', header: 'Useragent', className: 'cell-wrap', cell: (r) => r.user_agent ?? '' },
  { key: 'action', header: 'Action', cell: (r) => activitySentence(r) },
];

/** What the user did, across their companies (spec part 1, 2.6 Logs). */
export function LogsTab() {
  const { loading, page, perPage, answer } = useStore(logsList.$list);
  return (
    <section aria-label="Logs">
      <DataTable
        caption="Logs"
        columns={columns}
        rows={answer?.data ?? []}
        rowKey={(r) => r.guid}
        loading={loading}
        empty="Nothing recorded yet."
        page={page}
        perPage={perPage}
        total={answer?.total ?? 0}
        onPageChange={(p) => void logsList.load(p)}
        onPerPageChange={logsList.setPageSize}
      />
    </section>
  );
}
