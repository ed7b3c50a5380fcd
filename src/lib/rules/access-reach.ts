/**
 * A membership's access restrictions (spec part 3, 2.9 Users and 6: allowed IP groups, domain
 * groups, hosting accounts, software presets). An empty list is access to all of the company's.
 */
export const ACCESS_LISTS = ['allowed_ip_groups', 'allowed_domain_groups', 'allowed_hosting_accounts', 'allowed_software_presets'] as const;
export type AccessListField = (typeof ACCESS_LISTS)[number];
export type AccessReach = Record<AccessListField, readonly string[]>;

/**
 * True when `theirs` reaches nothing `mine` does not. As with permissions (nobody gives what
 * they do not hold), a restricted member gives, keeps or manages only what they reach
 * themselves; an unrestricted one (empty list) reaches everything.
 */
export function withinReach(mine: readonly string[], theirs: readonly string[]): boolean {
  return mine.length === 0 || (theirs.length > 0 && theirs.every((guid) => mine.includes(guid)));
}

/** Our sentences: the spec names none. */
export const BEYOND_REACH: Record<AccessListField, string> = {
  allowed_ip_groups: 'You cannot give access to IP groups you cannot reach yourself.',
  allowed_domain_groups: 'You cannot give access to domain groups you cannot reach yourself.',
  allowed_hosting_accounts: 'You cannot give access to hosting accounts you cannot reach yourself.',
  allowed_software_presets: 'You cannot give access to software presets you cannot reach yourself.',
};

/** A member limited to some objects of a kind could not see a new one: those who see them all add them. */
export const LIMITED_CANNOT_ADD: Record<AccessListField, string> = {
  allowed_ip_groups: 'Your access is limited to some IP groups, so you cannot create one.',
  allowed_domain_groups: 'Your access is limited to some domain groups, so you cannot create one.',
  allowed_hosting_accounts: 'Your access is limited to some hosting accounts, so you cannot add one.',
  allowed_software_presets: 'Your access is limited to some software presets, so you cannot add one. Ask an owner of the company.',
};
