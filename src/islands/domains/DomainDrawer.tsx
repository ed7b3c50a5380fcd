import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Drawer } from '../../components/Drawer';
import { Tabs } from '../../components/Tabs';
import { DRAWER_TABS, drawerTabsFor, drawerWidth, type DrawerTab } from '../../lib/rules/drawer-tabs';
import { $openDomain, closeDomain } from '../../stores/domains';
import { DomainOverview } from './DomainOverview';

// Each tab's code loads when it is first opened (the charts' with Analytics).
const AnalyticsTab = lazy(() => import('./web/AnalyticsTab').then((m) => ({ default: m.AnalyticsTab })));
const RedirectsTab = lazy(() => import('./web/RedirectsTab').then((m) => ({ default: m.RedirectsTab })));
const MiscTab = lazy(() => import('./web/MiscTab').then((m) => ({ default: m.MiscTab })));
const DnsZonePanel = lazy(() => import('./dns/DnsZonePanel').then((m) => ({ default: m.DnsZonePanel })));
const NotesTab = lazy(() => import('./notes/NotesTab').then((m) => ({ default: m.NotesTab })));
const SubdomainsTab = lazy(() => import('./extras/SubdomainsTab').then((m) => ({ default: m.SubdomainsTab })));
const EmailAddressesTab = lazy(() => import('./extras/EmailAddressesTab').then((m) => ({ default: m.EmailAddressesTab })));
import { Can } from '../../components/Can';
import { Confirm } from '../../components/Confirm';
import { Tooltip } from '../../components/Tooltip';
import { mayDelete, removeDomain } from '../../stores/domain-actions';
import type { DomainDetail } from '../../lib/api/domains';

function DeleteDomain({ domain }: { domain: DomainDetail }) {
  if (!mayDelete(domain)) {
    const why = `The domain is busy (${domain.status.replace(/_/g, ' ').toLowerCase()}).`;
    return (
      <Tooltip content={why}>
        <button type="button" className="button" aria-disabled="true" aria-label={`Delete domain: ${why}`}>
          Delete domain
        </button>
      </Tooltip>
    );
  }
  return (
    <Confirm
      message={`Delete ${domain.domain}? Its DNS zone, redirects, forwarders and software go with it.`}
      confirmLabel="Delete"
      trigger="Delete domain"
      triggerVariant="danger"
      onConfirm={() => removeDomain(domain.guid)}
    />
  );
}

/** The domain drawer (spec part 2, 2.4): the tabs a domain has, each at its width; the whole window on a phone. */
export function DomainDrawer() {
  const open = useStore($openDomain);
  const [tab, setTab] = useState<DrawerTab>('domain');
  const domain = open?.domain ?? null;
  const tabs = domain ? drawerTabsFor(domain) : DRAWER_TABS.slice(0, 1);
  const shown = tabs.some((t) => t.value === tab) ? tab : 'domain';

  return (
    <Drawer
      title={domain?.domain ?? 'Domain'}
      open={open !== null}
      onOpenChange={(next) => {
        if (!next) {
          closeDomain();
          setTab('domain');
        }
      }}
      width={drawerWidth(shown)}
    >
      {!domain ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : (
        <Tabs tabs={tabs} value={shown} label="Domain" onValueChange={(v) => setTab(v as DrawerTab)}>
          {shown === 'domain' ? (
            <>
              <div className="drawer-actions">
                <Can scope="can_delete_domains">
                  <DeleteDomain domain={domain} />
                </Can>
              </div>
              <DomainOverview domain={domain} />
            </>
          ) : (
            <Suspense
              fallback={
                <p className="page-loading" role="status">
                  Loading...
                </p>
              }
            >
              <DrawerTabBody tab={shown} domain={domain.guid} />
            </Suspense>
          )}
        </Tabs>
      )}
    </Drawer>
  );
}

function DrawerTabBody({ tab, domain }: { tab: DrawerTab; domain: string }) {
  switch (tab) {
    case 'analytics':
      return <AnalyticsTab domain={domain} />;
    case 'redirects':
      return <RedirectsTab domain={domain} />;
    case 'misc':
      return <MiscTab domain={domain} />;
    case 'dns_zone':
      return <DnsZonePanel domain={domain} />;
    case 'notes':
      return <NotesTab domain={domain} />;
    case 'subdomains':
      return <SubdomainsTab domain={domain} />;
    case 'email_addresses':
      return <EmailAddressesTab domain={domain} />;
    default:
      return null;
  }
}
