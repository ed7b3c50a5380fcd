import { DateTime } from '../../components/DateTime';
import { pagedColumnHelper } from '../../components/table';
import type { FirewallRulesetAnswer } from '../../lib/api/firewall';
import { RULESET_SCOPES } from '../../lib/rules/firewall-tabs';
import { rulesetsTable } from '../../stores/firewall-tables';
import { FirewallTable } from './FirewallTable';

const column = pagedColumnHelper<FirewallRulesetAnswer>();
const columns = {
  before: column.columns([column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' } })]),
  after: column.columns([
    column.display({ id: 'rules', header: 'Rules', meta: { className: 'cell-wrap' }, cell: ({ row }) => row.original.rules.map((r) => r.name).join(', ') }),
    column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  ]),
};

/** The Rulesets tab (spec part 2, 2.10): the rulesets with their rules; adding and editing in dialogs is still to come. */
export function RulesetsTab() {
  return (
    <FirewallTable
      table={rulesetsTable}
      caption="Firewall rulesets"
      noun={{ one: 'ruleset', many: 'rulesets' }}
      scopes={RULESET_SCOPES}
      columns={columns}
      empty="No firewall rulesets yet."
    />
  );
}
