import { z } from 'zod/mini';
import type { Scope } from '../rules/scopes';

/** The bulk-action modal (spec part 2, 4.5 and 7.2 `PATCH /domains/`). */

export const BULK_ACTIONS = [
  'CHANGE_GROUP',
  'TOGGLE_CACHING',
  'DELETE_DOMAINS',
  'INSTALL_LETS_ENCRYPT',
  'UNINSTALL_SSL_CERTIFICATE',
  'INSTALL_SOFTWARE',
  'UNINSTALL_SOFTWARE',
  'TOGGLE_REDIRECT_TO_WWW',
  'TOGGLE_REDIRECT_TO_NONWWW',
  'TOGGLE_REDIRECT_TO_HTTP',
  'TOGGLE_REDIRECT_TO_HTTPS',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What each action is called in the modal, and the scope it needs beyond can_edit_domains. */
export const BULK_ACTION_INFO: Record<BulkAction, { label: string; scope: Scope | null; confirm: string }> = {
  CHANGE_GROUP: { label: 'Change group', scope: null, confirm: 'The selected domains move to the group you choose.' },
  TOGGLE_CACHING: { label: 'Toggle caching', scope: 'can_edit_domain_caching', confirm: 'Caching is turned on for the selected domains, or off when it is on for all of them.' },
  DELETE_DOMAINS: {
    label: 'Delete domains',
    scope: 'can_delete_domains',
    confirm: 'The selected domains are deleted with their DNS zones, redirects, forwarders and software. This cannot be undone.',
  },
  INSTALL_LETS_ENCRYPT: {
    label: "Install Let's Encrypt",
    scope: 'can_install_ssl_certificates',
    confirm: "A Let's Encrypt certificate is requested for each selected domain that has none.",
  },
  UNINSTALL_SSL_CERTIFICATE: {
    label: 'Uninstall SSL certificate',
    scope: 'can_uninstall_ssl_certificates',
    confirm: 'The SSL certificate of each selected domain that has one is removed.',
  },
  INSTALL_SOFTWARE: { label: 'Install software', scope: 'can_install_software', confirm: 'WordPress is installed on each selected domain without software.' },
  UNINSTALL_SOFTWARE: { label: 'Uninstall software', scope: 'can_uninstall_software', confirm: 'The software of each selected domain that has it is removed, with its files.' },
  TOGGLE_REDIRECT_TO_WWW: {
    label: 'Toggle redirect to www',
    scope: 'can_edit_domain_redirects',
    confirm: 'Redirect to www is turned on for the selected domains (and redirect to non-www off), or off when it is on for all of them.',
  },
  TOGGLE_REDIRECT_TO_NONWWW: {
    label: 'Toggle redirect to non-www',
    scope: 'can_edit_domain_redirects',
    confirm: 'Redirect to non-www is turned on for the selected domains (and redirect to www off), or off when it is on for all of them.',
  },
  TOGGLE_REDIRECT_TO_HTTP: {
    label: 'Toggle redirect to HTTP',
    scope: 'can_edit_domain_redirects',
    confirm: 'Redirect to HTTP is turned on for the selected domains (and redirect to HTTPS off), or off when it is on for all of them.',
  },
  TOGGLE_REDIRECT_TO_HTTPS: {
    label: 'Toggle redirect to HTTPS',
    scope: 'can_edit_domain_redirects',
    confirm: 'Redirect to HTTPS is turned on for the selected domains (and redirect to HTTP off), or off when it is on for all of them.',
  },
};

/** Spec part 2, 7.2: at most this many domains in one bulk action. */
export const MAX_BULK_DOMAINS = 10_000;

export const bulkActionSchema = z
  .object({
    domain_list: z
      .array(z.guid('Unknown domain.'))
      .check(z.minLength(1, 'Select at least one domain!'), z.maxLength(MAX_BULK_DOMAINS, `Select at most ${MAX_BULK_DOMAINS} domains at once.`)),
    action: z.enum(BULK_ACTIONS, 'Please choose an action!'),
    group: z.guid('Unknown domain group.'),
    destination_group: z.optional(z.guid('Please select the destination group!')),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.action === 'CHANGE_GROUP' && !body.destination_group)
        ctx.issues.push({ code: 'custom', input: body, path: ['destination_group'], message: 'Please select the destination group!' });
      if (body.action === 'CHANGE_GROUP' && body.destination_group === body.group)
        ctx.issues.push({ code: 'custom', input: body, path: ['destination_group'], message: 'The domains are in this group already.' });
    }),
  );
export type BulkActionBody = z.input<typeof bulkActionSchema>;

/** Spec part 2, 4.5: the outcome toast. */
export const BULK_DONE = 'Action successfully performed!';
