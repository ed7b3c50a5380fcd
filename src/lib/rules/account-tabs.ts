/** The account area's tabs (spec part 1, 2.6), in order, with the page title each sets. */
export const ACCOUNT_TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'emails', label: 'Emails' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'logins', label: 'Logins' },
  { value: 'logs', label: 'Logs' },
  { value: 'companies', label: 'Companies' },
  { value: 'invitations', label: 'Invitations' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]['value'];

/** SUBUSER members lack these (spec part 1, 6). */
export const NOT_FOR_SUBUSERS: readonly AccountTab[] = ['companies', 'invitations'];

/** The tabs a member of this company user type sees. */
export const accountTabsFor = (userType: string) => ACCOUNT_TABS.filter((t) => !(userType === 'SUBUSER' && NOT_FOR_SUBUSERS.includes(t.value)));

export const isAccountTab = (s: string): s is AccountTab => ACCOUNT_TABS.some((t) => t.value === s);

export const accountTabTitle = (tab: AccountTab) => ACCOUNT_TABS.find((t) => t.value === tab)!.label;

/** Profile lives at /account; every other tab at /account/{tab}. */
export const accountTabPath = (tab: AccountTab) => (tab === 'profile' ? '/account' : `/account/${tab}`);
