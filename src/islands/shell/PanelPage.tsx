import { lazy, Suspense } from 'react';
import type { PanelView } from '../../lib/rules/panel-pages';

// Each page's code loads when the page is first opened, not with the shell.
const Dashboard = lazy(() => import('../dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));
const AccountArea = lazy(() => import('../account/AccountArea').then((m) => ({ default: m.AccountArea })));
const SelectCompany = lazy(() => import('../account/SelectCompany').then((m) => ({ default: m.SelectCompany })));
const DomainGroupsPage = lazy(() => import('../domains/DomainGroupsPage').then((m) => ({ default: m.DomainGroupsPage })));
const DomainGroupPage = lazy(() => import('../domains/DomainGroupPage').then((m) => ({ default: m.DomainGroupPage })));
const WebsitesPage = lazy(() => import('../websites/WebsitesPage').then((m) => ({ default: m.WebsitesPage })));
const WebsitePage = lazy(() => import('../websites/WebsitePage').then((m) => ({ default: m.WebsitePage })));
const FirewallPage = lazy(() => import('../firewall/FirewallPage').then((m) => ({ default: m.FirewallPage })));
const RuleFormPage = lazy(() => import('../firewall/RuleFormPage').then((m) => ({ default: m.RuleFormPage })));
const BillingPage = lazy(() => import('../billing/BillingPage').then((m) => ({ default: m.BillingPage })));
const OrderPage = lazy(() => import('../billing/OrderPage').then((m) => ({ default: m.OrderPage })));
const InvoicePage = lazy(() => import('../billing/InvoicePage').then((m) => ({ default: m.InvoicePage })));
const IpGroupsPage = lazy(() => import('../ip-addresses/IpGroupsPage').then((m) => ({ default: m.IpGroupsPage })));
const IpGroupPage = lazy(() => import('../ip-addresses/IpGroupPage').then((m) => ({ default: m.IpGroupPage })));
const HostingAccountsPage = lazy(() => import('../hosting/HostingAccountsPage').then((m) => ({ default: m.HostingAccountsPage })));
const HostingAccountPage = lazy(() => import('../hosting/HostingAccountPage').then((m) => ({ default: m.HostingAccountPage })));
const CompanyPage = lazy(() => import('../company/CompanyPage').then((m) => ({ default: m.CompanyPage })));
const ServicesPage = lazy(() => import('../services/ServicesPage').then((m) => ({ default: m.ServicesPage })));
const SupportPage = lazy(() => import('../support/SupportPage').then((m) => ({ default: m.SupportPage })));
const CreditNotePage = lazy(() => import('../billing/CreditNotePage').then((m) => ({ default: m.CreditNotePage })));
const AffiliatePage = lazy(() => import('../affiliate/AffiliatePage').then((m) => ({ default: m.AffiliatePage })));
const AffiliateApplication = lazy(() => import('../affiliate/AffiliateApplication').then((m) => ({ default: m.AffiliateApplication })));
const AffiliateInvoicePage = lazy(() => import('../affiliate/AffiliateInvoicePage').then((m) => ({ default: m.AffiliateInvoicePage })));

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
      <PageFor view={view} />
    </Suspense>
  );
}

function PageFor({ view }: { view: PanelView }) {
  switch (view.route) {
    case 'dashboard':
      return <Dashboard />;
    case 'account':
      return <AccountArea tab={view.tab} itemKey={view.itemKey} />;
    case 'selectCompany':
      return <SelectCompany guid={view.guid} />;
    case 'domainGroups':
      return <DomainGroupsPage />;
    case 'domainGroup':
      return <DomainGroupPage group={view.group} tab={view.tab} />;
    case 'websites':
      return <WebsitesPage />;
    case 'website':
      return <WebsitePage guid={view.guid} />;
    case 'firewall':
      return <FirewallPage tab={view.tab} />;
    case 'firewallRule':
      return <RuleFormPage key={view.guid ?? 'new'} guid={view.guid} />;
    case 'billing':
      return <BillingPage tab={view.tab} />;
    case 'billingOrder':
      return <OrderPage id={view.id} />;
    case 'billingInvoice':
      return <InvoicePage id={view.id} />;
    case 'billingCreditNote':
      return <CreditNotePage id={view.id} />;
    case 'ipGroups':
      return <IpGroupsPage />;
    case 'ipGroup':
      return <IpGroupPage key={view.group} group={view.group} />;
    case 'hostingAccounts':
      return <HostingAccountsPage />;
    case 'hostingAccount':
      return <HostingAccountPage key={view.guid} guid={view.guid} />;
    case 'affiliate':
      return <AffiliatePage tab={view.tab} />;
    case 'affiliateCreate':
      return <AffiliateApplication />;
    case 'affiliateInvoice':
      return <AffiliateInvoicePage id={view.id} />;
    case 'services':
      return <ServicesPage />;
    case 'support':
      return <SupportPage />;
    case 'company':
      return <CompanyPage tab={view.tab} guid={view.guid} />;
  }
}
