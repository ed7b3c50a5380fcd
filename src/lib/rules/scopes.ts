/**
 * Permission scopes: the names held on a company membership, grouped as the permission
 * editor shows them (spec part 3, 6). The one list the panel, the API and the CLI share.
 */
export const SCOPE_GROUPS = {
  domains: ['can_view_domains', 'can_add_domains', 'can_edit_domains', 'can_delete_domains'],
  domain_groups: ['can_view_domain_groups', 'can_add_domain_groups', 'can_edit_domain_groups'],
  ssl: ['can_install_ssl_certificates', 'can_uninstall_ssl_certificates'],
  dns_records: ['can_add_domain_dns_zone_records', 'can_edit_domain_dns_zone_records', 'can_delete_domain_dns_zone_records', 'can_reset_domain_dns_zone'],
  email_addresses: ['can_add_email_addresses', 'can_delete_email_addresses'],
  url_redirects: ['can_add_domain_url_redirects', 'can_edit_domain_url_redirects', 'can_delete_domain_url_redirects'],
  software: ['can_install_software', 'can_uninstall_software', 'can_login_to_software', 'can_edit_software_installation'],
  software_presets: ['can_view_software_presets', 'can_add_software_presets', 'can_edit_software_presets', 'can_delete_software_presets'],
  caching: ['can_edit_domain_caching'],
  domain_redirects: ['can_edit_domain_redirects'],
  websites: ['can_view_website_management'],
  ip_addresses: ['can_view_ip_addresses', 'can_add_ip_addresses', 'can_edit_ip_addresses'],
  ip_groups: ['can_view_ip_groups', 'can_edit_ip_groups'],
  hosting: [
    'can_view_hosting',
    'can_view_hosting_accounts',
    'can_add_hosting_accounts',
    'can_edit_hosting_accounts',
    'can_delete_hosting_accounts',
    'can_login_to_hosting_accounts',
  ],
  firewall: [
    'can_view_firewall',
    'can_view_firewall_rules',
    'can_add_firewall_rules',
    'can_edit_firewall_rules',
    'can_delete_firewall_rules',
    'can_view_firewall_policies',
    'can_add_firewall_policies',
    'can_edit_firewall_policies',
    'can_delete_firewall_policies',
    'can_view_firewall_rulesets',
    'can_add_firewall_rulesets',
    'can_edit_firewall_rulesets',
    'can_delete_firewall_rulesets',
  ],
  billing: [
    'can_view_billing',
    'can_add_orders',
    'can_view_orders',
    'can_edit_orders',
    'can_view_invoices',
    'can_pay_invoices',
    'can_download_invoices',
    'can_view_credit_notes',
    'can_download_credit_notes',
    'can_view_transactions',
    'can_view_payment_methods',
    'can_add_payment_methods',
    'can_edit_payment_methods',
    'can_view_cancellation_requests',
    'can_add_cancellation_requests',
    'can_edit_cancellation_requests',
    'can_view_vat',
    'can_edit_vat',
  ],
  company: [
    'can_switch_companies',
    'can_view_company_info',
    'can_edit_company_profile',
    'can_view_company_emails',
    'can_view_company_logs',
    'can_view_company_users',
    'can_add_company_users',
    'can_edit_company_users',
    'can_delete_company_users',
    'can_view_company_contacts',
    'can_add_company_contacts',
    'can_edit_company_contacts',
    'can_delete_company_contacts',
    'can_view_api_keys',
    'can_create_api_keys',
  ],
} as const;

export type ScopeGroup = keyof typeof SCOPE_GROUPS;
export type Scope = (typeof SCOPE_GROUPS)[ScopeGroup][number];

export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPE_GROUPS).flat();

const SCOPE_SET = new Set<string>(ALL_SCOPES);
export function isScope(name: string): name is Scope {
  return SCOPE_SET.has(name);
}

export type PresetName = 'STAFF' | 'ADMINISTRATOR' | 'BILLING' | 'CUSTOMER';

const STAFF_EXCLUDED = new Set<Scope>([
  ...SCOPE_GROUPS.company.filter((s) => /company_(users|contacts)$/.test(s)),
  'can_download_invoices',
  'can_view_credit_notes',
  'can_download_credit_notes',
  'can_view_transactions',
]);

const ADMIN_EXCLUDED = new Set<Scope>(['can_create_api_keys']);

const BILLING_ONLY: readonly Scope[] = [...SCOPE_GROUPS.billing, 'can_view_company_info'];

const CUSTOMER_ONLY: readonly Scope[] = [
  'can_view_hosting',
  'can_view_hosting_accounts',
  'can_login_to_hosting_accounts',
  'can_view_ip_addresses',
  'can_view_ip_groups',
  'can_view_domains',
  'can_view_domain_groups',
  'can_login_to_software',
  'can_edit_software_installation',
  'can_view_software_presets',
];

/** Permission presets of the user editor (spec part 3, 6). API keys get no presets. */
export const PRESETS: Record<PresetName, readonly Scope[]> = {
  STAFF: ALL_SCOPES.filter((s) => !STAFF_EXCLUDED.has(s)),
  ADMINISTRATOR: ALL_SCOPES.filter((s) => !ADMIN_EXCLUDED.has(s)),
  BILLING: BILLING_ONLY,
  CUSTOMER: CUSTOMER_ONLY,
};

export function hasScopes(held: Iterable<string>, needed: readonly Scope[]): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return needed.every((s) => set.has(s));
}
