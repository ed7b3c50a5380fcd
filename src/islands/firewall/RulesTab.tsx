import { Can } from '../../components/Can';
import { DateTime } from '../../components/DateTime';
import { pagedColumnHelper } from '../../components/table';
import type { FirewallRuleAnswer } from '../../lib/api/firewall';
import { RULE_SCOPES } from '../../lib/rules/firewall-tabs';
import { ruleHistoryCalls, rulesTable } from '../../stores/firewall-tables';
import { FirewallTable } from './FirewallTable';

const RULE_TYPES: Record<string, string> = { FIREWALL: 'Firewall', RATE_LIMIT: 'Rate limit' };
const EDIT = RULE_SCOPES.edit;
const DELETE = RULE_SCOPES.delete;

/** The rule's name: a link to its form for viewers who may edit it. */
function RuleName({ rule }: { rule: FirewallRuleAnswer }) {
  return (
    <Can scope={EDIT} fallback={rule.name}>
      <a href={`/firewall/edit/${rule.guid}`}>{rule.name}</a>
    </Can>
  );
}

const column = pagedColumnHelper<FirewallRuleAnswer>();
const columns = {
  before: column.columns([
    column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' }, cell: ({ row }) => <RuleName rule={row.original} /> }),
    column.accessor('priority', { header: 'Priority', meta: { className: 'cell-number' } }),
    column.display({ id: 'type', header: 'Type', cell: ({ row }) => RULE_TYPES[row.original.data.type] ?? row.original.data.type }),
  ]),
  after: column.columns([
    column.accessor('attached_to_policies', { header: 'Policies', meta: { className: 'cell-number' } }),
    column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  ]),
};

/** The Rules tab (spec part 2, 2.10): the rules by priority, Add Rule, and each name leading to its form. */
export function RulesTab() {
  return (
    <FirewallTable
      table={rulesTable}
      history={ruleHistoryCalls}
      caption="Firewall rules"
      noun={{ one: 'firewall rule', many: 'firewall rules' }}
      scopes={{ edit: EDIT, delete: DELETE }}
      columns={columns}
      empty="No firewall rules yet."
      toolbar={
        <Can scope={RULE_SCOPES.add}>
          <a className="button button-primary" href="/firewall/add">
            Add Rule
          </a>
        </Can>
      }
    />
  );
}
