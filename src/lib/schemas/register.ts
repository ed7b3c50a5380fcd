import { countries } from 'countries-list';
import { z } from 'zod/mini';
import { trackingSchema } from './auth';
import { controlCharactersMessage, hasControlCharacters, LIMITS, required, text, tooLongMessage } from './text';
import { secret } from './password';

/** 'How did you hear about us?' (spec part 1, 2.3); these two ask for a specific text. */
export const FOUND_US_CHOICES = [
  'LinkedIn',
  'Conference',
  'Google',
  'ChatGPT',
  'Google Gemini',
  'Claude',
  'DeepSeek',
  'Grok',
  'Perplexity',
  'Reddit',
  'Facebook',
  'Instagram',
  'Other',
] as const;
export const FOUND_US_SPECIFIC: readonly string[] = ['Conference', 'Other'];

/** Company names that are not names (spec part 1, 5), compared case-insensitively. */
/** The VAT check's answers as sentences (spec part 1, 5: register step 1, server). */
export const VAT_INVALID = 'Please enter a valid VAT ID!';
export const VAT_COMPANY_MISMATCH = 'The company name must exactly match the registry!';

export const PLACEHOLDER_COMPANY_NAMES = [
  'no company',
  'none',
  'own',
  'not available',
  'notavailable',
  'nil',
  'na',
  'n/a',
  'work',
  'info',
  'personal',
  'test',
  'unknown',
  'sample',
  'other',
  'company',
];
export const COMPANY_NAME_MIN = 5;

export const isPlaceholderCompanyName = (name: string) => PLACEHOLDER_COMPANY_NAMES.includes(name.trim().toLowerCase());

/** A basic pattern, as the spec asks: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const VALID_EMAIL = 'Please enter a valid email address!';

export const emailField = z
  .string({ error: VALID_EMAIL })
  .check(z.trim(), z.maxLength(LIMITS.email.max, tooLongMessage(LIMITS.email.label, LIMITS.email.max)), z.regex(EMAIL_PATTERN, VALID_EMAIL), z.toLowerCase());

export const companyNameField = z.string({ error: 'Please enter a correct company name or enter your full name!' }).check(
  z.trim(),
  z.maxLength(200, tooLongMessage('Company name', 200)),
  z.refine((s) => !hasControlCharacters(s), controlCharactersMessage('Company name')),
  z.superRefine((name, check) => {
    // The placeholder sentence first: it tells someone typing "n/a" what to do instead.
    if (isPlaceholderCompanyName(name)) check.addIssue({ code: 'custom', message: "If you don't have a company name, please enter your name!" });
    else if (name.length < COMPANY_NAME_MIN) check.addIssue({ code: 'custom', message: 'Please enter a correct company name or enter your full name!' });
  }),
);

/** Step 1 of /auth/register; the password is only required here, its strength is the server's. */
export const registerStep1Schema = z.object({
  first_name: required('Please enter your first name!', { label: 'First name', max: 100 }),
  last_name: required('Please enter your last name!', { label: 'Last name', max: 100 }),
  email: emailField,
  password: secret('Please enter your password!'),
  company_name: companyNameField,
  vat_id: z.optional(
    z.pipe(
      text({ label: 'VAT ID', max: 20 }, VAT_INVALID),
      z.transform((v: string) => v.replace(/[\s.-]/g, '').toUpperCase()),
    ),
  ),
  currency: z.enum(['USD', 'EUR'], { error: 'Please choose a currency!' }),
});

export const COUNTRY_CODES = Object.keys(countries);

/** 'Other' and 'Conference' ask where exactly (spec part 1, 2.3). */
function foundUsSpecific(
  v: { found_us: string; found_us_specific?: string | undefined },
  check: z.core.$RefinementCtx<{ found_us: string; found_us_specific?: string | undefined }>,
) {
  if (FOUND_US_SPECIFIC.includes(v.found_us) && !v.found_us_specific) {
    check.addIssue({ code: 'custom', path: ['found_us_specific'], message: 'Please be specific about where you found us!' });
  }
}

/** Step 2 of /auth/register. */
export const registerStep2Schema = z
  .object({
    address1: required('Please enter your address!', { label: 'Address', max: 200 }),
    address2: z.optional(text({ label: 'Address 2', max: 200 })),
    city: required('Please enter your city!', { label: 'City', max: 100 }),
    region: required('Please enter your region!', { label: 'Region', max: 100 }),
    country: required('Please enter your country!', { label: 'Country', max: 2 }).check(z.refine((c) => COUNTRY_CODES.includes(c), 'Please enter your country!')),
    postal_code: required('Please enter your postal code!', { label: 'Postal code', max: 20 }),
    found_us: z.enum(FOUND_US_CHOICES, { error: 'Please enter where you heard about us!' }),
    found_us_specific: z.optional(text({ label: 'Where you found us', max: 200 })),
  })
  .check(z.superRefine(foundUsSpecific));

/** Step 5: the box must be ticked. */
export const agreeTermsField = z.literal(true, { error: 'Please accept the Terms of Service and the Privacy Policy!' });

/** POST /auth/register/: the whole payload of spec part 1, 3, checked by the panel and the API alike. */
export const registerSchema = z
  .object({ ...registerStep1Schema.shape, ...registerStep2Schema.shape, agree_terms: agreeTermsField, ...trackingSchema.shape })
  .check(z.superRefine(foundUsSpecific));
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /auth/vat/. */
export const vatCheckSchema = z.object({
  vat_id: z.pipe(
    required(VAT_INVALID, { label: 'VAT ID', max: 20 }),
    z.transform((v: string) => v.replace(/[\s.-]/g, '').toUpperCase()),
  ),
  company_name: z._default(text({ label: 'Company name', max: 200 }), ''),
});

export const validateEmailSchema = z.object({ email: emailField });
