import { z } from 'zod/mini';
import { required, text } from './text';
import { newPasswordSchema, secret } from './password';

/** Profile names form and POST /account/profile/ (spec part 1, 5 Profile). */
export const profileSchema = z.object({
  first_name: required('Please enter your first name!', { label: 'First name', max: 150 }),
  last_name: required('Please enter your last name!', { label: 'Last name', max: 150 }),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const PASSWORDS_DIFFER = 'New passwords do not match!';

/**
 * Password dialog (old, new, repeat). The panel checks presence and the match; the server
 * also checks `newPasswordSchema` strength (the panel does not, spec part 1, 5).
 */
export const passwordChangeFormSchema = z
  .object({
    old_password: secret('Please enter your old password!'),
    new_password: secret('Please enter a new password!'),
    new_password_repeat: secret('Please repeat the new password!'),
  })
  .check(z.refine((v) => v.new_password === v.new_password_repeat, { message: PASSWORDS_DIFFER, path: ['new_password_repeat'] }));
export type PasswordChangeInput = z.input<typeof passwordChangeFormSchema>;

/** POST /account/password/ on the server: the form's checks plus the password rules. */
export const passwordChangeSchema = z
  .object({
    old_password: passwordChangeFormSchema.shape.old_password,
    new_password: newPasswordSchema,
    new_password_repeat: passwordChangeFormSchema.shape.new_password_repeat,
  })
  .check(z.refine((v) => v.new_password === v.new_password_repeat, { message: PASSWORDS_DIFFER, path: ['new_password_repeat'] }));

/** The four Email Preferences switches (spec part 1, 3 Profile). */
export const PREFERENCE_KEYS = ['receive_failed_login_emails', 'receive_automated_sales_emails', 'receive_marketing_emails', 'receive_update_emails'] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

/** POST /account/profile/preferences/: exactly one preference field, a boolean. */
export const preferenceSchema = z
  .object({
    receive_failed_login_emails: z.optional(z.boolean()),
    receive_automated_sales_emails: z.optional(z.boolean()),
    receive_marketing_emails: z.optional(z.boolean()),
    receive_update_emails: z.optional(z.boolean()),
  })
  .check(z.refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, 'Send exactly one email preference, as true or false.'));
export type PreferenceInput = z.input<typeof preferenceSchema>;

export const CURRENCIES = ['USD', 'EUR'] as const;

/** Add Company dialog and POST /account/companies/ (spec part 1, 5 Add Company). */
export const companyCreateSchema = z.object({
  name: required('Please enter name!', { label: 'Name', max: 200 }),
  address1: required('Please enter address!', { label: 'Address', max: 200 }),
  address2: z.optional(text({ label: 'Address 2', max: 200 })),
  city: required('Please enter city!', { label: 'City', max: 100 }),
  region: required('Please enter region!', { label: 'Region', max: 100 }),
  postal_code: required('Please enter postal code!', { label: 'Postal code', max: 20 }),
  country: z.pipe(required('Please enter country!', { label: 'Country', max: 2 }), z.string().check(z.regex(/^[A-Za-z]{2}$/, 'Please choose the country from the list!'))),
  phone: required('Please enter phone!', { label: 'Phone', max: 40 }),
  currency: z.enum(CURRENCIES, { error: 'Please enter currency!' }),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

/** The Emails tab filters (spec part 1, 5 Email filter): one per key, a non-empty value. */
export const EMAIL_FILTER_KEYS = ['subject', 'content'] as const;
export type EmailFilterKey = (typeof EMAIL_FILTER_KEYS)[number];
export const emailFilterSchema = z.object({
  key: z.enum(EMAIL_FILTER_KEYS),
  value: required('Please enter filter value!', { label: 'A filter', max: 200 }),
});
