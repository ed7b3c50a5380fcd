import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { DateTime } from '../../components/DateTime';
import { pagedColumnHelper } from '../../components/table';
import type { FirewallPolicyAnswer } from '../../lib/api/firewall';
import { POLICY_SCOPES } from '../../lib/rules/firewall-tabs';
import { policyHistoryCalls, policiesTable } from '../../stores/firewall-tables';
import { $policyEditor, openPolicyDialog } from '../../stores/firewall-sets';
import { FirewallTable } from './FirewallTable';

// The dialog's code (the pickers) loads when it is first opened.
const PolicyDialog = lazy(() => import('./PolicyDialog').then((m) => ({ default: m.PolicyDialog })));

/** The policy's name: it opens the policy's dialog for viewers who may edit it. */
function PolicyName({ policy }: { policy: FirewallPolicyAnswer }) {
  return (
    <Can scope={POLICY_SCOPES.edit} fallback={policy.name}>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => openPolicyDialog(policy)}>
        {policy.name}
      </button>
    </Can>
  );
}

const names = (items: readonly { name: string }[]) => items.map((i) => i.name).join(', ');

const column = pagedColumnHelper<FirewallPolicyAnswer>();
const columns = {
  before: column.columns([
    column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' }, cell: ({ row }) => <PolicyName policy={row.original} /> }),
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

/** The Policies tab (spec part 2, 2.10): the policies by priority, what each applies and where, Add Policy, and each name opening its dialog. */
export function PoliciesTab() {
  const { used } = useStore($policyEditor);
  return (
    <>
      <FirewallTable
        table={policiesTable}
        history={policyHistoryCalls}
        caption="Firewall policies"
        noun={{ one: 'policy', many: 'policies' }}
        scopes={POLICY_SCOPES}
        columns={columns}
        empty="No firewall policies yet."
        toolbar={
          <Can scope={POLICY_SCOPES.add}>
            <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => openPolicyDialog(null)}>
              Add Policy
            </button>
          </Can>
        }
      />
      {used ? (
        <Suspense fallback={null}>
          <PolicyDialog />
        </Suspense>
      ) : null}
    </>
  );
}
