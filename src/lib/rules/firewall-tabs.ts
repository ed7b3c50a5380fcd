import type { Scope } from './scopes';

/**
 * The scopes of one firewall tab (spec part 2, 6: can_view_firewall, then view/add/edit/delete
 * per tab): the calls' definitions (src/lib/api/firewall.ts) and the screens read them here.
 */
export function firewallTabScopes(tab: 'rules' | 'rulesets' | 'policies') {
  const view = ['can_view_firewall', `can_view_firewall_${tab}`] as const satisfies readonly Scope[];
  return {
    view,
    add: [...view, `can_add_firewall_${tab}`] as const satisfies readonly Scope[],
    edit: [...view, `can_edit_firewall_${tab}`] as const satisfies readonly Scope[],
    delete: [...view, `can_delete_firewall_${tab}`] as const satisfies readonly Scope[],
  };
}
export const RULE_SCOPES = firewallTabScopes('rules');
export const RULESET_SCOPES = firewallTabScopes('rulesets');
export const POLICY_SCOPES = firewallTabScopes('policies');

/** The firewall page's tabs (spec part 2, 2.1 and 2.10), in order, each with the view scopes it needs (6). */
export const FIREWALL_TABS = [
  { value: 'rules', label: 'Rules', scopes: RULE_SCOPES.view as readonly Scope[] },
  { value: 'policies', label: 'Policies', scopes: POLICY_SCOPES.view as readonly Scope[] },
  { value: 'rulesets', label: 'Rulesets', scopes: RULESET_SCOPES.view as readonly Scope[] },
] as const;

export type FirewallTab = (typeof FIREWALL_TABS)[number]['value'];

export const isFirewallTab = (s: string): s is FirewallTab => FIREWALL_TABS.some((t) => t.value === s);

/** Spec part 2, 2.1: the Rules tab lives at /firewall, the others at /firewall/{tab}. */
export const firewallTabPath = (tab: FirewallTab) => (tab === 'rules' ? '/firewall' : `/firewall/${tab}`);
