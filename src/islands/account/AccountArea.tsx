import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { Tabs } from '../../components/Tabs';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { $permissions } from '../../stores/permissions';
import { navigate } from '../../stores/router';
import { accountTabPath, accountTabsFor, isAccountTab, NOT_FOR_SUBUSERS, type AccountTab } from '../../lib/rules/account-tabs';
import '../../styles/account.css';

// Each tab's code loads when the tab is first opened.
const ProfileTab = lazy(() => import('./ProfileTab').then((m) => ({ default: m.ProfileTab })));
const EmailsTab = lazy(() => import('./EmailsTab').then((m) => ({ default: m.EmailsTab })));
const NotificationsTab = lazy(() => import('../notifications/NotificationsTab').then((m) => ({ default: m.NotificationsTab })));
const LoginsTab = lazy(() => import('./LoginsTab').then((m) => ({ default: m.LoginsTab })));
const LogsTab = lazy(() => import('./LogsTab').then((m) => ({ default: m.LogsTab })));
const CompaniesTab = lazy(() => import('./CompaniesTab').then((m) => ({ default: m.CompaniesTab })));
const InvitationsTab = lazy(() => import('./InvitationsTab').then((m) => ({ default: m.InvitationsTab })));

/** The account area (spec part 1, 2.6): one page per tab, so each tab has its own address and title; a tab opens without reloading the shell. */
export function AccountArea({ tab, itemKey }: { tab: AccountTab; itemKey?: string | undefined }) {
  const { userType } = useStore($permissions);
  const subuser = userType === 'SUBUSER';
  const tabs = accountTabsFor(userType);

  return (
    <Tabs tabs={tabs} value={tab} label="Account" onValueChange={(v) => isAccountTab(v) && v !== tab && navigate(accountTabPath(v))}>
      {subuser && NOT_FOR_SUBUSERS.includes(tab) ? (
        <div className="alert alert-error" role="alert">
          {NO_ACCESS_MESSAGE}
        </div>
      ) : (
        <Suspense
          fallback={
            <p className="page-loading" role="status">
              Loading...
            </p>
          }
        >
          <TabBody tab={tab} itemKey={itemKey} />
        </Suspense>
      )}
    </Tabs>
  );
}

function TabBody({ tab, itemKey }: { tab: AccountTab; itemKey?: string | undefined }) {
  switch (tab) {
    case 'profile':
      return <ProfileTab />;
    case 'emails':
      return <EmailsTab />;
    case 'notifications':
      return <NotificationsTab />;
    case 'logins':
      return <LoginsTab />;
    case 'logs':
      return <LogsTab />;
    case 'companies':
      return <CompaniesTab activeKey={itemKey} />;
    case 'invitations':
      return <InvitationsTab />;
  }
}
