import { useStore } from '@nanostores/react';
import { Tabs } from '../../components/Tabs';
import { FIREWALL_TABS, firewallTabPath, isFirewallTab, type FirewallTab } from '../../lib/rules/firewall-tabs';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { $permissions, can } from '../../stores/permissions';
import { navigate } from '../../stores/router';
import { PoliciesTab } from './PoliciesTab';
import { RulesetsTab } from './RulesetsTab';
import { RulesTab } from './RulesTab';
import '../../styles/firewall.css';

/**
 * The firewall area (spec part 2, 2.1 and 2.10): the tabs the viewer may see (6), each at its own
 * address; a tab without its view scope says so.
 */
export function FirewallPage({ tab }: { tab: FirewallTab }) {
  const permissions = useStore($permissions);
  const tabs = FIREWALL_TABS.filter((t) => can(t.scopes, permissions));
  return (
    <Tabs tabs={tabs} value={tab} label="Firewall" onValueChange={(v) => isFirewallTab(v) && v !== tab && navigate(firewallTabPath(v))}>
      {tabs.some((t) => t.value === tab) ? (
        <FirewallTabBody tab={tab} />
      ) : (
        <div className="alert alert-error" role="alert">
          {NO_ACCESS_MESSAGE}
        </div>
      )}
    </Tabs>
  );
}

function FirewallTabBody({ tab }: { tab: FirewallTab }) {
  switch (tab) {
    case 'rules':
      return <RulesTab />;
    case 'policies':
      return <PoliciesTab />;
    case 'rulesets':
      return <RulesetsTab />;
  }
}
