import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIMITED_CANNOT_ADD, type AccessListField, type AccessReach } from '../../lib/rules/access-reach';
import { forbidden } from '../http/errors';
import type { CompanyContext } from '../context';

/**
 * An access restriction of the membership (spec part 3, 6: allowed IP groups, domain groups,
 * hosting accounts, software presets). An empty list means access to all.
 */
export function restrictTo(column: PgColumn, allowed: readonly string[]): SQL | undefined {
  return allowed.length ? inArray(column, [...allowed]) : undefined;
}

export function isAllowed(allowed: readonly string[], guid: string | null | undefined): boolean {
  return allowed.length === 0 || (guid != null && allowed.includes(guid));
}

type Restricted = Pick<CompanyContext, 'allowedIpGroups' | 'allowedDomainGroups' | 'allowedHostingAccounts' | 'allowedSoftwarePresets'>;

/** A membership's (or the viewer's) restrictions by their API names, for src/lib/rules/access-reach.ts. */
export const reachOf = (m: Restricted): AccessReach => ({
  allowed_ip_groups: m.allowedIpGroups,
  allowed_domain_groups: m.allowedDomainGroups,
  allowed_hosting_accounts: m.allowedHostingAccounts,
  allowed_software_presets: m.allowedSoftwarePresets,
});

/** A member someone restricted brings in (a user, an API key, an invitation) starts as restricted as they are. */
export const inheritedRestrictions = (m: Restricted): Restricted => ({
  allowedIpGroups: [...m.allowedIpGroups],
  allowedDomainGroups: [...m.allowedDomainGroups],
  allowedHostingAccounts: [...m.allowedHostingAccounts],
  allowedSoftwarePresets: [...m.allowedSoftwarePresets],
});

/** Refuses to add an object of a kind the member sees only some of (LIMITED_CANNOT_ADD). */
export function requireUnlimited(company: Restricted, field: AccessListField): void {
  if (reachOf(company)[field].length) throw forbidden(LIMITED_CANNOT_ADD[field]);
}
