/**
 * How the Tasks tab names a task by its kind (the server's `kind`, e.g. DNS_ZONE_RESET). A kind
 * without a name of its own reads as its words ('SOME_KIND' -> 'Some kind').
 */
const KIND_LABELS: Record<string, string> = {
  DNS_ZONE_RESET: 'DNS zone reset',
  ADD_DOMAINS: 'Add domains',
  BULK_ACTION: 'Bulk action',
  DELETE_DOMAIN: 'Domain deletion',
  INSTALL_SSL: 'SSL certificate installation',
  UNINSTALL_SSL: 'SSL certificate removal',
  INSTALL_SOFTWARE: 'Software installation',
  UNINSTALL_SOFTWARE: 'Software removal',
  MIGRATE_SOFTWARE: 'Software migration',
  DOMAIN_META: 'Redirect and caching change',
  UPDATE_IP_ADDRESS: 'IP address change',
  UPDATE_HOSTING_ACCOUNT: 'Hosting account change',
  CREATE_IN_CPANEL: 'Creation in cPanel',
  ADD_SUBDOMAIN: 'Add subdomain',
  ADD_EMAIL_FORWARDER: 'Add email address',
  DELETE_EMAIL_FORWARDER: 'Email address deletion',
};

export function taskKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind.charAt(0) + kind.slice(1).toLowerCase().replace(/_/g, ' ');
}
