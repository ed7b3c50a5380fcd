import { useStore } from '@nanostores/react';
import { Tabs } from '../../components/Tabs';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { $permissions } from '../../stores/permissions';
import { navigate } from '../../stores/router';
import { NotificationsTab } from '../notifications/NotificationsTab';
import { accountTabPath, accountTabsFor, isAccountTab, NOT_FOR_SUBUSERS, type AccountTab } from '../../lib/rules/account-tabs';
import { ProfileTab } from './ProfileTab';
import { EmailsTab } from './EmailsTab';
import { LoginsTab } from './LoginsTab';
import { LogsTab } from './LogsTab';
import { CompaniesTab } from './CompaniesTab';
import { InvitationsTab } from './InvitationsTab';
import '../../styles/account.css';


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
        <TabBody tab={tab} itemKey={itemKey} />
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
