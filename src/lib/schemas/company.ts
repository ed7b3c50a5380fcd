import { z } from 'zod/mini';
import { parseCidr } from '../ip';
import { isScope, type Scope } from '../rules/scopes';
import { LIMITS, required, text } from './text';
import { secret } from './password';

/** A company the user is not in, or none: the same answer (404), so none can be probed. */
export const COMPANY_NOT_FOUND = 'Company not found.';
/** A company-area path naming a user who is not a member of the company. */
export const USER_NOT_FOUND = 'User not found.';
/** A company-area path naming an API key the company does not have. */
export const API_KEY_NOT_FOUND = 'API key not found.';

/** Company profile form and POST /account/companies/{guid}/ (spec part 3, 5 'Company profile'). */
export const companyProfileSchema = z.object({
  name: required('Please enter your company name!', { label: 'Company name', max: 200 }),
  address1: required('Please enter your address!', { label: 'Address', max: 200 }),
  address2: z.optional(z.nullable(text({ label: 'Address 2', max: 200 }))),
  city: required('Please enter your city!', { label: 'City', max: 100 }),
  region: required('Please enter your region!', { label: 'Region', max: 100 }),
  postal_code: required('Please enter your postal code!', { label: 'Postal code', max: 20 }),
  phone: required('Please enter your phone!', { label: 'Phone', max: 40 }),
  country: z.pipe(required('Please enter your country!', { label: 'Country', max: 2 }), z.string().check(z.regex(/^[A-Za-z]{2}$/, 'Please choose the country from the list!'))),
});
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;

export const INVOICE_NOTES_MAX = 1000;

/** POST /account/companies/{guid}/invoice-notes/: free text printed on new invoices; empty clears it. */
export const invoiceNotesSchema = z.object({
  invoice_notes: z.nullable(text({ label: 'Invoice notes', max: INVOICE_NOTES_MAX, multiline: true })),
});
export type InvoiceNotesInput = z.input<typeof invoiceNotesSchema>;

/** Invite user dialog and POST /account/companies/{guid}/invitations/ (spec part 3, 5 'Invite user'). */
export const inviteUserSchema = z.object({
  invitation_code: required('Please enter the invitation code!', LIMITS.token),
});
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/**
 * Create user dialog and POST /account/companies/{guid}/users/ (spec part 3, 5 'Create user'):
 * the email is trimmed and lowercased; the server also applies the password policy.
 */
export const createUserSchema = z.object({
  first_name: required('Please enter the first name!', { label: 'First name', max: 150 }),
  last_name: required('Please enter the last name!', { label: 'Last name', max: 150 }),
  email: z.pipe(
    z.pipe(
      required('Please enter the email!', LIMITS.email),
      z.transform((s: string) => s.toLowerCase()),
    ),
    z.email('Please enter a valid email address!'),
  ),
  password: secret('Please enter the password!'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Account types a person can be given in the edit dialog (spec part 3, 4 'User'). */
export const USER_ACCOUNT_TYPES = ['ADMIN', 'STAFF', 'CUSTOMER'] as const;
export type UserAccountType = (typeof USER_ACCOUNT_TYPES)[number];
export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;

export const UNKNOWN_PERMISSION = 'Please choose permissions from the list!';

/** A permission list: every name one of the scope list's, duplicates dropped. */
export const permissionList = z.pipe(
  z.array(z.string().check(z.refine(isScope, UNKNOWN_PERMISSION)), { error: UNKNOWN_PERMISSION }).check(z.maxLength(500, UNKNOWN_PERMISSION)),
  z.transform((list: string[]) => [...new Set(list)] as Scope[]),
);

const guidList = (message: string) => z.array(z.guid(message), { error: message }).check(z.maxLength(1000, message));

export const API_KEY_NAME_EMPTY = 'Please enter a name for the API key!';
export const API_KEY_NO_ADDRESS = 'Please enter at least one IP address!';
export const badAddressMessage = (line: string) => `"${line.slice(0, 60)}" is not an IP address or a CIDR range!`;
export const EXPIRY_PAST = 'The expiry date must be in the future!';
export const EXPIRY_INVALID = 'Please choose a valid expiry date!';

/** The addresses of a textarea, one a line, blank lines dropped (spec part 3, 5 'API key'). */
export const addressLines = (input: string | readonly string[]) => (typeof input === 'string' ? input.split(/\r?\n/) : input).map((s) => s.trim()).filter((s) => s !== '');

/**
 * Allowed IP addresses: a textarea's text or a list, each a v4 or v6 address or CIDR range;
 * at least one (spec part 3, 5 'API key'); the first bad line is named in the sentence.
 */
export const allowedAddresses = z.pipe(
  z.union([z.string().check(z.maxLength(20_000, API_KEY_NO_ADDRESS)), z.array(z.string()).check(z.maxLength(500, API_KEY_NO_ADDRESS))], { error: API_KEY_NO_ADDRESS }),
  z.pipe(
    z.transform((input: string | string[]) => addressLines(input)),
    z.array(z.string()).check(
      z.minLength(1, API_KEY_NO_ADDRESS),
      z.superRefine((lines, ctx) => {
        const bad = lines.find((line) => !parseCidr(line));
        if (bad !== undefined) ctx.issues.push({ code: 'custom', message: badAddressMessage(bad), input: lines });
      }),
    ),
  ),
);

/** An expiry as a date (YYYY-MM-DD, the end of that day UTC) or a moment; null or empty: never. */
export const expirySchema = z.pipe(
  z.nullable(z.string({ error: EXPIRY_INVALID }).check(z.maxLength(40, EXPIRY_INVALID))),
  z.transform((s: string | null, ctx) => {
    if (s === null || s.trim() === '') return null;
    const value = s.trim();
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.issues.push({ code: 'custom', message: EXPIRY_INVALID, input: s });
      return z.NEVER;
    }
    return date.toISOString();
  }),
);

/** The API key's own fields, for create and (inside `api_key`) for edit. */
const apiKeyFields = {
  name: required(API_KEY_NAME_EMPTY, { label: 'Name', max: 100 }),
  allowed_ip_addresses: allowedAddresses,
  date_expires: z.optional(expirySchema),
};

/**
 * API key create dialog and POST /account/companies/{guid}/api/ (spec part 3, 5 'API key'):
 * the permissions are never more than the creating user holds (checked by the server).
 */
export const apiKeyCreateSchema = z.object({ ...apiKeyFields, permissions: z.optional(permissionList) });
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

/** `api_key` of the user call: the key's own fields, each optional. */
export const apiKeyEditSchema = z.object({
  name: z.optional(apiKeyFields.name),
  allowed_ip_addresses: z.optional(apiKeyFields.allowed_ip_addresses),
  date_expires: apiKeyFields.date_expires,
});

/**
 * POST /account/companies/{guid}/users/{userGuid}/ (spec part 3, 7): what the edit dialog saves,
 * each part optional; `api_key` only for an API key's user.
 */
export const companyUserUpdateSchema = z.object({
  account_type: z.optional(z.enum(USER_ACCOUNT_TYPES, { error: 'Please choose the account type!' })),
  status: z.optional(z.enum(USER_STATUSES, { error: 'Please choose the status!' })),
  permissions: z.optional(permissionList),
  allowed_ip_groups: z.optional(guidList('Please choose IP groups from the list!')),
  allowed_domain_groups: z.optional(guidList('Please choose domain groups from the list!')),
  allowed_hosting_accounts: z.optional(guidList('Please choose hosting accounts from the list!')),
  allowed_software_presets: z.optional(guidList('Please choose software presets from the list!')),
  api_key: z.optional(apiKeyEditSchema),
});
export type CompanyUserUpdateInput = z.input<typeof companyUserUpdateSchema>;
