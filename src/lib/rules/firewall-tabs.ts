import type { Scope } from './scopes';

/** The firewall page's tabs (spec part 2, 2.1 and 2.10), in order, each with the view scopes it needs (6). */
export const FIREWALL_TABS = [
  { value: 'rules', label: 'Rules', scopes: ['can_view_firewall', 'can_view_firewall_rules'] as readonly Scope[] },
  { value: 'policies', label: 'Policies', scopes: ['can_view_firewall', 'can_view_firewall_policies'] as readonly Scope[] },
  { value: 'rulesets', label: 'Rulesets', scopes: ['can_view_firewall', 'can_view_firewall_rulesets'] as readonly Scope[] },
] as const;

export type FirewallTab = (typeof FIREWALL_TABS)[number]['value'];

export const isFirewallTab = (s: string): s is FirewallTab => FIREWALL_TABS.some((t) => t.value === s);

/** Spec part 2, 2.1: the Rules tab lives at /firewall, the others at /firewall/{tab}. */
export const firewallTabPath = (tab: FirewallTab) => (tab === 'rules' ? '/firewall' : `/firewall/${tab}`);
