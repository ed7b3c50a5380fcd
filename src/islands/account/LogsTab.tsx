import { LogTable } from '../../components/activity/LogTable';
import { logsList } from '../../stores/account-lists';

/** What the user did, across their companies (spec part 1, 2.6 Logs). */
export function LogsTab() {
  return <LogTable caption="Logs" list={logsList} columnsKey="account-logs" />;
}
