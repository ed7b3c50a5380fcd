import { z } from 'zod/mini';
import { parseIp } from '../ip';
import { newPasswordSchema, secret } from './password';
import { required, text } from './text';

/** The hosting account page's and the Own Server tab's forms and calls (spec part 3, 2.8, 5 "Custom host" and "Hosting account", 7). */

export const ENTER_ACCOUNT_NAME = 'Please enter your account name!';
export const ENTER_ACCOUNT_PASSWORD = 'Please enter your account password!';
export const NEW_PASSWORDS_DIFFER = 'Your new passwords do not match!';
export const ENTER_HOSTING_NAME = "Please enter your hosting account's name!";
/** Another company's account, one a restriction hides, or none: the same answer (404), so none can be probed. */
export const HOSTING_ACCOUNT_NOT_FOUND = 'Hosting account not found.';
export const ENTER_SERVER_ADDRESS = "Please enter your server's IP address or hostname!";
export const INVALID_IP_ADDRESS = 'Please enter a valid IPv4 or IPv6 address!';
export const INVALID_HOSTNAME = 'Please enter a valid hostname, such as server1.example.com!';

/** A hosting account's name, wherever it is given (custom host, shared hosting order, rename). */
export const NAME_LIMIT = { label: 'The name', max: 100 } as const;

/** Rename (confirmation) on the account page. */
export const hostingRenameSchema = z.object({ name: required(ENTER_ACCOUNT_NAME, NAME_LIMIT) });
export type HostingRenameInput = z.input<typeof hostingRenameSchema>;

/** `PATCH /hosting/accounts/{guid}/`: the name or the domain deletion switch, one at a time (spec part 3, 7). */
export const hostingAccountPatchSchema = z
  .object({
    name: z.optional(hostingRenameSchema.shape.name),
    allow_domain_deletion: z.optional(z.boolean('allow_domain_deletion must be true or false.')),
  })
  .check(z.refine((v) => (v.name === undefined) !== (v.allow_domain_deletion === undefined), 'Send either name or allow_domain_deletion.'));
export type HostingAccountPatch = z.input<typeof hostingAccountPatchSchema>;

/** View cPanel password: the user's own account password first (spec part 3, 5 "Hosting account"). */
export const cpanelRevealSchema = z.object({ password: secret(ENTER_ACCOUNT_PASSWORD) });
export type CpanelRevealInput = z.input<typeof cpanelRevealSchema>;

const repeatMatches = z.refine<{ new_password: string; new_password_repeat: string }>((v) => v.new_password === v.new_password_repeat, {
  message: NEW_PASSWORDS_DIFFER,
  path: ['new_password_repeat'],
});

/** Change cPanel password dialog: current, new, repeat; the panel checks presence and the match. */
export const cpanelChangeFormSchema = z
  .object({
    current_password: secret('Please enter the current cPanel password!'),
    new_password: secret('Please enter a new password!'),
    new_password_repeat: secret('Please repeat the new password!'),
  })
  .check(repeatMatches);
export type CpanelChangeInput = z.input<typeof cpanelChangeFormSchema>;

/** `POST /hosting/shared_hosting/{guid}/change_password/` on the server: the form's checks plus the password rules. */
export const cpanelChangeSchema = z
  .object({
    current_password: cpanelChangeFormSchema.shape.current_password,
    new_password: newPasswordSchema,
    new_password_repeat: cpanelChangeFormSchema.shape.new_password_repeat,
  })
  .check(repeatMatches);

export const DESTINATION_TYPES = ['IP_ADDRESS', 'HOSTNAME'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** A hostname of letters, digits and hyphens in dot-separated labels, with at least one dot. */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Own Server (spec part 3, 5 "Custom host"): the name; the server's address as its type says
 * (IP_ADDRESS, the default, or HOSTNAME); a hostname trimmed and lowercased, an address checked
 * as an IPv4 or IPv6 address. The field of the other type may be left empty (it is not kept).
 */
export const customHostSchema = z
  .object({
    name: required(ENTER_HOSTING_NAME, NAME_LIMIT),
    destination_type: z._default(z.enum(DESTINATION_TYPES, 'The destination type must be IP_ADDRESS or HOSTNAME.'), 'IP_ADDRESS'),
    hostname: z.pipe(
      z._default(z.nullable(text({ label: 'The hostname', max: 253 })), null),
      z.transform((s) => (s ? s.toLowerCase() : null)),
    ),
    ip_address: z.pipe(
      z._default(z.nullable(text({ label: 'The IP address', max: 45 })), null),
      z.transform((s) => s || null),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const field = v.destination_type === 'HOSTNAME' ? 'hostname' : 'ip_address';
      const value = v[field];
      if (!value) ctx.issues.push({ code: 'custom', input: v, path: [field], message: ENTER_SERVER_ADDRESS });
      else if (field === 'hostname' && !HOSTNAME.test(value)) ctx.issues.push({ code: 'custom', input: v, path: [field], message: INVALID_HOSTNAME });
      else if (field === 'ip_address' && !parseIp(value)) ctx.issues.push({ code: 'custom', input: v, path: [field], message: INVALID_IP_ADDRESS });
    }),
  );
export type CustomHostInput = z.input<typeof customHostSchema>;
