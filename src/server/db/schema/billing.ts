import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { hostingAccounts, hostingPlans } from './hosting';
import { ipGroups } from './ip';
import { cents, companyGuid, currency, userRef, billedParty } from './refs';

export type OrderPreferences = {
  ip_address_type?: 'DEDICATED' | 'SHARED';
  ip_address_class_filter?: 'NONE' | 'A' | 'B' | 'C';
  excluded_groups?: string[];
  locations?: { location: string; ip_address_count: number; additional_site_count: number }[];
};

/** Orders are numbered, as the spec shows them (/billing/orders/{id}). */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10001 }),
    companyGuid: companyGuid(),
    /** IP_ADDRESS_HOSTING, SHARED_HOSTING, VPS_HOSTING, DEDICATED_SERVER_HOSTING, DOMAIN, WEBSITE_SETUP, MANAGED_HOSTING. */
    orderType: text('order_type').notNull(),
    /** PENDING (awaiting first payment), ACTIVE, SUSPENDED, PENDING_CANCELLATION, CANCELLED, COMPLETED. */
    status: text('status').notNull().default('PENDING'),
    tags: text('tags').array().notNull().default([]),
    /** Name of a billing_cycles row (MONTHLY, ANNUALLY, ...) and its length, copied at order time. */
    billingCycle: text('billing_cycle').notNull().default('MONTHLY'),
    billingCycleMonths: integer('billing_cycle_months').notNull().default(1),
    monthlyCostCents: cents('monthly_cost_cents'),
    currency: currency(),
    couponGuid: uuid('coupon_guid').references((): AnyPgColumn => coupons.guid, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    ipGroupGuid: uuid('ip_group_guid').references((): AnyPgColumn => ipGroups.guid, { onDelete: 'set null' }),
    hostingAccountGuid: uuid('hosting_account_guid').references((): AnyPgColumn => hostingAccounts.guid, {
      onDelete: 'set null',
    }),
    sharedHostingPlanGuid: uuid('shared_hosting_plan_guid').references((): AnyPgColumn => hostingPlans.guid, {
      onDelete: 'set null',
    }),
    preferences: jsonb('preferences').$type<OrderPreferences>().notNull().default({}),
    /** Type-specific details; a WEBSITE_SETUP order's live in website_setup_orders. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Orders bundled with this one (a website setup brings IP, hosting and managed hosting orders). */
    sharedHostingOrderId: integer('shared_hosting_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    ipAddressOrderId: integer('ip_address_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    managedHostingServiceOrderId: integer('managed_hosting_service_order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    createdBy: userRef('created_by'),
    dateNextInvoice: ts('date_next_invoice'),
    dateActivated: ts('date_activated'),
    dateSuspended: ts('date_suspended'),
    dateCancelled: ts('date_cancelled'),
    dateCreated: createdAt(),
  },
  (t) => [
    index('orders_company_idx').on(t.companyGuid, t.id),
    index('orders_company_status_idx').on(t.companyGuid, t.status),
    index('orders_next_invoice_idx').on(t.dateNextInvoice),
  ],
);

/**
 * Amounts, all in cents of `currency`: sub_total (items) - discount_amount = initial_amount;
 * initial_tax = initial_amount * tax_rate; total_amount = initial_amount + initial_tax;
 * balance_due = total_amount - payment_made.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 20001 }),
    companyGuid: companyGuid(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** PAID, UNPAID, PARTIALLY_PAID or CANCELLED. */
    status: text('status').notNull().default('UNPAID'),
    currency: currency(),
    // The billed party as it was when the invoice was issued.
    ...billedParty(),
    vatId: text('vat_id'),
    /** NET days. */
    paymentTerms: integer('payment_terms').notNull().default(7),
    subTotalCents: cents('sub_total_cents'),
    couponName: text('coupon_name'),
    couponValue: text('coupon_value'),
    discountAmountCents: cents('discount_amount_cents'),
    /** Percent, e.g. 21.00. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    initialTaxCents: cents('initial_tax_cents'),
    initialAmountCents: cents('initial_amount_cents'),
    totalAmountCents: cents('total_amount_cents'),
    paymentMadeCents: cents('payment_made_cents'),
    balanceDueCents: cents('balance_due_cents'),
    customNotes: text('custom_notes'),
    /** EUR per 1 USD on the day an EUR invoice was issued (spec part 3, 9: converted daily from a USD base); null on USD invoices. */
    eurPerUsd: numeric('eur_per_usd', { precision: 12, scale: 6, mode: 'number' }),
    /** NEW_ORDER, RENEWAL, EXTENSION, SLOT_UPGRADE, PLAN_CHANGE or WEBSITE_SETUP. */
    purpose: text('purpose').notNull().default('NEW_ORDER'),
    /** What to carry out once fully paid: an InvoiceAction (src/server/billing/invoice-actions.ts), parsed where it is read. */
    onPaid: jsonb('on_paid').$type<Record<string, unknown>>(),
    dateDue: ts('date_due').notNull(),
    datePaid: ts('date_paid'),
    dateCreated: createdAt(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyGuid, t.id),
    index('invoices_company_status_idx').on(t.companyGuid, t.status, t.dateDue),
    index('invoices_order_idx').on(t.orderId),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    guid: guidPk(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    quantity: integer('quantity').notNull().default(1),
    rateCents: cents('rate_cents'),
    subTotalCents: cents('sub_total_cents'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
);

/** Provider-wide coupon codes. */
export const coupons = pgTable('coupons', {
  guid: guidPk(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** PERCENTAGE or FIXED_AMOUNT. */
  discountType: text('discount_type').notNull().default('PERCENTAGE'),
  percentageValue: integer('percentage_value'),
  amountCents: integer('amount_cents'),
  currency: text('currency'),
  /** Order types it applies to; empty means all. */
  orderTypes: text('order_types').array().notNull().default([]),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  dateExpires: ts('date_expires'),
  dateCreated: createdAt(),
});

/** Billing cycles offered per order type, with their default discount ('N% off'). */
export const billingCycles = pgTable(
  'billing_cycles',
  {
    guid: guidPk(),
    orderType: text('order_type').notNull(),
    /** MONTHLY, QUARTERLY, SEMI_ANNUALLY, ANNUALLY, BIENNIALLY. */
    name: text('name').notNull(),
    months: integer('months').notNull(),
    /** Null means no discount; only PERCENTAGE discounts exist. */
    discountPercentage: integer('discount_percentage'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('billing_cycles_key').on(t.orderType, t.name)],
);

/** Units of a currency per 1 USD, refreshed daily (EUR prices are approximate). */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  perUsd: numeric('per_usd', { precision: 12, scale: 6, mode: 'number' }).notNull(),
  dateUpdated: ts('date_updated').notNull().defaultNow(),
});

/** The done-for-you website order of the Services page. */
export const websiteSetupOrders = pgTable(
  'website_setup_orders',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteCount: integer('website_count').notNull(),
    contentCount: integer('content_count').notNull(),
    premiumTheme: boolean('premium_theme').notNull().default(false),
    managedHosting: boolean('managed_hosting').notNull().default(false),
    whiteGloveDomainPicking: boolean('white_glove_domain_picking').notNull().default(false),
    /** Fulfilment: PENDING, IN_PROGRESS, COMPLETED. */
    status: text('status').notNull().default('PENDING'),
    dateCreated: createdAt(),
  },
  (t) => [index('website_setup_orders_company_idx').on(t.companyGuid), uniqueIndex('website_setup_orders_order_key').on(t.orderId)],
);

/**
 * Answers already given to an order or payment call, so a retry with the same key gets the
 * same answer instead of a second charge. `request_hash` catches a key reused for another body.
 * While a request runs its row names the process and the attempt holding it, and a lease that
 * attempt renews; a retry takes over a key whose holder died (src/server/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyGuid: companyGuid(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** The server process whose request holds the key (a random id per process). */
    ownerProcess: text('owner_process'),
    /** The attempt holding the key: its writes to this row are fenced by it, so a taken-over attempt cannot commit. */
    claim: uuid('claim'),
    /** Until when the holder counts as alive; renewed while its request runs. */
    leaseExpires: ts('lease_expires'),
    /** What the work's own transactions recorded as committed, by step, for a retry to finish from. */
    progress: jsonb('progress').$type<Record<string, unknown>>().notNull().default({}),
    dateCreated: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyGuid, t.route, t.key] }), index('idempotency_keys_date_idx').on(t.dateCreated)],
);
