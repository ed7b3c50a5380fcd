import { computed } from 'nanostores';
import type { Scope } from '../lib/rules/scopes';
import { $session } from './session';

export interface Permissions {
  scopes: ReadonlySet<string>;
  isCustomer: boolean;
  isPartner: boolean;
  /** The membership's account type (OWNER, ADMIN, STAFF...); '' before the user is loaded. */
  accountType: string;
  /** The company user type (SUBUSER among others); '' before the user is loaded. */
  userType: string;
}

/** What the viewer may do in the current company, derived from the loaded user. */
export const $permissions = computed($session, ({ user }): Permissions => {
  const company = user?.company;
  return {
    scopes: new Set(company?.permissions ?? []),
    isCustomer: user?.is_customer ?? false,
    isPartner: company?.is_partner ?? false,
    accountType: company?.account_type ?? '',
    userType: company?.user_type ?? '',
  };
});

/** True when the viewer holds every named scope; pass `permissions` from `useStore` in components. */
export function can(scope: Scope | readonly Scope[], permissions: Permissions = $permissions.get()): boolean {
  const needed = typeof scope === 'string' ? [scope] : scope;
  return needed.every((s) => permissions.scopes.has(s));
}
