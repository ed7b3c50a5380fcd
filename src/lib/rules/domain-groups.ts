/** The domain group list's own default page size (spec decisions, 3 "Page sizes"). */
export const DOMAIN_GROUP_PAGE_SIZE = 10;

/** Spec decisions, 3 "Expiry": the group banner counts domains expiring in less than this many days. */
export const EXPIRING_BANNER_DAYS = 10;

/** Spec part 2, 2.2: why a group cannot be deleted, or null when it can. */
export function groupDeleteRefusal(group: { is_internal: boolean; domain_count: number }): string | null {
  if (group.is_internal) return 'Internal domain groups cannot be deleted.';
  if (group.domain_count > 0) return 'Only an empty domain group can be deleted: move or delete its domains first.';
  return null;
}
