import { lazy, Suspense } from 'react';
import type { PanelView } from '../../lib/rules/panel-pages';

// Each page's code loads when the page is first opened, not with the shell.
const Dashboard = lazy(() => import('../dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));
const AccountArea = lazy(() => import('../account/AccountArea').then((m) => ({ default: m.AccountArea })));
const SelectCompany = lazy(() => import('../account/SelectCompany').then((m) => ({ default: m.SelectCompany })));

/** The body of the panel page `view` names. */
export function PanelPage({ view }: { view: PanelView }) {
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          Loading...
        </p>
      }
    >
      {view.route === 'dashboard' ? <Dashboard /> : view.route === 'account' ? <AccountArea tab={view.tab} itemKey={view.itemKey} /> : <SelectCompany guid={view.guid} />}
    </Suspense>
  );
}
