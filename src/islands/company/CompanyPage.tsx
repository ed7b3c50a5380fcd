import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { Tabs } from '../../components/Tabs';
import { companyTabPath, visibleCompanyTabs, type CompanyTab } from '../../lib/rules/company-tabs';
import { NO_ACCESS_MESSAGE } from '../../lib/rules/routes';
import { $companyPage, loadCompanyPage } from '../../stores/company-page';
import { navigate } from '../../stores/router';
import '../../styles/company.css';

type TabBody = ComponentType<{ company: string }>;

// Each tab's code loads when the tab is first opened.
const tabBody = (load: () => Promise<TabBody>): TabBody => lazy(() => load().then((component) => ({ default: component })));

/**
 * The component of each tab. A tab without one is not offered yet (the company page's other
 * tabs are added here as they are built).
 */
const TAB_BODIES: Partial<Record<CompanyTab, TabBody>> = {
  profile: tabBody(() => import('./ProfileTab').then((m) => m.ProfileTab)),
  users: tabBody(() => import('./UsersTab').then((m) => m.UsersTab)),
  vat: tabBody(() => import('./VatTab').then((m) => m.VatTab)),
  logs: tabBody(() => import('./LogsTab').then((m) => m.LogsTab)),
  emails: tabBody(() => import('./EmailsTab').then((m) => m.EmailsTab)),
  contacts: tabBody(() => import('./ContactsTab').then((m) => m.ContactsTab)),
  api: tabBody(() => import('./ApiKeysTab').then((m) => m.ApiKeysTab)),
  partnerdetails: tabBody(() => import('./PartnerDetailsTab').then((m) => m.PartnerDetailsTab)),
};

/**
 * The company page (spec part 3, 2.9): the tabs the viewer's permissions in that company open
 * (Partner Details only for a partner), each at its own address, titled by the tab.
 */
export function CompanyPage({ tab, guid }: { tab: CompanyTab; guid: string | null }) {
  const page = useStore($companyPage);
  useEffect(() => {
    void loadCompanyPage(guid);
  }, [guid]);

  const company = page.company;
  if (!company) {
    return page.loading ? (
      <p className="page-loading" role="status">
        Loading...
      </p>
    ) : (
      <div className="alert alert-error" role="alert">
        Company not found.
      </div>
    );
  }
  const tabs = visibleCompanyTabs(new Set(company.permissions), company.is_partner).filter((t) => TAB_BODIES[t.value]);
  const Body = tabs.some((t) => t.value === tab) ? TAB_BODIES[tab] : undefined;
  return (
    <div className="company-page">
      <p className="company-page-name">{company.name}</p>
      <Tabs tabs={tabs} value={tab} label="Company" onValueChange={(v) => v !== tab && navigate(companyTabPath(v as CompanyTab, guid))}>
        {Body ? (
          <Suspense
            fallback={
              <p className="page-loading" role="status">
                Loading...
              </p>
            }
          >
            <Body key={company.guid} company={company.guid} />
          </Suspense>
        ) : (
          <div className="alert alert-error" role="alert">
            {NO_ACCESS_MESSAGE}
          </div>
        )}
      </Tabs>
    </div>
  );
}
