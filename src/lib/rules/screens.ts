import { accountTabTitle, isAccountTab, type AccountTab } from './account-tabs';
import { isAffiliateTab, type AffiliateTab } from './affiliate';
import { documentId, isBillingTab, type BillingTab } from './billing-tabs';
import { companyTabTitle, isCompanyTab, readCompanyKey, type CompanyTab } from './company-tabs';
import { isDomainGroupTab, type DomainGroupTab } from './domain-tabs';
import { isFirewallTab, type FirewallTab } from './firewall-tabs';
import type { Scope } from './scopes';

/**
 * The support ids of the pages' info buttons: the knowledge base holds an article for each
 * (the demo data seeds one; spec decisions, 2: else 'View support content for {id}').
 */
export const SUPPORT_IDS = ['account', 'domains', 'websites', 'firewall', 'billing', 'ip-addresses', 'hosting', 'affiliate', 'services', 'company'] as const;
export type SupportId = (typeof SUPPORT_IDS)[number];

/** The parameters a pattern names, `/domains/{group}/{tab}` giving `{ group, tab }`, so a misspelt name does not compile. */
export type ParamsOf<Pattern extends string> = Pattern extends `${string}{${infer Name}}${infer Rest}` ? { readonly [K in Name]: string } & ParamsOf<Rest> : Record<never, never>;

/** A screen without parameters gives its island nothing. */
type NoProps = Record<string, never>;

/** One signed-in screen, declared once: the server's frame page, the browser's router, the menu and the shell all read it. */
export interface ScreenDef<Pattern extends string, Props extends object> {
  /** The address, `{name}` for a parameter (the same syntax as the API's paths). A fixed segment wins over a parameter, whatever the order of the table. */
  readonly pattern: Pattern;
  /**
   * What the island is given, read from the address's parameters; null when they name no page
   * (an unknown tab), which is then not found. Left out by screens that take nothing. Written
   * before a title function: TypeScript infers the props from it in the entry's order.
   */
  readonly props?: (params: ParamsOf<Pattern>) => Props | null;
  /** The page's heading and document title; a function when it depends on what the address names. */
  readonly title: string | ((props: Props) => string);
  /** Every scope the viewer needs; without them the page says NO_ACCESS_MESSAGE and its island never loads. */
  readonly scopes: readonly Scope[];
  readonly notForCustomers?: true;
  /** The knowledge-base article behind the heading's info button. */
  readonly supportId?: SupportId;
  /** The page draws its own heading (the dashboard's welcome). */
  readonly hideTitle?: true;
  /** Its entry in the sidebar, for screens without parameters; `order` sorts the menu. */
  readonly menu?: { readonly label: string; readonly icon: string; readonly order: number };
}

/** Declares a screen; its parameters and props are inferred from the entry itself. */
const screen = <const Pattern extends string, Props extends object = NoProps>(def: ScreenDef<Pattern, Props>) => def;

type AccountProps = { tab: AccountTab; itemKey?: string };
type CompanyProps = { tab: CompanyTab; guid: string | null };

/** A document's number (orders, invoices, credit notes), or no page. */
function numbered(id: string): { id: number } | null {
  const n = documentId(id);
  return n === null ? null : { id: n };
}

/** Spec part 3, 2.9: a company page is titled after its tab. */
const companyScreen = {
  title: ({ tab }: CompanyProps) => companyTabTitle(tab),
  scopes: ['can_view_company_info'],
  notForCustomers: true,
  supportId: 'company',
} as const;

/** A tab of the company the address names by guid; none when either is unknown. */
function companyProps(tab: string, key: string): CompanyProps | null {
  const guid = readCompanyKey(key)?.guid;
  return guid && isCompanyTab(tab) ? { tab, guid } : null;
}

/**
 * Every signed-in screen of the panel (spec part 1, 2.1). To add one: an entry here, its
 * island in src/islands/shell/PanelPage.tsx (ISLANDS), the island and its store (README, "Add a screen").
 */
export const SCREENS = {
  dashboard: screen({ pattern: '/', title: 'Dashboard', scopes: [], hideTitle: true, menu: { label: 'Dashboard', icon: 'home', order: 10 } }),

  domainGroups: screen({ pattern: '/domains', title: 'Domains', scopes: ['can_view_domains'], supportId: 'domains', menu: { label: 'Domains', icon: 'globe', order: 20 } }),
  domainGroup: screen({
    pattern: '/domains/{group}',
    props: ({ group }) => ({ group, tab: 'domains' as DomainGroupTab }),
    title: 'Domains',
    scopes: ['can_view_domains'],
    supportId: 'domains',
  }),
  domainGroupTab: screen({
    pattern: '/domains/{group}/{tab}',
    // The Domains tab has no address of its own: it is /domains/{group}.
    props: ({ group, tab }) => (isDomainGroupTab(tab) && tab !== 'domains' ? { group, tab } : null),
    title: 'Domains',
    scopes: ['can_view_domains'],
    supportId: 'domains',
  }),

  websites: screen({
    pattern: '/websites',
    title: 'Websites',
    scopes: ['can_view_website_management'],
    supportId: 'websites',
    menu: { label: 'Websites', icon: 'layout', order: 30 },
  }),
  // Spec part 2, 2.1: the page is titled 'Manage website'.
  website: screen({ pattern: '/websites/{guid}', props: ({ guid }) => ({ guid }), title: 'Manage website', scopes: ['can_view_website_management'], supportId: 'websites' }),

  ipGroups: screen({
    pattern: '/ip-addresses',
    title: 'IP Addresses',
    scopes: ['can_view_ip_addresses'],
    supportId: 'ip-addresses',
    menu: { label: 'IP Addresses', icon: 'network', order: 40 },
  }),
  ipGroup: screen({ pattern: '/ip-addresses/{group}', props: ({ group }) => ({ group }), title: 'IP Addresses', scopes: ['can_view_ip_addresses'], supportId: 'ip-addresses' }),

  hostingAccounts: screen({ pattern: '/hosting', title: 'Hosting', scopes: ['can_view_hosting'], supportId: 'hosting', menu: { label: 'Hosting', icon: 'server', order: 50 } }),
  // Spec part 3, 2.1: /hosting/{guid} is titled 'Hosting Account'.
  hostingAccount: screen({ pattern: '/hosting/{guid}', props: ({ guid }) => ({ guid }), title: 'Hosting Account', scopes: ['can_view_hosting'], supportId: 'hosting' }),

  firewall: screen({
    pattern: '/firewall',
    props: () => ({ tab: 'rules' as FirewallTab }),
    title: 'Firewall',
    scopes: ['can_view_firewall'],
    supportId: 'firewall',
    menu: { label: 'Firewall', icon: 'shield', order: 60 },
  }),
  firewallTab: screen({
    pattern: '/firewall/{tab}',
    // The Rules tab has no address of its own: it is /firewall.
    props: ({ tab }) => (isFirewallTab(tab) && tab !== 'rules' ? { tab } : null),
    title: 'Firewall',
    scopes: ['can_view_firewall'],
    supportId: 'firewall',
  }),
  firewallAddRule: screen({
    pattern: '/firewall/add',
    props: () => ({ guid: null as string | null }),
    title: 'Add Firewall Rule',
    scopes: ['can_view_firewall', 'can_add_firewall_rules'],
    supportId: 'firewall',
  }),
  firewallEditRule: screen({
    pattern: '/firewall/edit/{guid}',
    props: ({ guid }): { guid: string | null } => ({ guid }),
    title: 'Edit Firewall Rule',
    scopes: ['can_view_firewall', 'can_edit_firewall_rules'],
    supportId: 'firewall',
  }),

  billing: screen({
    pattern: '/billing',
    props: () => ({ tab: 'orders' as BillingTab }),
    title: 'Billing',
    scopes: ['can_view_billing'],
    supportId: 'billing',
    menu: { label: 'Billing', icon: 'receipt', order: 70 },
  }),
  billingTab: screen({
    pattern: '/billing/{tab}',
    // The Orders tab has no address of its own: it is /billing (spec part 3, 2.4).
    props: ({ tab }) => (isBillingTab(tab) && tab !== 'orders' ? { tab } : null),
    title: 'Billing',
    scopes: ['can_view_billing'],
    supportId: 'billing',
  }),
  // Spec part 3, 2.7: 'Credit Note #{id}'; orders and invoices are titled the same way.
  billingOrder: screen({
    pattern: '/billing/orders/{id}',
    props: ({ id }) => numbered(id),
    title: ({ id }) => `Order #${id}`,
    scopes: ['can_view_billing', 'can_view_orders'],
    supportId: 'billing',
  }),
  billingInvoice: screen({
    pattern: '/billing/invoices/{id}',
    props: ({ id }) => numbered(id),
    title: ({ id }) => `Invoice #${id}`,
    scopes: ['can_view_billing', 'can_view_invoices'],
    supportId: 'billing',
  }),
  billingCreditNote: screen({
    pattern: '/billing/credit_notes/{id}',
    props: ({ id }) => numbered(id),
    title: ({ id }) => `Credit Note #${id}`,
    scopes: ['can_view_billing'],
    supportId: 'billing',
  }),

  services: screen({ pattern: '/services', title: 'Services', scopes: ['can_view_billing'], supportId: 'services', menu: { label: 'Services', icon: 'sparkles', order: 80 } }),

  account: screen({
    pattern: '/account',
    props: (): AccountProps => ({ tab: 'profile' }),
    title: ({ tab }) => accountTabTitle(tab),
    scopes: [],
    notForCustomers: true,
    supportId: 'account',
    menu: { label: 'Account', icon: 'user', order: 90 },
  }),
  accountTab: screen({
    pattern: '/account/{tab}',
    props: ({ tab }): AccountProps | null => (isAccountTab(tab) ? { tab } : null),
    title: ({ tab }) => accountTabTitle(tab),
    scopes: [],
    notForCustomers: true,
    supportId: 'account',
  }),
  accountItem: screen({
    pattern: '/account/{tab}/{key}',
    // Only the companies tab takes a key: the company to highlight (spec part 1, 2.6).
    props: ({ tab, key }): AccountProps | null => (tab === 'companies' ? { tab, itemKey: key } : null),
    title: ({ tab }) => accountTabTitle(tab),
    scopes: [],
    notForCustomers: true,
    supportId: 'account',
  }),
  selectCompany: screen({
    pattern: '/account/select-company/{guid}',
    props: ({ guid }) => ({ guid }),
    title: 'Select Company',
    scopes: ['can_switch_companies'],
    notForCustomers: true,
  }),
  // The company pages under /account (spec part 3, 2.1) are the company area's.
  accountCompany: screen({
    pattern: '/account/company/{guid}',
    props: ({ guid }) => companyProps('profile', guid),
    ...companyScreen,
  }),
  accountCompanyTab: screen({
    pattern: '/account/company/{guid}/{tab}',
    props: ({ guid, tab }) => companyProps(tab, guid),
    ...companyScreen,
  }),

  company: screen({
    pattern: '/company',
    props: (): CompanyProps => ({ tab: 'profile', guid: null }),
    ...companyScreen,
    menu: { label: 'Company', icon: 'building', order: 100 },
  }),
  companyKey: screen({
    // One segment names a tab (/company/users) or a company (/company/{guid}).
    pattern: '/company/{page}',
    props: ({ page }): CompanyProps | null => readCompanyKey(page),
    ...companyScreen,
  }),
  companyTab: screen({
    pattern: '/company/{guid}/{tab}',
    props: ({ guid, tab }) => companyProps(tab, guid),
    ...companyScreen,
  }),

  affiliate: screen({
    pattern: '/affiliate',
    props: () => ({ tab: 'overview' as AffiliateTab }),
    title: 'Affiliate',
    scopes: [],
    notForCustomers: true,
    supportId: 'affiliate',
    menu: { label: 'Affiliate', icon: 'handshake', order: 110 },
  }),
  affiliateTab: screen({
    pattern: '/affiliate/{tab}',
    // Overview has no address of its own: it is /affiliate (spec part 3, 2.10).
    props: ({ tab }) => (isAffiliateTab(tab) && tab !== 'overview' ? { tab } : null),
    title: 'Affiliate',
    scopes: [],
    notForCustomers: true,
    supportId: 'affiliate',
  }),
  affiliateCreate: screen({ pattern: '/affiliate/create', title: 'Affiliate Application', scopes: [], notForCustomers: true, supportId: 'affiliate' }),
  affiliateInvoice: screen({
    pattern: '/affiliate/billing/invoice/{id}',
    props: ({ id }) => numbered(id),
    title: ({ id }) => `Affiliate Invoice #${id}`,
    scopes: [],
    notForCustomers: true,
    supportId: 'affiliate',
  }),

  support: screen({ pattern: '/support', title: 'Support', scopes: [], notForCustomers: true, menu: { label: 'Support', icon: 'lifebuoy', order: 120 } }),
};

export type ScreenId = keyof typeof SCREENS;

/** What the island of screen `K` is given. */
export type ScreenProps<K extends ScreenId> = (typeof SCREENS)[K] extends ScreenDef<string, infer Props> ? Props : never;

/** The screen an address names, as the shell shows it. */
export interface ScreenViewOf<K extends ScreenId> {
  screen: K;
  /** Heading and document title. */
  title: string;
  supportId: SupportId | undefined;
  hideTitle: boolean;
  props: ScreenProps<K>;
}

export type ScreenView = { [K in ScreenId]: ScreenViewOf<K> }[ScreenId];
