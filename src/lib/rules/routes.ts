import { hasScopes, type Scope } from './scopes';

/**
 * The route table of the signed-in panel (spec part 1, 2.1). It drives both the sidebar
 * menu and the page guards, on the server (frame pages) and in the browser.
 */
export interface AppRoute {
  /** Path pattern with `{param}` segments. */
  pattern: string;
  /** Page title; for pages with a parameter the page itself may refine it. */
  title: string;
  scopes: readonly Scope[];
  /** Customer-type users may not open it. */
  notForCustomers?: boolean;
  /** Shown in the sidebar menu (top-level pages only). */
  menu?: { key: string; label: string; icon: string };
}

export const APP_ROUTES: readonly AppRoute[] = [
  { pattern: '/', title: 'Dashboard', scopes: [], menu: { key: '', label: 'Dashboard', icon: 'home' } },
  { pattern: '/domains', title: 'Domains', scopes: ['can_view_domains'], menu: { key: 'domains', label: 'Domains', icon: 'globe' } },
  { pattern: '/domains/{group}', title: 'Domains', scopes: ['can_view_domains'] },
  { pattern: '/domains/{group}/{tab}', title: 'Domains', scopes: ['can_view_domains'] },
  {
    pattern: '/websites',
    title: 'Websites',
    scopes: ['can_view_website_management'],
    menu: { key: 'websites', label: 'Websites', icon: 'layout' },
  },
  { pattern: '/websites/{group}', title: 'Manage website', scopes: ['can_view_website_management'] },
  {
    pattern: '/ip-addresses',
    title: 'IP Addresses',
    scopes: ['can_view_ip_addresses'],
    menu: { key: 'ip-addresses', label: 'IP Addresses', icon: 'network' },
  },
  { pattern: '/ip-addresses/{group}', title: 'IP Addresses', scopes: ['can_view_ip_addresses'] },
  { pattern: '/hosting', title: 'Hosting', scopes: ['can_view_hosting'], menu: { key: 'hosting', label: 'Hosting', icon: 'server' } },
  { pattern: '/hosting/{guid}', title: 'Hosting Account', scopes: ['can_view_hosting'] },
  { pattern: '/firewall', title: 'Firewall', scopes: ['can_view_firewall'], menu: { key: 'firewall', label: 'Firewall', icon: 'shield' } },
  { pattern: '/firewall/add', title: 'Add Firewall Rule', scopes: ['can_view_firewall', 'can_add_firewall_rules'] },
  { pattern: '/firewall/edit/{guid}', title: 'Edit Firewall Rule', scopes: ['can_view_firewall', 'can_edit_firewall_rules'] },
  { pattern: '/firewall/{page}', title: 'Firewall', scopes: ['can_view_firewall'] },
  { pattern: '/billing', title: 'Billing', scopes: ['can_view_billing'], menu: { key: 'billing', label: 'Billing', icon: 'receipt' } },
  { pattern: '/billing/orders/{id}', title: 'Order', scopes: ['can_view_billing', 'can_view_orders'] },
  { pattern: '/billing/invoices/{id}', title: 'Invoice', scopes: ['can_view_billing', 'can_view_invoices'] },
  { pattern: '/billing/credit_notes/{id}', title: 'Credit Note', scopes: ['can_view_billing'] },
  { pattern: '/billing/{page}', title: 'Billing', scopes: ['can_view_billing'] },
  { pattern: '/services', title: 'Services', scopes: ['can_view_billing'], menu: { key: 'services', label: 'Services', icon: 'sparkles' } },
  { pattern: '/account/select-company/{guid}', title: 'Select Company', scopes: ['can_switch_companies'], notForCustomers: true },
  { pattern: '/account/company/{guid}', title: 'Company', scopes: ['can_view_company_info'], notForCustomers: true },
  { pattern: '/account/company/{guid}/{page}', title: 'Company', scopes: ['can_view_company_info'], notForCustomers: true },
  {
    pattern: '/account',
    title: 'Account',
    scopes: [],
    notForCustomers: true,
    menu: { key: 'account', label: 'Account', icon: 'user' },
  },
  { pattern: '/account/{page}', title: 'Account', scopes: [], notForCustomers: true },
  { pattern: '/account/{page}/{key}', title: 'Account', scopes: [], notForCustomers: true },
  {
    pattern: '/company',
    title: 'Company',
    scopes: ['can_view_company_info'],
    notForCustomers: true,
    menu: { key: 'company', label: 'Company', icon: 'building' },
  },
  { pattern: '/company/{page}', title: 'Company', scopes: ['can_view_company_info'], notForCustomers: true },
  { pattern: '/company/{guid}/{page}', title: 'Company', scopes: ['can_view_company_info'], notForCustomers: true },
  {
    pattern: '/affiliate',
    title: 'Affiliate',
    scopes: [],
    notForCustomers: true,
    menu: { key: 'affiliate', label: 'Affiliate', icon: 'handshake' },
  },
  { pattern: '/affiliate/create', title: 'Affiliate Application', scopes: [], notForCustomers: true },
  { pattern: '/affiliate/billing/invoice/{id}', title: 'Affiliate Invoice', scopes: [], notForCustomers: true },
  { pattern: '/affiliate/{page}', title: 'Affiliate', scopes: [], notForCustomers: true },
  {
    pattern: '/support',
    title: 'Support',
    scopes: [],
    notForCustomers: true,
    menu: { key: 'support', label: 'Support', icon: 'lifebuoy' },
  },
];

/** Shown instead of a page the viewer's scopes do not open (spec part 2, 6; part 3, 2.4). */
export const NO_ACCESS_MESSAGE = 'You do not have access to this feature. Contact your account manager for more information!';

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

const compiled = APP_ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.pattern
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, names, re: new RegExp(`^${source === '' ? '/' : source}/?$`) };
});

/** Finds the route of a path; the first entry that matches wins, so fixed paths come first. */
export function matchAppRoute(pathname: string): RouteMatch | null {
  for (const { route, names, re } of compiled) {
    const m = re.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => {
      params[n] = decodeURIComponent(m[i + 1]!);
    });
    return { route, params };
  }
  return null;
}

export interface Viewer {
  permissions: readonly string[];
  isCustomer: boolean;
}

export function canOpen(route: AppRoute, viewer: Viewer): boolean {
  if (route.notForCustomers && viewer.isCustomer) return false;
  return hasScopes(viewer.permissions, route.scopes);
}

export interface MenuItem {
  key: string;
  label: string;
  icon: string;
  href: string;
  external: boolean;
}

/** The sidebar menu: the top-level routes this viewer may open, then the Knowledge Base link. */
export function buildMenu(viewer: Viewer, knowledgeBaseUrl: string): MenuItem[] {
  const items: MenuItem[] = APP_ROUTES.filter((r) => r.menu && canOpen(r, viewer)).map((r) => ({
    key: r.menu!.key,
    label: r.menu!.label,
    icon: r.menu!.icon,
    href: r.pattern,
    external: false,
  }));
  items.push({
    key: knowledgeBaseUrl,
    label: 'Knowledge Base',
    icon: 'book',
    href: knowledgeBaseUrl,
    external: knowledgeBaseUrl.startsWith('http'),
  });
  return items;
}

/** The active menu key is the first path segment ('' for the dashboard). */
export function activeMenuKey(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}
