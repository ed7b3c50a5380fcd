/**
 * The domain drawer's tabs (spec part 2, 2.4), in the spec's order: DNS Zone, Subdomains and
 * Email Addresses only for domains (not subdomains).
 */
export const DRAWER_TABS: readonly {
  value: 'domain' | 'analytics' | 'dns_zone' | 'subdomains' | 'email_addresses' | 'redirects' | 'misc' | 'notes';
  label: string;
  zoneOwnerOnly: boolean;
}[] = [
  { value: 'domain', label: 'Domain', zoneOwnerOnly: false },
  { value: 'analytics', label: 'Analytics (beta)', zoneOwnerOnly: false },
  { value: 'dns_zone', label: 'DNS Zone', zoneOwnerOnly: true },
  { value: 'subdomains', label: 'Subdomains', zoneOwnerOnly: true },
  { value: 'email_addresses', label: 'Email Addresses', zoneOwnerOnly: true },
  { value: 'redirects', label: 'URL Redirects', zoneOwnerOnly: false },
  { value: 'misc', label: 'Misc', zoneOwnerOnly: false },
  { value: 'notes', label: 'Notes', zoneOwnerOnly: false },
];

export type DrawerTab = (typeof DRAWER_TABS)[number]['value'];

/** Spec part 2, 2.4: wider tabs for the tables and charts; the overview keeps the default. */
const WIDTHS: Partial<Record<DrawerTab, number>> = { dns_zone: 900, email_addresses: 900, redirects: 900, subdomains: 900, analytics: 1200 };
const DEFAULT_WIDTH = 720;

export const drawerWidth = (tab: DrawerTab) => WIDTHS[tab] ?? DEFAULT_WIDTH;

export const drawerTabsFor = (domain: { is_subdomain: boolean }) => DRAWER_TABS.filter((t) => !(domain.is_subdomain && t.zoneOwnerOnly));
