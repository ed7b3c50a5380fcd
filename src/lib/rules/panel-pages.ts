import { accountTabTitle as tabTitle, isAccountTab, type AccountTab } from './account-tabs';
import { isDomainGroupTab, type DomainGroupTab } from './domain-tabs';
import { isFirewallTab, type FirewallTab } from './firewall-tabs';
import { documentId, isBillingTab, type BillingTab } from './billing-tabs';
import { isAffiliateTab, type AffiliateTab } from './affiliate';
import { companyTabTitle, isCompanyTab, readCompanyKey, type CompanyTab } from './company-tabs';

/**
 * The signed-in pages built today and their addresses, in the order they are matched (the
 * select-company address before the account tab with a key). The browser moves between them
 * without reloading the shell (src/stores/router.ts); the server renders each on a full load
 * (src/pages), both through `panelView`.
 */
export const PANEL_ROUTES = {
  selectCompany: '/account/select-company/:guid',
  // Before the account tab with a key: /account/company/{guid} is the company page (spec part 3, 2.1).
  accountCompany: '/account/company/:guid',
  accountCompanyTab: '/account/company/:guid/:tab',
  dashboard: '/',
  account: '/account',
  accountTab: '/account/:tab',
  accountItem: '/account/:tab/:key',
  domainGroups: '/domains',
  domainGroup: '/domains/:group',
  domainGroupTab: '/domains/:group/:tab',
  websites: '/websites',
  website: '/websites/:guid',
  firewall: '/firewall',
  firewallAddRule: '/firewall/add',
  firewallEditRule: '/firewall/edit/:guid',
  firewallTab: '/firewall/:tab',
  billing: '/billing',
  billingOrder: '/billing/orders/:id',
  billingInvoice: '/billing/invoices/:id',
  billingCreditNote: '/billing/credit_notes/:id',
  billingTab: '/billing/:tab',
  ipGroups: '/ip-addresses',
  ipGroup: '/ip-addresses/:group',
  hostingAccounts: '/hosting',
  hostingAccount: '/hosting/:guid',
  // Before the tab: /affiliate/create is the application, not a tab.
  affiliate: '/affiliate',
  affiliateCreate: '/affiliate/create',
  affiliateInvoice: '/affiliate/billing/invoice/:id',
  affiliateTab: '/affiliate/:tab',
  services: '/services',
  support: '/support',
  company: '/company',
  companyKey: '/company/:key',
  companyTab: '/company/:guid/:tab',
} as const;

export type PanelRoute = keyof typeof PANEL_ROUTES;

/**
 * The support ids of the pages' info buttons: the knowledge base holds an article for each
 * (the demo data seeds one; spec decisions, 2: else 'View support content for {id}').
 */
export const SUPPORT_IDS = ['account', 'domains', 'websites', 'firewall', 'billing', 'ip-addresses', 'hosting', 'affiliate', 'services', 'company'] as const;
export type SupportId = (typeof SUPPORT_IDS)[number];

/** What the shell needs to show a page: its title (also the document's), heading and help. */
export type PanelView =
  | { route: 'dashboard'; title: string; hideTitle: true }
  | { route: 'account'; title: string; supportId: 'account'; tab: AccountTab; itemKey?: string }
  | { route: 'selectCompany'; title: string; guid: string }
  | { route: 'domainGroups'; title: string; supportId: 'domains' }
  | { route: 'domainGroup'; title: string; supportId: 'domains'; group: string; tab: DomainGroupTab }
  | { route: 'websites'; title: string; supportId: 'websites' }
  | { route: 'website'; title: string; supportId: 'websites'; guid: string }
  | { route: 'firewall'; title: string; supportId: 'firewall'; tab: FirewallTab }
  | { route: 'firewallRule'; title: string; supportId: 'firewall'; guid: string | null }
  | { route: 'billing'; title: string; supportId: 'billing'; tab: BillingTab }
  | { route: 'billingOrder'; title: string; supportId: 'billing'; id: number }
  | { route: 'billingInvoice'; title: string; supportId: 'billing'; id: number }
  | { route: 'billingCreditNote'; title: string; supportId: 'billing'; id: number }
  | { route: 'ipGroups'; title: string; supportId: 'ip-addresses' }
  | { route: 'ipGroup'; title: string; supportId: 'ip-addresses'; group: string }
  | { route: 'hostingAccounts'; title: string; supportId: 'hosting' }
  | { route: 'hostingAccount'; title: string; supportId: 'hosting'; guid: string }
  | { route: 'affiliate'; title: string; supportId: 'affiliate'; tab: AffiliateTab }
  | { route: 'affiliateCreate'; title: string; supportId: 'affiliate' }
  | { route: 'affiliateInvoice'; title: string; supportId: 'affiliate'; id: number }
  | { route: 'services'; title: string; supportId: 'services' }
  | { route: 'support'; title: string }
  | { route: 'company'; title: string; supportId: 'company'; tab: CompanyTab; guid: string | null };

/** Fails to compile when a page names a support id SUPPORT_IDS does not list (and so no article is seeded for it). */
type Listed<T extends SupportId> = T;
export type PageSupportId = Listed<Extract<PanelView, { supportId: string }>['supportId']>;

/** The page at a matched route, or null when the parameters name no page (an unknown tab). */
export function panelView(route: PanelRoute, params: Readonly<Record<string, string>>): PanelView | null {
  switch (route) {
    case 'dashboard':
      return { route, title: 'Dashboard', hideTitle: true };
    case 'account':
      return { route, title: tabTitle('profile'), supportId: 'account', tab: 'profile' };
    case 'accountTab': {
      const tab = params.tab ?? '';
      return isAccountTab(tab) ? { route: 'account', title: tabTitle(tab), supportId: 'account', tab } : null;
    }
    case 'accountItem':
      // Only the companies tab takes a key: the company to highlight (spec part 1, 2.6).
      return params.tab === 'companies' && params.key ? { route: 'account', title: tabTitle('companies'), supportId: 'account', tab: 'companies', itemKey: params.key } : null;
    case 'selectCompany':
      return params.guid ? { route, title: 'Select Company', guid: params.guid } : null;
    case 'domainGroups':
      return { route, title: 'Domains', supportId: 'domains' };
    case 'domainGroup':
      return params.group ? { route, title: 'Domains', supportId: 'domains', group: params.group, tab: 'domains' } : null;
    case 'domainGroupTab': {
      const tab = params.tab ?? '';
      return params.group && isDomainGroupTab(tab) && tab !== 'domains' ? { route: 'domainGroup', title: 'Domains', supportId: 'domains', group: params.group, tab } : null;
    }
    case 'websites':
      return { route, title: 'Websites', supportId: 'websites' };
    case 'website':
      // Spec part 2, 2.1: the page is titled 'Manage website'.
      return params.guid ? { route, title: 'Manage website', supportId: 'websites', guid: params.guid } : null;
    case 'firewall':
      return { route, title: 'Firewall', supportId: 'firewall', tab: 'rules' };
    case 'firewallTab': {
      // The Rules tab has no address of its own: it is /firewall.
      const tab = params.tab ?? '';
      return isFirewallTab(tab) && tab !== 'rules' ? { route: 'firewall', title: 'Firewall', supportId: 'firewall', tab } : null;
    }
    case 'firewallAddRule':
      return { route: 'firewallRule', title: 'Add Firewall Rule', supportId: 'firewall', guid: null };
    case 'firewallEditRule':
      return params.guid ? { route: 'firewallRule', title: 'Edit Firewall Rule', supportId: 'firewall', guid: params.guid } : null;
    case 'billing':
      return { route, title: 'Billing', supportId: 'billing', tab: 'orders' };
    case 'billingTab': {
      // The Orders tab has no address of its own: it is /billing (spec part 3, 2.4).
      const tab = params.tab ?? '';
      return isBillingTab(tab) && tab !== 'orders' ? { route: 'billing', title: 'Billing', supportId: 'billing', tab } : null;
    }
    case 'billingOrder':
    case 'billingInvoice':
    case 'billingCreditNote': {
      const id = documentId(params.id);
      if (id === null) return null;
      const noun = route === 'billingOrder' ? 'Order' : route === 'billingInvoice' ? 'Invoice' : 'Credit Note';
      // Spec part 3, 2.7: 'Credit Note #{id}'; orders and invoices are titled the same way.
      return { route, title: `${noun} #${id}`, supportId: 'billing', id };
    }
    case 'ipGroups':
      return { route, title: 'IP Addresses', supportId: 'ip-addresses' };
    case 'ipGroup':
      return params.group ? { route, title: 'IP Addresses', supportId: 'ip-addresses', group: params.group } : null;
    case 'hostingAccounts':
      return { route, title: 'Hosting', supportId: 'hosting' };
    case 'hostingAccount':
      // Spec part 3, 2.1: /hosting/{guid} is titled 'Hosting Account'.
      return params.guid ? { route, title: 'Hosting Account', supportId: 'hosting', guid: params.guid } : null;
    case 'affiliate':
      return { route, title: 'Affiliate', supportId: 'affiliate', tab: 'overview' };
    case 'affiliateTab': {
      // Overview has no address of its own: it is /affiliate (spec part 3, 2.10).
      const tab = params.tab ?? '';
      return isAffiliateTab(tab) && tab !== 'overview' ? { route: 'affiliate', title: 'Affiliate', supportId: 'affiliate', tab } : null;
    }
    case 'affiliateCreate':
      return { route, title: 'Affiliate Application', supportId: 'affiliate' };
    case 'affiliateInvoice': {
      const id = documentId(params.id);
      return id === null ? null : { route, title: `Affiliate Invoice #${id}`, supportId: 'affiliate', id };
    }
    case 'services':
      return { route, title: 'Services', supportId: 'services' };
    case 'support':
      return { route, title: 'Support' };
    case 'company':
      return companyView('profile', null);
    case 'companyKey': {
      // One segment names either a tab (/company/{page}) or a company (/company/{guid}).
      const read = readCompanyKey(params.key ?? '');
      return read ? companyView(read.tab, read.guid) : null;
    }
    case 'accountCompany':
    case 'companyTab':
    case 'accountCompanyTab': {
      const guid = readCompanyKey(params.guid ?? '')?.guid;
      const tab = params.tab ?? 'profile';
      return guid && isCompanyTab(tab) ? companyView(tab, guid) : null;
    }
  }
}

/** Spec part 3, 2.9: the title is the tab's. */
const companyView = (tab: CompanyTab, guid: string | null): PanelView => ({ route: 'company', title: companyTabTitle(tab), supportId: 'company', tab, guid });
