import { z } from 'zod/mini';
import { LIMITS, tooLongMessage } from './text';

/**
 * A domain's subdomains and email forwarders (spec part 2, 2.7, 3 "Subdomain" and "Email
 * forwarder", 5 "Subdomain" and "Email forwarder"). The Add a Subdomain and Add Email Address
 * dialogs check with these schemas, and the server checks the same bodies with them.
 */

// ---- Subdomains ------------------------------------------------------------------------------

/** Spec part 2, 5 "Subdomain": the dialog's sentences. */
export const ENTER_SUBDOMAIN = 'Please enter a subdomain!';
export const SELECT_HOSTING_ACCOUNT = 'Please select a hosting account!';
export const SELECT_IP_ADDRESS = 'Please select an IP address!';
/** Decided (docs/decisions.md "Subdomains, forwarders and notes"): what section 5's rule says, as sentences. */
export const SUBDOMAIN_CHARACTERS = "A subdomain may contain only the letters a-z, the digits 0-9 and '-', or be '*' for a wildcard!";
export const SUBDOMAIN_WILDCARD_ALONE = "'*' stands alone: it makes a wildcard subdomain for every name!";
export const SUBDOMAIN_HYPHEN = "A subdomain cannot start or end with '-'!";
export const SUBDOMAIN_EXISTS = 'This subdomain already exists!';
/** Spec part 2, 8. */
export const SUBDOMAIN_CREATED = 'Subdomain successfully created!';

/** The wildcard subdomain (spec part 2, 5: "'*' means wildcard"). */
export const WILDCARD = '*';
/** A DNS label is at most 63 characters (RFC 1035). */
export const SUBDOMAIN_MAX = 63;

/** The name as it is stored: trimmed and lowercased (spec part 2, 5). */
export const normaliseSubdomain = (name: string) => name.trim().toLowerCase();

/** What is wrong with a (normalised, non-empty) subdomain name, if anything. */
export function subdomainProblem(name: string): string | null {
  if (!/^[a-z0-9*-]+$/.test(name)) return SUBDOMAIN_CHARACTERS;
  if (name.includes(WILDCARD)) return name === WILDCARD ? null : SUBDOMAIN_WILDCARD_ALONE;
  if (name.startsWith('-') || name.endsWith('-')) return SUBDOMAIN_HYPHEN;
  return null;
}

const choice = (message: string) => z.string({ error: message }).check(z.trim(), z.guid(message));

/**
 * `POST /domains/{guid}/subdomains/` and the Add a Subdomain dialog. `is_wildcard` follows the
 * name ('*' is the wildcard), whatever the body says, so the two cannot disagree.
 */
export const subdomainCreateSchema = z.pipe(
  z.object({
    subdomain: z.string({ error: ENTER_SUBDOMAIN }).check(
      z.overwrite(normaliseSubdomain),
      z.minLength(1, ENTER_SUBDOMAIN),
      z.maxLength(SUBDOMAIN_MAX, tooLongMessage('A subdomain', SUBDOMAIN_MAX)),
      z.superRefine((name, ctx) => {
        const problem = name ? subdomainProblem(name) : null;
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: name });
      }),
    ),
    is_wildcard: z.optional(z.boolean('is_wildcard must be true or false.')),
    ip_address: choice(SELECT_IP_ADDRESS),
    hosting_account: choice(SELECT_HOSTING_ACCOUNT),
  }),
  z.transform((body) => ({ ...body, is_wildcard: body.subdomain === WILDCARD })),
);
export type SubdomainCreate = z.input<typeof subdomainCreateSchema>;

// ---- Email forwarders ------------------------------------------------------------------------

/** Spec part 2, 3 "Email forwarder": FORWARDER is the only type. */
export const EMAIL_ADDRESS_TYPES = ['FORWARDER'] as const;
export type EmailAddressType = (typeof EMAIL_ADDRESS_TYPES)[number];
/** The catch-all address (spec part 2, 5: "'*' for catch-all"). */
export const CATCH_ALL = '*';
/** The local part of an address is at most 64 characters (RFC 5321). */
export const LOCAL_PART_MAX = 64;

/** Decided (docs/decisions.md "Subdomains, forwarders and notes"): section 5 names the rules, not their sentences. */
export const ENTER_EMAIL_ADDRESS = 'Please enter an email address!';
export const EMAIL_ADDRESS_CHARACTERS = "An email address may contain only the letters a-z, the digits 0-9, '.', '-' and '_', or be '*' for a catch-all!";
export const EMAIL_ADDRESS_DOTS = 'An email address cannot start or end with a dot or have two dots in a row!';
export const EMAIL_TYPE_FORWARDER = 'Only FORWARDER email addresses can be created!';
export const ENTER_FORWARD_TO = 'Please enter the address to forward to!';
export const FORWARD_TO_INVALID = 'Please enter a full email address to forward to, like name@example.com!';
export const FORWARD_TO_ITSELF = 'An email address cannot forward to itself!';
export const EMAIL_ADDRESS_EXISTS = 'This email address already exists on this domain!';
/** Spec part 2, 8. */
export const EMAIL_ADDRESS_CREATED = 'Email address successfully created!';
/** Decided after section 8's pattern ('Domain deletion successfully scheduled!'). */
export const EMAIL_ADDRESS_DELETION_SCHEDULED = 'Email address deletion successfully scheduled!';
/** Spec part 2, 4.1: only ACTIVE or PENDING forwarders can be deleted; the other state is DELETING. */
export const EMAIL_ADDRESS_BEING_DELETED = 'This email address is already being deleted.';
/** Spec part 2, 5 "Email forwarder": the advice beside the forward-to field. */
export const GMAIL_ADVICE =
  'Avoid forwarding to Gmail addresses: Gmail often rejects or delays forwarded mail it considers spam, so messages can be lost. Prefer a mailbox at another provider.';

/** The local part as it is stored: trimmed and lowercased. */
export const normaliseLocalPart = (address: string) => address.trim().toLowerCase();

/** What is wrong with a (normalised, non-empty) local part, if anything. */
export function localPartProblem(address: string): string | null {
  if (address === CATCH_ALL) return null;
  if (!/^[a-z0-9._-]+$/.test(address)) return EMAIL_ADDRESS_CHARACTERS;
  if (address.startsWith('.') || address.endsWith('.') || address.includes('..')) return EMAIL_ADDRESS_DOTS;
  return null;
}

/** Something@something.tld, no spaces: a full address, as the sign-up form checks one. */
const FULL_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether forwarding goes to a Gmail mailbox, which the dialog advises against. */
export const isGmail = (address: string) => /@(gmail|googlemail)\.com$/i.test(address.trim());

/**
 * `POST /domains/{guid}/email_addresses/` and the Add Email Address dialog. `is_catchall`
 * follows the address ('*' is the catch-all), whatever the body says.
 */
export const forwarderCreateSchema = z.pipe(
  z.object({
    email_address: z.string({ error: ENTER_EMAIL_ADDRESS }).check(
      z.overwrite(normaliseLocalPart),
      z.minLength(1, ENTER_EMAIL_ADDRESS),
      z.maxLength(LOCAL_PART_MAX, tooLongMessage('The part before the @', LOCAL_PART_MAX)),
      z.superRefine((address, ctx) => {
        const problem = address ? localPartProblem(address) : null;
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: address });
      }),
    ),
    email_address_type: z._default(z.enum(EMAIL_ADDRESS_TYPES, { error: EMAIL_TYPE_FORWARDER }), 'FORWARDER'),
    forward_to_email_address: z.string({ error: ENTER_FORWARD_TO }).check(
      z.trim(),
      z.minLength(1, ENTER_FORWARD_TO),
      z.maxLength(LIMITS.email.max, tooLongMessage(LIMITS.email.label, LIMITS.email.max)),
      z.superRefine((address, ctx) => {
        if (address && !FULL_EMAIL.test(address)) ctx.issues.push({ code: 'custom', message: FORWARD_TO_INVALID, input: address });
      }),
      z.toLowerCase(),
    ),
    is_catchall: z.optional(z.boolean('is_catchall must be true or false.')),
  }),
  z.transform((body) => ({ ...body, is_catchall: body.email_address === CATCH_ALL })),
);
export type ForwarderCreate = z.input<typeof forwarderCreateSchema>;
