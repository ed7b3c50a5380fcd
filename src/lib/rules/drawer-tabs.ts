/**
 * The domain drawer's tabs (spec part 2, 2.4), in order: DNS Zone, Subdomains and Email
 * Addresses only for domains (not subdomains). Tabs are listed here as they are built.
 */
export const DRAWER_TABS = [{ value: 'domain', label: 'Domain', zoneOwnerOnly: false }] as const;

export type DrawerTab = (typeof DRAWER_TABS)[number]['value'] | 'analytics' | 'dns_zone' | 'subdomains' | 'email_addresses' | 'redirects' | 'misc' | 'notes';

/** Spec part 2, 2.4: wider tabs for the tables and charts; the overview keeps the default. */
const WIDTHS: Partial<Record<DrawerTab, number>> = { dns_zone: 900, email_addresses: 900, redirects: 900, subdomains: 900, analytics: 1200 };
const DEFAULT_WIDTH = 720;

export const drawerWidth = (tab: DrawerTab) => WIDTHS[tab] ?? DEFAULT_WIDTH;

export const drawerTabsFor = (domain: { is_subdomain: boolean }) => DRAWER_TABS.filter((t) => !(domain.is_subdomain && t.zoneOwnerOnly));
