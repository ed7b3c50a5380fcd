import { useEffect } from 'react';
import { LogTable } from '../../components/activity/LogTable';
import { companyLogsList } from '../../stores/company-settings';

/** Company > Logs: what everyone did in the company, as the account Logs tab lays it out (spec part 3, 2.9). */
export function LogsTab({ company }: { company: string }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void companyLogsList.load(1);
  }, [company]);
  return <LogTable caption="Company logs" list={companyLogsList} columnsKey="company-logs" />;
}
