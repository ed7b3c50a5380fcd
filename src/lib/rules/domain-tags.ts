import type { StatusGroup } from './status-groups';

/** The tags of a domain row (spec part 2, 2.3; spec decisions, 3 "Expiry"). */

export interface Tag {
  label: string;
  group: StatusGroup;
  /** Why, for a tooltip. */
  hint?: string;
}

interface HealthInput {
  is_subdomain: boolean;
  ip_address: { ip_address: string } | null;
  google_safe_browsing: { statuses: readonly string[] } | null;
  health: { date_health_checked: string | null; is_nxdomain: boolean | null; is_expired: boolean | null; resolved_ip_address: string | null };
}

/**
 * The health tag: subdomains are excluded from health; before the first check it is pending
 * ('Health not yet checked!'); a safe-browsing finding outranks DNS, which outranks expiry and a
 * resolved address that differs from the assigned one.
 */
export function healthTag(d: HealthInput): Tag {
  if (d.is_subdomain) return { label: 'Subdomain', group: 'neutral', hint: 'Subdomains are not health checked.' };
  const h = d.health;
  if (!h.date_health_checked) return { label: 'Pending check', group: 'progress', hint: 'Health not yet checked!' };
  if (d.google_safe_browsing?.statuses.length) return { label: 'Unsafe', group: 'error', hint: `Google Safe Browsing: ${d.google_safe_browsing.statuses.join(', ')}` };
  if (h.is_nxdomain) return { label: 'NXDOMAIN', group: 'error', hint: 'Did not resolve! Check the DNS zone so the domain resolves to its assigned IP address.' };
  if (h.is_expired) return { label: 'Expired', group: 'error', hint: 'The domain registration has expired.' };
  if (d.ip_address && h.resolved_ip_address !== d.ip_address.ip_address) {
    return { label: 'Attention', group: 'warning', hint: `Resolves to ${h.resolved_ip_address ?? 'nothing'}, not to ${d.ip_address.ip_address}.` };
  }
  return { label: 'Healthy', group: 'success' };
}

/** 'Expired' below 0 days; 'Expiring' in red at 7 days or fewer, in orange at 30 or fewer; otherwise none. */
export function expiryTag(daysUntilExpiration: number | null): Tag | null {
  if (daysUntilExpiration === null) return null;
  if (daysUntilExpiration < 0) return { label: 'Expired', group: 'error' };
  if (daysUntilExpiration <= 7) return { label: 'Expiring', group: 'error', hint: `${daysUntilExpiration} days left` };
  if (daysUntilExpiration <= 30) return { label: 'Expiring', group: 'warning', hint: `${daysUntilExpiration} days left` };
  return null;
}

/** The SSL column: none, installed (ACTIVE), or updating (any other state). */
export function sslTag(ssl: { status: string } | null): Tag | null {
  if (!ssl) return null;
  return ssl.status === 'ACTIVE' ? { label: 'Installed', group: 'success' } : { label: 'Updating', group: 'progress', hint: ssl.status };
}

/** The software column: none, the software's name when ACTIVE, or busy. */
export function softwareTag(software: { status: string; software_name: string } | null): Tag | null {
  if (!software) return null;
  if (software.status === 'ACTIVE') return { label: software.software_name, group: 'success' };
  if (software.status === 'FAILURE') return { label: `${software.software_name}: failed`, group: 'error' };
  return { label: 'Busy', group: 'progress', hint: software.status };
}

/** Only ACTIVE domains may be chosen for bulk actions (spec part 2, 2.3). */
export const isSelectableDomain = (d: { status: string }) => d.status === 'ACTIVE';
