import { accountTabTitle as tabTitle, isAccountTab, type AccountTab } from './account-tabs';
import { isDomainGroupTab, type DomainGroupTab } from './domain-tabs';
import { isFirewallTab, type FirewallTab } from './firewall-tabs';
import { documentId, isBillingTab, type BillingTab } from './billing-tabs';

/**
 * The signed-in pages built today and their addresses, in the order they are matched (the
 * select-company address before the account tab with a key). The browser moves between them
 * without reloading the shell (src/stores/router.ts); the server renders each on a full load
 * (src/pages), both through `panelView`.
 */
export const PANEL_ROUTES = {
  selectCompany: '/account/select-company/:guid',
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
} as const;

export type PanelRoute = keyof typeof PANEL_ROUTES;

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
  | { route: 'ipGroup'; title: string; supportId: 'ip-addresses'; group: string };

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
  }
}
