import { z } from 'zod';
import { required } from './auth';
import { newPasswordSchema } from './password';

/** Profile names form and POST /account/profile/ (spec part 1, 5 Profile). */
export const profileSchema = z.object({
  first_name: required('Please enter your first name!').pipe(z.string().max(150, 'First name can be at most 150 characters long.')),
  last_name: required('Please enter your last name!').pipe(z.string().max(150, 'Last name can be at most 150 characters long.')),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const PASSWORDS_DIFFER = 'New passwords do not match!';

/**
 * Password dialog (old, new, repeat). The panel checks presence and the match; the server
 * also checks `newPasswordSchema` strength (the panel does not, spec part 1, 5).
 */
export const passwordChangeFormSchema = z
  .object({
    old_password: z.string({ error: 'Please enter your old password!' }).min(1, 'Please enter your old password!'),
    new_password: z.string({ error: 'Please enter a new password!' }).min(1, 'Please enter a new password!'),
    new_password_repeat: z.string({ error: 'Please repeat the new password!' }).min(1, 'Please repeat the new password!'),
  })
  .refine((v) => v.new_password === v.new_password_repeat, { message: PASSWORDS_DIFFER, path: ['new_password_repeat'] });
export type PasswordChangeInput = z.input<typeof passwordChangeFormSchema>;

/** POST /account/password/ on the server: the form's checks plus the password rules. */
export const passwordChangeSchema = z
  .object({
    old_password: passwordChangeFormSchema.shape.old_password,
    new_password: newPasswordSchema,
    new_password_repeat: passwordChangeFormSchema.shape.new_password_repeat,
  })
  .refine((v) => v.new_password === v.new_password_repeat, { message: PASSWORDS_DIFFER, path: ['new_password_repeat'] });

/** The four Email Preferences switches (spec part 1, 3 Profile). */
export const PREFERENCE_KEYS = [
  'receive_failed_login_emails',
  'receive_automated_sales_emails',
  'receive_marketing_emails',
  'receive_update_emails',
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

/** POST /account/profile/preferences/: exactly one preference field, a boolean. */
export const preferenceSchema = z
  .object({
    receive_failed_login_emails: z.boolean().optional(),
    receive_automated_sales_emails: z.boolean().optional(),
    receive_marketing_emails: z.boolean().optional(),
    receive_update_emails: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, 'Send exactly one email preference, as true or false.');
export type PreferenceInput = z.input<typeof preferenceSchema>;

export const CURRENCIES = ['USD', 'EUR'] as const;

/** Add Company dialog and POST /account/companies/ (spec part 1, 5 Add Company). */
export const companyCreateSchema = z.object({
  name: required('Please enter name!').pipe(z.string().max(200, 'Name can be at most 200 characters long.')),
  address1: required('Please enter address!').pipe(z.string().max(200, 'Address can be at most 200 characters long.')),
  address2: z.string().trim().max(200, 'Address 2 can be at most 200 characters long.').optional(),
  city: required('Please enter city!').pipe(z.string().max(100, 'City can be at most 100 characters long.')),
  region: required('Please enter region!').pipe(z.string().max(100, 'Region can be at most 100 characters long.')),
  postal_code: required('Please enter postal code!').pipe(z.string().max(20, 'Postal code can be at most 20 characters long.')),
  country: required('Please enter country!').pipe(z.string().regex(/^[A-Za-z]{2}$/, 'Please choose the country from the list!')),
  phone: required('Please enter phone!').pipe(z.string().max(40, 'Phone can be at most 40 characters long.')),
  currency: z.enum(CURRENCIES, { error: 'Please enter currency!' }),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

/** The Emails tab filters (spec part 1, 5 Email filter): one per key, a non-empty value. */
export const EMAIL_FILTER_KEYS = ['subject', 'content'] as const;
export type EmailFilterKey = (typeof EMAIL_FILTER_KEYS)[number];
export const emailFilterSchema = z.object({
  key: z.enum(EMAIL_FILTER_KEYS),
  value: required('Please enter filter value!').pipe(z.string().max(200, 'A filter can be at most 200 characters long.')),
});
