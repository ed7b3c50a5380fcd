import type { Scope } from './scopes';

/** The domain group page's tabs (spec part 2, 2.3), in order, each with the scopes it needs. */
export const DOMAIN_GROUP_TABS = [
  { value: 'domains', label: 'Domains', scopes: [] as readonly Scope[] },
  { value: 'add', label: 'Add Domains', scopes: ['can_add_domains'] as readonly Scope[] },
  { value: 'tasks', label: 'Tasks', scopes: [] as readonly Scope[] },
  { value: 'presets', label: 'Software Presets', scopes: ['can_view_software_presets'] as readonly Scope[] },
] as const;

export type DomainGroupTab = (typeof DOMAIN_GROUP_TABS)[number]['value'];

export const isDomainGroupTab = (s: string): s is DomainGroupTab => DOMAIN_GROUP_TABS.some((t) => t.value === s);

export const domainGroupTabTitle = (tab: DomainGroupTab) => DOMAIN_GROUP_TABS.find((t) => t.value === tab)!.label;

/** The Domains tab lives at /domains/{group}; every other tab at /domains/{group}/{tab}. */
export const domainGroupTabPath = (group: string, tab: DomainGroupTab) => (tab === 'domains' ? `/domains/${group}` : `/domains/${group}/${tab}`);
