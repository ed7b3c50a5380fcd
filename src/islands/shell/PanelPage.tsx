import { lazy, Suspense, type ReactElement } from 'react';
import type { ScreenId, ScreenProps, ScreenView, ScreenViewOf } from '../../lib/rules/screens';

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
const CreditNotePage = lazy(() => import('../billing/CreditNotePage').then((m) => ({ default: m.CreditNotePage })));
const IpGroupsPage = lazy(() => import('../ip-addresses/IpGroupsPage').then((m) => ({ default: m.IpGroupsPage })));
const IpGroupPage = lazy(() => import('../ip-addresses/IpGroupPage').then((m) => ({ default: m.IpGroupPage })));
const HostingAccountsPage = lazy(() => import('../hosting/HostingAccountsPage').then((m) => ({ default: m.HostingAccountsPage })));
const HostingAccountPage = lazy(() => import('../hosting/HostingAccountPage').then((m) => ({ default: m.HostingAccountPage })));
const CompanyPage = lazy(() => import('../company/CompanyPage').then((m) => ({ default: m.CompanyPage })));
const ServicesPage = lazy(() => import('../services/ServicesPage').then((m) => ({ default: m.ServicesPage })));
const AffiliatePage = lazy(() => import('../affiliate/AffiliatePage').then((m) => ({ default: m.AffiliatePage })));
const AffiliateApplication = lazy(() => import('../affiliate/AffiliateApplication').then((m) => ({ default: m.AffiliateApplication })));
const AffiliateInvoicePage = lazy(() => import('../affiliate/AffiliateInvoicePage').then((m) => ({ default: m.AffiliateInvoicePage })));
const SupportPage = lazy(() => import('../support/SupportPage').then((m) => ({ default: m.SupportPage })));

/**
 * The island of every screen of the table (src/lib/rules/screens.ts), given what its address
 * names. The type asks for one per screen id, so a screen without an island does not compile.
 * Screens of one area share a component (the account tabs): moving between them keeps it
 * mounted; a `key` starts a page afresh where another object replaces the one shown.
 */
export const ISLANDS: { readonly [K in ScreenId]: (props: ScreenProps<K>) => ReactElement } = {
  dashboard: () => <Dashboard />,
  domainGroups: () => <DomainGroupsPage />,
  domainGroup: (p) => <DomainGroupPage {...p} />,
  domainGroupTab: (p) => <DomainGroupPage {...p} />,
  websites: () => <WebsitesPage />,
  website: (p) => <WebsitePage {...p} />,
  ipGroups: () => <IpGroupsPage />,
  ipGroup: (p) => <IpGroupPage key={p.group} {...p} />,
  hostingAccounts: () => <HostingAccountsPage />,
  hostingAccount: (p) => <HostingAccountPage key={p.guid} {...p} />,
  firewall: (p) => <FirewallPage {...p} />,
  firewallTab: (p) => <FirewallPage {...p} />,
  firewallAddRule: (p) => <RuleFormPage key="new" {...p} />,
  firewallEditRule: (p) => <RuleFormPage key={p.guid} {...p} />,
  billing: (p) => <BillingPage {...p} />,
  billingTab: (p) => <BillingPage {...p} />,
  billingOrder: (p) => <OrderPage {...p} />,
  billingInvoice: (p) => <InvoicePage {...p} />,
  billingCreditNote: (p) => <CreditNotePage {...p} />,
  services: () => <ServicesPage />,
  account: (p) => <AccountArea {...p} />,
  accountTab: (p) => <AccountArea {...p} />,
  accountItem: (p) => <AccountArea {...p} />,
  selectCompany: (p) => <SelectCompany {...p} />,
  accountCompany: (p) => <CompanyPage {...p} />,
  accountCompanyTab: (p) => <CompanyPage {...p} />,
  company: (p) => <CompanyPage {...p} />,
  companyKey: (p) => <CompanyPage {...p} />,
  companyTab: (p) => <CompanyPage {...p} />,
  affiliate: (p) => <AffiliatePage {...p} />,
  affiliateTab: (p) => <AffiliatePage {...p} />,
  affiliateCreate: () => <AffiliateApplication />,
  affiliateInvoice: (p) => <AffiliateInvoicePage {...p} />,
  support: () => <SupportPage />,
};

/** The body of the panel page `view` names. */
export function PanelPage({ view }: { view: ScreenView }) {
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          Loading...
        </p>
      }
    >
      {islandOf(view)}
    </Suspense>
  );
}

// Called, not rendered as a component: screens sharing an island then give React the same element type.
const islandOf = <K extends ScreenId>(view: ScreenViewOf<K>): ReactElement => ISLANDS[view.screen](view.props);
