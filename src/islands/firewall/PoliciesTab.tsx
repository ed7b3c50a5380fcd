import { DateTime } from '../../components/DateTime';
import { pagedColumnHelper } from '../../components/table';
import type { FirewallPolicyAnswer } from '../../lib/api/firewall';
import { POLICY_SCOPES } from '../../lib/rules/firewall-tabs';
import { policiesTable } from '../../stores/firewall-tables';
import { FirewallTable } from './FirewallTable';

const names = (items: readonly { name: string }[]) => items.map((i) => i.name).join(', ');

const column = pagedColumnHelper<FirewallPolicyAnswer>();
const columns = {
  before: column.columns([
    column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' } }),
    column.accessor('priority', { header: 'Priority', meta: { className: 'cell-number' } }),
  ]),
  after: column.columns([
    column.display({ id: 'applies', header: 'Rulesets and rules', meta: { className: 'cell-wrap' }, cell: ({ row }) => names([...row.original.rulesets, ...row.original.rules]) }),
    column.display({
      id: 'places',
      header: 'Domain groups and domains',
      meta: { className: 'cell-wrap' },
      cell: ({ row }) => [...row.original.domain_groups.map((g) => g.name), ...row.original.domains.map((d) => d.domain)].join(', '),
    }),
    column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  ]),
};

/** The Policies tab (spec part 2, 2.10): the policies by priority, what each applies and where; adding and editing in dialogs is still to come. */
export function PoliciesTab() {
  return (
    <FirewallTable
      table={policiesTable}
      caption="Firewall policies"
      noun={{ one: 'policy', many: 'policies' }}
      scopes={POLICY_SCOPES}
      columns={columns}
      empty="No firewall policies yet."
    />
  );
}
