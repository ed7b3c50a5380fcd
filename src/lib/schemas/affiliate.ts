import { z } from 'zod/mini';
import { pagingSchema } from './lists';
import { required, text } from './text';

/**
 * Inputs of the affiliate programme (spec part 3, 2.10, 3, 5 "Affiliate application" and
 * "Custom affiliate link", 7 "Affiliate"), shared by the panel's forms and the server.
 */

// Success sentences (spec part 3, 8).
export const PAYMENT_DETAILS_UPDATED = 'Payment method successfully updated!';
export const LINK_CREATED = 'New link successfully created!';
export const CUSTOM_LINK_REQUESTED = 'A custom link successfully requested!';
export const LINK_DISABLED = 'Link successfully disabled!';
/** Spec part 3, 4 and 8: the application "is reviewed within 2 working days". */
export const APPLICATION_SUBMITTED = 'Thank you! Your affiliate application has been submitted and will be reviewed within 2 working days.';

export const AFFILIATE_NOT_FOUND = 'You do not have an affiliate account yet.';
export const AFFILIATE_NOT_ACTIVE = 'Your affiliate account is not active yet: your application is reviewed within 2 working days.';
export const AFFILIATE_EXISTS = 'You have already applied to the affiliate programme.';
export const LINK_NOT_FOUND = 'Affiliate link not found.';
export const AFFILIATE_INVOICE_NOT_FOUND = 'Affiliate invoice not found.';
export const LINK_HASH_TAKEN = 'This link is already taken, please choose another one!';
export const LINK_NOT_ACTIVE = 'Only an active link can be disabled!';

export const ACCOUNT_TYPES = ['COMPANY', 'PERSONAL'] as const;
export type AffiliateAccountType = (typeof ACCOUNT_TYPES)[number];

const field = (what: string, label: string, max: number) => required(`Please enter your ${what}!`, { label, max });

/** Spec part 3, 5: every field required but address 2; for PERSONAL the company name is first plus last name. */
export const applicationSchema = z
  .object({
    account_type: z.enum(ACCOUNT_TYPES, { error: 'Please choose the account type!' }),
    first_name: field('first name', 'First name', 100),
    last_name: field('last name', 'Last name', 100),
    company_name: z.optional(text({ label: 'Company name', max: 200 })),
    address1: field('address', 'Address', 200),
    address2: z.optional(text({ label: 'Address 2', max: 200 })),
    city: field('city', 'City', 100),
    region: field('region', 'Region', 100),
    postal_code: field('postal code', 'Postal code', 20),
    country: z.pipe(field('country', 'Country', 2), z.string().check(z.regex(/^[A-Za-z]{2}$/, 'Please choose the country from the list!'))),
    phone: field('phone', 'Phone', 40),
    promotion_platforms: required('Please enter your promotion platforms!', { label: 'Promotion platforms', max: 1000, multiline: true }),
    promotion_methods: required('Please enter your promotion methods!', { label: 'Promotion methods', max: 1000, multiline: true }),
    agreement: z.literal(true, { error: 'Please accept the affiliate agreement!' }),
  })
  .check(z.refine((v) => v.account_type !== 'COMPANY' || !!v.company_name?.trim(), { message: 'Please enter your company name!', path: ['company_name'] }));
export type ApplicationInput = z.input<typeof applicationSchema>;

/** The company name an application stands for (spec part 3, 5: PERSONAL takes first plus last name). */
export const applicantCompanyName = (a: { account_type: AffiliateAccountType; first_name: string; last_name: string; company_name?: string | undefined }) =>
  a.account_type === 'PERSONAL' ? `${a.first_name} ${a.last_name}` : (a.company_name ?? '').trim();

export const LINK_TYPES = ['DEFAULT', 'CUSTOM'] as const;
export const BRAND_REQUIRED = 'Please enter your brand name!';
export const USAGE_REQUIRED = 'Please describe how and where you use the custom link!';
export const BRAND_CHARACTERS = 'Please use only letters a-z, digits 0-9 and hyphens!';

/** Spec part 3, 5 "Custom affiliate link": lowercased, a-z 0-9 and hyphen. */
export const customHashSchema = z.pipe(
  required(BRAND_REQUIRED, { label: 'Brand name', max: 50 }),
  z.pipe(
    z.transform((s: string) => s.toLowerCase()),
    z.string().check(z.regex(/^[a-z0-9-]+$/, BRAND_CHARACTERS)),
  ),
);

export const linkCreateSchema = z.discriminatedUnion('link_type', [
  z.object({ link_type: z.literal('DEFAULT') }),
  z.object({
    link_type: z.literal('CUSTOM'),
    custom_hash: customHashSchema,
    usage_description: required(USAGE_REQUIRED, { label: 'Usage description', max: 1000, multiline: true }),
  }),
]);
export type LinkCreateInput = z.input<typeof linkCreateSchema>;

/**
 * The links list's paging; spec decisions, 2: the original sent the page size as `per_month`,
 * so the server takes it as an alias of `per_page`.
 */
export const linkListQuery = z.pipe(
  z.transform((q: unknown) => {
    const query = { ...(q as Record<string, unknown>) };
    if (query.per_page === undefined && query.per_month !== undefined) query.per_page = query.per_month;
    delete query.per_month;
    return query;
  }),
  pagingSchema(100),
);
export const invoiceListQuery = pagingSchema(100);

export const REPORT_DATE_INVALID = 'Please enter dates as YYYY-MM-DD!';
export const REPORT_RANGE_REVERSED = 'The start date must not be after the end date!';
/** The longest report range, in days (two years and a leap day). */
export const REPORT_MAX_DAYS = 731;
export const REPORT_RANGE_TOO_LONG = 'Please choose a range of at most 2 years!';

const day = z.string({ error: REPORT_DATE_INVALID }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_DATE_INVALID));
export const reportQuery = z.object({ start: day, end: day });
export type ReportQuery = z.input<typeof reportQuery>;

export const PAYMENT_METHODS = ['PAYPAL', 'ACH', 'SWIFT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYOUT_CURRENCIES = ['USD', 'EUR'] as const;
export const ACH_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;

const bank = {
  billing_email: z.pipe(field('billing email', 'Billing email', 254), z.email('Please enter a valid billing email!')),
  country: field('country', 'Country', 2),
  city: field('city', 'City', 100),
  address: field('address', 'Address', 200),
  post_code: field('post code', 'Post code', 20),
  account_name: field('account name', 'Account name', 150),
  bank_country: field('bank country', 'Bank country', 2),
  bank_city: field('bank city', 'Bank city', 100),
  bank_address: field('bank address', 'Bank address', 200),
  bank_post_code: field('bank post code', 'Bank post code', 20),
  bank_name: field('bank name', 'Bank name', 150),
};
const currency = z.enum(PAYOUT_CURRENCIES, { error: 'Please choose the currency!' });

/** Spec part 3, 3 "Payment details payload": PayPal needs its email; ACH and SWIFT the bank fields and their own. */
export const paymentDetailsSchema = z.discriminatedUnion('payment_method', [
  z.object({ payment_method: z.literal('PAYPAL'), currency, paypal_email: z.pipe(field('PayPal email', 'PayPal email', 254), z.email('Please enter a valid PayPal email!')) }),
  z.object({
    payment_method: z.literal('ACH'),
    currency,
    ...bank,
    ach_routing_no: z.pipe(field('routing number', 'Routing number', 9), z.string().check(z.regex(/^\d{9}$/, 'A routing number has 9 digits!'))),
    ach_account_no: z.pipe(field('account number', 'Account number', 17), z.string().check(z.regex(/^\d{4,17}$/, 'An account number has 4 to 17 digits!'))),
    ach_account_type: z.enum(ACH_ACCOUNT_TYPES, { error: 'Please choose the account type!' }),
  }),
  z.object({
    payment_method: z.literal('SWIFT'),
    currency,
    ...bank,
    iban: z.pipe(field('IBAN', 'IBAN', 34), z.string().check(z.regex(/^[A-Za-z]{2}\d{2}[A-Za-z0-9 ]{10,32}$/, 'Please enter a valid IBAN!'))),
    swift_bic: z.pipe(field('SWIFT/BIC', 'SWIFT/BIC', 11), z.string().check(z.regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, 'Please enter a valid SWIFT/BIC!'))),
  }),
]);
export type PaymentDetailsInput = z.input<typeof paymentDetailsSchema>;
