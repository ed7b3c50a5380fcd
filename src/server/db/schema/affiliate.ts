import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './billing';
import { createdAt, guidPk, ts } from './columns';
import { companies, users } from './identity';
import { cents, currency, billedParty } from './refs';

/**
 * The affiliate programme belongs to a person's account, not to a company: the affiliate
 * routes are account routes (spec part 3, 2.1), so rows key on user_guid.
 */
export const affiliateAccounts = pgTable('affiliate_accounts', {
  guid: guidPk(),
  userGuid: uuid('user_guid')
    .notNull()
    .unique()
    .references(() => users.guid, { onDelete: 'cascade' }),
  /** PENDING (reviewed within 2 working days), ACTIVE, DECLINED, SUSPENDED. */
  status: text('status').notNull().default('PENDING'),
  /** COMPANY or PERSONAL; for PERSONAL the company name is first plus last name. */
  accountType: text('account_type').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  companyName: text('company_name').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  region: text('region').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  vatId: text('vat_id'),
  promotionPlatforms: text('promotion_platforms').notNull(),
  promotionMethods: text('promotion_methods').notNull(),
  /** Percent of each referred payment. */
  payoutRate: numeric('payout_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
  paymentThresholdCents: integer('payment_threshold_cents').notNull().default(10000),
  /** NET days, and how often invoices are made (MONTHLY). */
  paymentTerm: integer('payment_term').notNull().default(30),
  billingCycle: text('billing_cycle').notNull().default('MONTHLY'),
  cookieDurationDays: integer('cookie_duration_days').notNull().default(60),
  dateApproved: ts('date_approved'),
  dateCreated: createdAt(),
});

const affiliateRef = () =>
  uuid('affiliate_guid')
    .notNull()
    .references(() => affiliateAccounts.guid, { onDelete: 'cascade' });

export const affiliateLinks = pgTable(
  'affiliate_links',
  {
    guid: guidPk(),
    affiliateGuid: affiliateRef(),
    linkHash: text('link_hash').notNull(),
    /** DEFAULT or CUSTOM (approved by hand). */
    linkType: text('link_type').notNull().default('DEFAULT'),
    /** PENDING (custom, awaiting approval), ACTIVE, DISABLED, DECLINED. */
    status: text('status').notNull().default('ACTIVE'),
    usageDescription: text('usage_description'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_links_hash_key').on(t.linkHash), index('affiliate_links_affiliate_idx').on(t.affiliateGuid, t.dateCreated)],
);

/** Clicks on affiliate links; click_id comes back as aff_click_id at sign-up. */
export const affiliateVisits = pgTable(
  'affiliate_visits',
  {
    guid: guidPk(),
    affiliateGuid: affiliateRef(),
    linkGuid: uuid('link_guid').references(() => affiliateLinks.guid, { onDelete: 'set null' }),
    clickId: text('click_id').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    referer: text('referer'),
    landingUrl: text('landing_url'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('affiliate_visits_click_key').on(t.clickId), index('affiliate_visits_affiliate_idx').on(t.affiliateGuid, t.dateCreated)],
);

export const affiliateInvoices = pgTable(
  'affiliate_invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 701 }),
    affiliateGuid: affiliateRef(),
    /** UNPAID or PAID. */
    status: text('status').notNull().default('UNPAID'),
    currency: currency(),
    grossAmountCents: cents('gross_amount_cents'),
    taxCents: cents('tax_cents'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    netAmountCents: cents('net_amount_cents'),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    // The affiliate's details as they were when the invoice was made.
    ...billedParty(),
    vatId: text('vat_id'),
    paymentTerm: integer('payment_term').notNull().default(30),
    billingCycle: text('billing_cycle').notNull().default('MONTHLY'),
    datePaid: ts('date_paid'),
    dateCreated: createdAt(),
  },
  (t) => [index('affiliate_invoices_affiliate_idx').on(t.affiliateGuid, t.id)],
);

/** Earnings: one per referred payment. NEW for a referral's first payment, then RECURRING. */
export const referrals = pgTable(
  'referrals',
  {
    guid: guidPk(),
    affiliateGuid: affiliateRef(),
    referredCompanyGuid: uuid('referred_company_guid').references(() => companies.guid, { onDelete: 'set null' }),
    visitGuid: uuid('visit_guid').references(() => affiliateVisits.guid, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    affiliateInvoiceId: integer('affiliate_invoice_id').references(() => affiliateInvoices.id, { onDelete: 'set null' }),
    payoutCents: cents('payout_cents'),
    currency: currency(),
    payoutType: text('payout_type').notNull().default('NEW'),
    /** CLEARING until date_clears, then UNPAID, then PAID; REVERSED on refund. */
    status: text('status').notNull().default('CLEARING'),
    dateClears: ts('date_clears').notNull(),
    dateCreated: createdAt(),
  },
  (t) => [index('referrals_affiliate_idx').on(t.affiliateGuid, t.dateCreated)],
);

export const affiliateInvoiceItems = pgTable(
  'affiliate_invoice_items',
  {
    guid: guidPk(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => affiliateInvoices.id, { onDelete: 'cascade' }),
    referralGuid: uuid('referral_guid').references(() => referrals.guid, { onDelete: 'set null' }),
    description: text('description').notNull(),
    payoutCents: cents('payout_cents'),
  },
  (t) => [index('affiliate_invoice_items_invoice_idx').on(t.invoiceId)],
);

/** Payout details; every save adds a row (the history shows date and description), the newest counts. */
export const affiliatePaymentDetails = pgTable(
  'affiliate_payment_details',
  {
    guid: guidPk(),
    affiliateGuid: affiliateRef(),
    /** What the history lists, e.g. 'PayPal: pay@example.com'. */
    description: text('description').notNull(),
    currency: currency(),
    /** PAYPAL, ACH or SWIFT. */
    paymentMethod: text('payment_method').notNull(),
    paypalEmail: text('paypal_email'),
    billingEmail: text('billing_email'),
    country: text('country'),
    city: text('city'),
    address: text('address'),
    postCode: text('post_code'),
    accountName: text('account_name'),
    bankCountry: text('bank_country'),
    bankCity: text('bank_city'),
    bankAddress: text('bank_address'),
    bankPostCode: text('bank_post_code'),
    bankName: text('bank_name'),
    achRoutingNo: text('ach_routing_no'),
    achAccountNo: text('ach_account_no'),
    /** CHECKING or SAVINGS. */
    achAccountType: text('ach_account_type'),
    iban: text('iban'),
    swiftBic: text('swift_bic'),
    dateCreated: createdAt(),
  },
  (t) => [index('affiliate_payment_details_affiliate_idx').on(t.affiliateGuid, t.dateCreated)],
);
