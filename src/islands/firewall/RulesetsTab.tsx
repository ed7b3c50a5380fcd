import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { DateTime } from '../../components/DateTime';
import { pagedColumnHelper } from '../../components/table';
import type { FirewallRulesetAnswer } from '../../lib/api/firewall';
import { RULESET_SCOPES } from '../../lib/rules/firewall-tabs';
import { rulesetHistoryCalls, rulesetsTable } from '../../stores/firewall-tables';
import { $rulesetEditor, openRulesetDialog } from '../../stores/firewall-sets';
import { FirewallTable } from './FirewallTable';

// The dialog's code (the pickers) loads when it is first opened.
const RulesetDialog = lazy(() => import('./RulesetDialog').then((m) => ({ default: m.RulesetDialog })));

/** The ruleset's name: it opens the ruleset's dialog for viewers who may edit it. */
function RulesetName({ ruleset }: { ruleset: FirewallRulesetAnswer }) {
  return (
    <Can scope={RULESET_SCOPES.edit} fallback={ruleset.name}>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => openRulesetDialog(ruleset)}>
        {ruleset.name}
      </button>
    </Can>
  );
}

const column = pagedColumnHelper<FirewallRulesetAnswer>();
const columns = {
  before: column.columns([
    column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' }, cell: ({ row }) => <RulesetName ruleset={row.original} /> }),
  ]),
  after: column.columns([
    column.display({ id: 'rules', header: 'Rules', meta: { className: 'cell-wrap' }, cell: ({ row }) => row.original.rules.map((r) => r.name).join(', ') }),
    column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  ]),
};

/** The Rulesets tab (spec part 2, 2.10): the rulesets with their rules, Add Ruleset, and each name opening its dialog. */
export function RulesetsTab() {
  const { used } = useStore($rulesetEditor);
  return (
    <>
      <FirewallTable
        table={rulesetsTable}
        history={rulesetHistoryCalls}
        caption="Firewall rulesets"
        noun={{ one: 'ruleset', many: 'rulesets' }}
        scopes={RULESET_SCOPES}
        columns={columns}
        empty="No firewall rulesets yet."
        toolbar={
          <Can scope={RULESET_SCOPES.add}>
            <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => openRulesetDialog(null)}>
              Add Ruleset
            </button>
          </Can>
        }
      />
      {used ? (
        <Suspense fallback={null}>
          <RulesetDialog />
        </Suspense>
      ) : null}
    </>
  );
}
