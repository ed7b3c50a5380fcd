import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Tabs } from '../../components/Tabs';
import { DOMAIN_GROUP_TABS, domainGroupTabPath, isDomainGroupTab, type DomainGroupTab } from '../../lib/rules/domain-tabs';
import { $group, loadGroup } from '../../stores/domain-groups';
import { $permissions, can } from '../../stores/permissions';
import { navigate } from '../../stores/router';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { DomainsTab } from './DomainsTab';
import '../../styles/domains.css';

// Tabs other than Domains load their code when first opened, and so does the drawer.
const TasksTab = lazy(() => import('./TasksTab').then((m) => ({ default: m.TasksTab })));
const SoftwarePresetsTab = lazy(() => import('./presets/SoftwarePresetsTab').then((m) => ({ default: m.SoftwarePresetsTab })));
const AddDomainsTab = lazy(() => import('./AddDomainsTab').then((m) => ({ default: m.AddDomainsTab })));
const DomainDrawer = lazy(() => import('./DomainDrawer').then((m) => ({ default: m.DomainDrawer })));
const GroupSettingsDialog = lazy(() => import('./GroupSettingsDialog').then((m) => ({ default: m.GroupSettingsDialog })));

const loading = (
  <p className="page-loading" role="status">
    Loading...
  </p>
);

/** One domain group (spec part 2, 2.3): its name, settings and reload, and its tabs, each at its own address. */
export function DomainGroupPage({ group, tab }: { group: string; tab: DomainGroupTab }) {
  const state = useStore($group);
  const permissions = useStore($permissions);
  useEffect(() => {
    void loadGroup(group);
  }, [group]);
  const tabs = DOMAIN_GROUP_TABS.filter((t) => can(t.scopes, permissions));
  const current = state.guid === group ? state.group : null;
  const missing = state.guid === group ? state.missing : null;
  // The tabs ask for the group's lists once the group is known to exist (or could not be checked: they say why themselves).
  const known = current !== null || (state.guid === group && !state.loading);

  return (
    <>
      <div className="group-header">
        <h2>{current?.name ?? (state.loading && !missing ? 'Loading...' : 'Domain group')}</h2>
        <div className="toolbar">
          {current ? (
            <Can scope="can_edit_domain_groups">
              <Suspense fallback={null}>
                <GroupSettingsDialog group={current} />
              </Suspense>
            </Can>
          ) : null}
        </div>
      </div>
      {missing ? (
        // An unknown group: one sentence, and no tab asks the server about it again.
        <div className="alert alert-error" role="alert">
          {missing} <a href="/domains">Back to the domain groups</a>
        </div>
      ) : (
        <Tabs tabs={tabs} value={tab} label="Domain group" onValueChange={(v) => isDomainGroupTab(v) && v !== tab && navigate(domainGroupTabPath(group, v))}>
          {!tabs.some((t) => t.value === tab) ? (
            <div className="alert alert-error" role="alert">
              {NO_ACCESS_MESSAGE}
            </div>
          ) : known ? (
            <Suspense fallback={loading}>
              <GroupTab group={group} tab={tab} />
            </Suspense>
          ) : (
            loading
          )}
        </Tabs>
      )}
      <Suspense fallback={null}>
        <DomainDrawer />
      </Suspense>
    </>
  );
}

function GroupTab({ group, tab }: { group: string; tab: DomainGroupTab }) {
  switch (tab) {
    case 'domains':
      return <DomainsTab group={group} />;
    case 'add':
      return <AddDomainsTab group={group} />;
    case 'tasks':
      return <TasksTab group={group} />;
    case 'presets':
      return <SoftwarePresetsTab />;
  }
}
