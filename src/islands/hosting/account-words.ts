import type { HostingAccount } from '../../lib/api/hosting';

/** The account's type in words, with the Internal marker (spec part 3, 2.8 "Service Information"). */
export function accountTypeWords(a: Pick<HostingAccount, 'account_type' | 'is_internal' | 'is_legacy'>): string {
  const type = a.account_type === 'CUSTOM_HOST' ? 'Custom Host' : a.is_legacy ? 'Shared Hosting (legacy)' : 'Shared Hosting';
  return a.is_internal ? `${type} (Internal)` : type;
}

/** Spec part 3, 2.8: only a CUSTOM_HOST that is not internal can be deleted. */
export const isDeletable = (a: Pick<HostingAccount, 'account_type' | 'is_internal'>) => a.account_type === 'CUSTOM_HOST' && !a.is_internal;
