import { index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoices, orders } from './billing';
import { createdAt, guidPk, ts } from './columns';
import { ipAddresses } from './ip';
import { cents, companyGuid, currency, userRef, billedParty } from './refs';

/** Saved ways to pay. Card numbers are never stored: only brand, last four digits and expiry. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    /** CARD, PAYPAL, BANK_TRANSFER, CRYPTOMUS or BINANCE_PAY. */
    methodType: text('method_type').notNull(),
    /** The profile name the user gave it. */
    name: text('name').notNull(),
    /** What the list shows, e.g. 'Visa ending in 4242, expires 08/2029'. */
    details: text('details').notNull().default(''),
    /** ACTIVE or DISABLED; PENDING_VERIFICATION until a card's verification returns. */
    status: text('status').notNull().default('ACTIVE'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    paypalEmail: text('paypal_email'),
    /** Billing name and address given with the card. */
    billingDetails: jsonb('billing_details').$type<Record<string, string>>(),
    /** The gateway's reference for charging it again. */
    gatewayReference: text('gateway_reference'),
    dateVerified: ts('date_verified'),
    dateCreated: createdAt(),
  },
  (t) => [index('payment_methods_company_idx').on(t.companyGuid, t.status)],
);

/**
 * A visit to the sandbox gateway (decisions.md, Payments): the redirect_url or
 * verification_url answered points at it, and the payer approves or declines there.
 */
export const gatewaySessions = pgTable(
  'gateway_sessions',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    /** PAYMENT or CARD_VERIFICATION. */
    kind: text('kind').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    paymentMethodGuid: uuid('payment_method_guid').references(() => paymentMethods.guid, { onDelete: 'cascade' }),
    paymentMethodType: text('payment_method_type').notNull(),
    amountCents: cents('amount_cents'),
    currency: currency(),
    cryptocurrency: text('cryptocurrency'),
    /** PENDING, APPROVED, DECLINED or EXPIRED. */
    status: text('status').notNull().default('PENDING'),
    returnUrl: text('return_url'),
    createdBy: userRef('created_by'),
    dateCompleted: ts('date_completed'),
    dateCreated: createdAt(),
  },
  (t) => [index('gateway_sessions_company_idx').on(t.companyGuid, t.dateCreated)],
);

/** Money moved: payments in and refunds out, told apart by `kind`; amounts are positive. */
export const transactions = pgTable(
  'transactions',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    /** PAYMENT or REFUND. */
    kind: text('kind').notNull().default('PAYMENT'),
    /** COMPLETED, PENDING, FAILED, REFUNDED or REVERSED. */
    status: text('status').notNull().default('COMPLETED'),
    amountCents: cents('amount_cents'),
    currency: currency(),
    paymentMethodType: text('payment_method_type').notNull(),
    paymentMethodGuid: uuid('payment_method_guid').references(() => paymentMethods.guid, { onDelete: 'set null' }),
    /** The gateway's id of the payment. */
    transactionId: text('transaction_id').notNull(),
    cryptocurrency: text('cryptocurrency'),
    dateCreated: createdAt(),
  },
  (t) => [index('transactions_company_idx').on(t.companyGuid, t.dateCreated), uniqueIndex('transactions_gateway_id_key').on(t.transactionId)],
);

/** One payment can settle several invoices; the share of each is recorded. */
export const transactionInvoices = pgTable(
  'transaction_invoices',
  {
    transactionGuid: uuid('transaction_guid')
      .notNull()
      .references(() => transactions.guid, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents'),
  },
  (t) => [primaryKey({ columns: [t.transactionGuid, t.invoiceId] }), index('transaction_invoices_invoice_idx').on(t.invoiceId)],
);

export const refunds = pgTable(
  'refunds',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The REFUND transaction that paid it out. */
    transactionGuid: uuid('transaction_guid').references(() => transactions.guid, { onDelete: 'set null' }),
    /** PENDING, PROCESSED or DECLINED. */
    status: text('status').notNull().default('PENDING'),
    reason: text('reason'),
    dateCreated: createdAt(),
  },
  (t) => [index('refunds_company_idx').on(t.companyGuid), index('refunds_invoice_idx').on(t.invoiceId)],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 501 }),
    companyGuid: companyGuid(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** ACTIVE while balance remains, USED when spent, CANCELLED. */
    status: text('status').notNull().default('ACTIVE'),
    ...billedParty(),
    currency: currency(),
    initialBalanceCents: cents('initial_balance_cents'),
    initialTaxCents: cents('initial_tax_cents'),
    balanceCents: cents('balance_cents'),
    /** The refund transaction, when the credit was paid out rather than kept. */
    transactionGuid: uuid('transaction_guid').references(() => transactions.guid, { onDelete: 'set null' }),
    customNotes: text('custom_notes'),
    dateCreated: createdAt(),
  },
  (t) => [index('credit_notes_company_idx').on(t.companyGuid, t.id)],
);

export const creditNoteItems = pgTable(
  'credit_note_items',
  {
    guid: guidPk(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountCents: cents('amount_cents'),
    currency: currency(),
    taxCents: cents('tax_cents'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('credit_note_items_note_idx').on(t.creditNoteId)],
);

/** Movements of a credit note's balance: ISSUED, APPLIED (to an invoice) or REFUNDED. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    guid: guidPk(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    amountCents: cents('amount_cents'),
    currency: currency(),
    dateCreated: createdAt(),
  },
  (t) => [index('credit_transactions_note_idx').on(t.creditNoteId)],
);

/**
 * A request to cancel IP addresses (Billing > Cancellation Requests) or a whole order
 * (order_id set). It carries the feedback of the cancel form. can_cancel is derived:
 * PENDING and not yet processed.
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** PENDING, PROCESSED or CANCELLED. */
    status: text('status').notNull().default('PENDING'),
    /** END_OF_BILLING_CYCLE (default) or IMMEDIATELY. */
    cancellationTime: text('cancellation_time').notNull().default('END_OF_BILLING_CYCLE'),
    cancellationReason: text('cancellation_reason').notNull(),
    customCancellationReason: text('custom_cancellation_reason'),
    recommendationScore: integer('recommendation_score'),
    howLikelyToUseUsAgain: integer('how_likely_to_use_us_again'),
    requestedBy: userRef('requested_by'),
    /** When it will be carried out (the end of the billing cycle, or now). */
    dateEffective: ts('date_effective'),
    dateProcessed: ts('date_processed'),
    dateCreated: createdAt(),
  },
  (t) => [index('cancellation_requests_company_idx').on(t.companyGuid, t.dateCreated), index('cancellation_requests_due_idx').on(t.status, t.dateEffective)],
);

export const cancellationRequestIpAddresses = pgTable(
  'cancellation_request_ip_addresses',
  {
    requestGuid: uuid('request_guid')
      .notNull()
      .references(() => cancellationRequests.guid, { onDelete: 'cascade' }),
    ipAddressGuid: uuid('ip_address_guid')
      .notNull()
      .references(() => ipAddresses.guid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestGuid, t.ipAddressGuid] }), index('cancellation_request_ips_ip_idx').on(t.ipAddressGuid)],
);
