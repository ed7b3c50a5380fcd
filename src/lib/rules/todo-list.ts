/**
 * The account set-up to-do list of the home page (spec part 1, 2.5 and 3): its five flags in
 * the order shown, each with the page where the step is done.
 */
export const TODO_ITEMS = [
  { key: 'set_up_hosting_account', label: 'Set up a hosting account', href: '/hosting' },
  { key: 'set_up_ip_group', label: 'Create an IP address group', href: '/ip-addresses' },
  { key: 'set_up_add_ip_addresses', label: 'Add IP addresses', href: '/ip-addresses' },
  { key: 'set_up_domain_group', label: 'Create a domain group', href: '/domains' },
  { key: 'set_up_domains', label: 'Add your domains', href: '/domains' },
] as const;

export type TodoKey = (typeof TODO_ITEMS)[number]['key'];

export const TODO_KEYS: readonly TodoKey[] = TODO_ITEMS.map((item) => item.key);

export const CLOSE_TODO_CONFIRMATION = 'Are you sure you wish to close the account setup to-do list?';

/** A list with no step done and not closed: a new account's, and the base of every stored one. */
export const EMPTY_TODO_LIST = { ...(Object.fromEntries(TODO_KEYS.map((key) => [key, false])) as Record<TodoKey, boolean>), closed: false };

export const isTodoKey = (key: string): key is TodoKey => (TODO_KEYS as readonly string[]).includes(key);
