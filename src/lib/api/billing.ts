import { z } from 'zod';
import { billingRoutes } from '../requests/billing';
import { creditNoteListQuery, invoiceListQuery, orderListQuery, orderTagsSchema, transactionListQuery } from '../schemas/billing';
import { cardSchema, paymentMethodListQuery, paymentMethodStatusSchema, paymentSchema, paypalSchema } from '../schemas/billing-payments';
import { defineOperation, messageAnswer, pageOf } from './define';
import { pagingSchema } from '../schemas/lists';
import { BILLING_SCOPES } from '../rules/billing-tabs';

/**
 * Billing's documents (spec part 3, 2.4-2.7, 3 and 7 "Billing"): orders, invoices, credit notes
 * and transactions, read-only but for the order's tags. Money is integer cents of the document's
 * `currency` (docs/decisions.md "API answers"); the panel formats it with formatMoney.
 */
const area = 'billing';
const iso = z.iso.datetime();
const cents = z.number().int();

/** A numbered document's id in a path: digits only, anything else names nothing (404). */
export const documentIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});

export const ORDER_NOT_FOUND = 'Order not found.';
export const INVOICE_NOT_FOUND = 'Invoice not found.';
export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found.';

const named = z.object({ guid: z.guid(), name: z.string() });

export const order = z
  .object({
    id: z.number().int(),
    order_type: z.string(),
    status: z.string(),
    tags: z.array(z.string()),
    date_created: iso,
    date_next_invoice: iso.nullable(),
    billing_cycle: z.string(),
    /** Months in one billing cycle. */
    billing_cycle_months: z.number().int(),
    monthly_cost: cents,
    currency: z.string(),
    coupon: z.string().nullable(),
    group: named.nullable(),
    /** How many addresses the order holds (a count: an order may hold 99,999). */
    ip_addresses: z.number().int(),
    /**
     * On the order page only: its first addresses (up to ORDER_ADDRESS_SAMPLE, lowest first), or
     * null when the member may not see them (spec part 3, 2.2: 'Hidden!' without can_view_ip_addresses).
     */
    ip_address_list: z
      .array(z.object({ ip_address: z.string(), status: z.string() }))
      .nullable()
      .optional(),
    preferences: z.object({
      ip_address_type: z.string().optional(),
      ip_address_class_filter: z.string().optional(),
      /** Each location by its marketplace code, with its city and country for people (null once the provider no longer lists it). */
      locations: z
        .array(
          z.object({
            location: z.string(),
            city: z.string().nullable().optional(),
            country: z.string().nullable().optional(),
            ip_address_count: z.number().int(),
            additional_site_count: z.number().int(),
          }),
        )
        .optional(),
    }),
    shared_hosting_plan: named.nullable(),
    hosting_account: named.nullable(),
    data: z
      .object({
        website_count: z.number().int(),
        content_count: z.number().int(),
        premium_theme: z.boolean(),
        managed_hosting: z.boolean(),
        white_glove_domain_picking: z.boolean(),
      })
      .nullable(),
    shared_hosting_order: z.number().int().nullable(),
    ip_address_order: z.number().int().nullable(),
    managed_hosting_service_order: z.number().int().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

/** An invoice as the lists show it (spec part 3, 2.4 Invoices tab; 2.6 the order's invoices). */
export const invoiceSummary = z
  .object({
    id: z.number().int(),
    order_id: z.number().int().nullable(),
    status: z.string(),
    currency: z.string(),
    total_amount: cents,
    initial_tax: cents,
    balance_due: cents,
    date_created: iso,
    date_due: iso,
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

/** Who issues the documents: the company's provider (the affiliate invoice's issuer too). */
export const seller = z.object({ name: z.string(), email: z.string(), website: z.string().nullable() });
export type Seller = z.infer<typeof seller>;

/** The billed party a document copies when it is issued (spec part 3, 3 "Invoice"; the affiliate invoice's beneficiary). */
export const billedParty = {
  company_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  postal_code: z.string(),
};

/** Spec part 3, 3 "Invoice", with the seller and the order it bills (2.5). */
export const invoice = z
  .object({
    id: z.number().int(),
    order_id: z.number().int().nullable(),
    status: z.string(),
    currency: z.string(),
    seller,
    ...billedParty,
    vat: z.object({ vat_id: z.string() }).nullable(),
    date_created: iso,
    date_due: iso,
    date_paid: iso.nullable(),
    /** NET days. */
    payment_terms: z.number().int(),
    items: z.array(z.object({ description: z.string(), period_start: iso.nullable(), period_end: iso.nullable(), quantity: z.number().int(), rate: cents, sub_total: cents })),
    sub_total: cents,
    coupon_code: z.object({ name: z.string(), value: z.string() }).nullable(),
    discount_amount: cents,
    /** Percent, 2 decimals. */
    tax_rate: z.number(),
    initial_tax: cents,
    initial_amount: cents,
    total_amount: cents,
    payment_made: cents,
    balance_due: cents,
    transactions: z.array(z.object({ guid: z.guid(), amount: cents, currency: z.string(), date_created: iso, payment_method_type: z.string(), transaction_id: z.string() })),
    refunds: z.array(
      z.object({
        guid: z.guid(),
        status: z.string(),
        date_created: iso,
        transaction: z.object({ amount: cents, currency: z.string(), payment_method_type: z.string(), transaction_id: z.string() }).nullable(),
      }),
    ),
    custom_notes: z.string().nullable(),
    /** EUR per 1 USD on the day of issue, on EUR invoices; null on USD ones (spec part 3, 9). */
    eur_per_usd: z.number().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoice>;

export const creditNoteSummary = z
  .object({ id: z.number().int(), status: z.string(), currency: z.string(), initial_balance: cents, balance: cents, date_created: iso })
  .meta({ id: 'CreditNoteSummary' });
export type CreditNoteSummary = z.infer<typeof creditNoteSummary>;

/** Spec part 3, 3 "Credit note", with the seller (2.7's issuer block) and the invoice it credits. */
export const creditNote = z
  .object({
    id: z.number().int(),
    status: z.string(),
    invoice_id: z.number().int().nullable(),
    seller,
    ...billedParty,
    currency: z.string(),
    items: z.array(z.object({ description: z.string(), amount: cents, currency: z.string(), tax: cents, tax_rate: z.number() })),
    initial_balance: cents,
    initial_tax: cents,
    balance: cents,
    date_created: iso,
    transaction: z.object({ amount: cents, currency: z.string(), date_created: iso, payment_method: z.string(), transaction_id: z.string() }).nullable(),
    credit_transactions: z.array(z.object({ date_created: iso, action: z.string(), amount: cents, currency: z.string() })),
    custom_notes: z.string().nullable(),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNote>;

/** Spec part 3, 3 "Transaction"; `kind` (PAYMENT or REFUND) and `status` beyond its fields. */
export const transaction = z
  .object({
    guid: z.guid(),
    kind: z.string(),
    status: z.string(),
    date_created: iso,
    amount: cents,
    currency: z.string(),
    payment_method_type: z.string(),
    transaction_id: z.string(),
    associated_invoices: z.array(z.object({ id: z.number().int(), status: z.string() })),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transaction>;

const params = documentIdParams;

export const listOrdersOp = defineOperation({
  ...billingRoutes.listOrders,
  area,
  summary: "The company's orders, newest first",
  query: orderListQuery,
  answer: pageOf(order),
  scopes: BILLING_SCOPES.orders,
});
export const getOrderOp = defineOperation({
  ...billingRoutes.getOrder,
  area,
  summary: 'One order',
  params,
  answer: order,
  scopes: BILLING_SCOPES.orders,
  notFound: ORDER_NOT_FOUND,
});
export const listOrderInvoicesOp = defineOperation({
  ...billingRoutes.listOrderInvoices,
  area,
  summary: "An order's invoices, newest first",
  params,
  query: orderListQuery,
  answer: pageOf(invoiceSummary),
  scopes: BILLING_SCOPES.orderInvoices,
  notFound: ORDER_NOT_FOUND,
});
export const setOrderTagsOp = defineOperation({
  ...billingRoutes.setOrderTags,
  area,
  summary: "Replaces the order's tags",
  params,
  body: orderTagsSchema,
  answer: z.object({ message: z.string(), order }),
  scopes: BILLING_SCOPES.editOrders,
  notFound: ORDER_NOT_FOUND,
});
export const listInvoicesOp = defineOperation({
  ...billingRoutes.listInvoices,
  area,
  summary: "The company's invoices, newest first; `status` (repeated) keeps those statuses",
  query: invoiceListQuery,
  answer: pageOf(invoiceSummary),
  scopes: BILLING_SCOPES.invoices,
});
export const getInvoiceOp = defineOperation({
  ...billingRoutes.getInvoice,
  area,
  summary: 'One invoice with its items, payments and refunds',
  params,
  answer: invoice,
  scopes: BILLING_SCOPES.invoices,
  notFound: INVOICE_NOT_FOUND,
});
export const invoicePdfOp = defineOperation({
  ...billingRoutes.invoicePdf,
  area,
  summary: 'The invoice as a PDF',
  params,
  answer: 'file',
  scopes: BILLING_SCOPES.downloadInvoices,
  notFound: INVOICE_NOT_FOUND,
});
export const listCreditNotesOp = defineOperation({
  ...billingRoutes.listCreditNotes,
  area,
  summary: "The company's credit notes, newest first; `status` (repeated) keeps those statuses",
  query: creditNoteListQuery,
  answer: pageOf(creditNoteSummary),
  scopes: BILLING_SCOPES.creditNotes,
});
export const getCreditNoteOp = defineOperation({
  ...billingRoutes.getCreditNote,
  area,
  summary: 'One credit note',
  params,
  answer: creditNote,
  scopes: BILLING_SCOPES.creditNotes,
  notFound: CREDIT_NOTE_NOT_FOUND,
});
export const creditNotePdfOp = defineOperation({
  ...billingRoutes.creditNotePdf,
  area,
  summary: 'The credit note as a PDF',
  params,
  answer: 'file',
  scopes: BILLING_SCOPES.downloadCreditNotes,
  notFound: CREDIT_NOTE_NOT_FOUND,
});
export const listTransactionsOp = defineOperation({
  ...billingRoutes.listTransactions,
  area,
  summary: "The company's transactions (payments and refunds), newest first; `status` (repeated) keeps those statuses",
  query: transactionListQuery,
  answer: pageOf(transaction),
  scopes: BILLING_SCOPES.transactions,
});

/* Payment methods and paying an invoice (spec part 3, 2.4 Payment Methods, 2.5 Pay Invoice, 7 "Billing"). */

export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found.';

/** Spec part 3, 3 "Payment method", with its type and, for a card, its expiry. */
export const paymentMethod = z
  .object({
    guid: z.guid(),
    method_type: z.string(),
    name: z.string(),
    details: z.string(),
    status: z.string(),
    date_created: iso,
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethodRow = z.infer<typeof paymentMethod>;

/** Spec part 3, 3 "The response has requires_verification and verification_url". */
const paymentMethodAdded = z.object({ message: z.string(), payment_method: paymentMethod, requires_verification: z.boolean(), verification_url: z.string().nullable() });

/** Spec part 3, 2.5: the bank transfer details modal (beneficiary, account, bank; the invoice number as the description). */
export const bankTransferDetails = z.object({
  beneficiary: z.string(),
  account: z.string(),
  bic: z.string(),
  bank: z.string(),
  description: z.string(),
  amount: cents,
  currency: z.string(),
});
export type BankTransferDetails = z.infer<typeof bankTransferDetails>;

/** redirect_url for the gateway (spec part 3, 7), or the transfer details for BANK_TRANSFER. */
export const paymentAnswer = z
  .object({ redirect_url: z.string().nullable(), amount: cents, currency: z.string(), bank_transfer: bankTransferDetails.nullable() })
  .meta({ id: 'PaymentStarted' });
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

const methodParams = z.object({ guid: z.guid() });

export const listPaymentMethodsOp = defineOperation({
  ...billingRoutes.listPaymentMethods,
  area,
  summary: "The company's ACTIVE and DISABLED payment methods, newest first; `status` (repeated) keeps those",
  query: paymentMethodListQuery,
  answer: z.object({ data: z.array(paymentMethod) }),
  scopes: BILLING_SCOPES.paymentMethods,
});
export const addCardOp = defineOperation({
  ...billingRoutes.addCard,
  area,
  summary: 'Adds a card; it becomes ACTIVE once verified at the gateway (a $1.00 hold)',
  body: cardSchema,
  answer: paymentMethodAdded,
  status: 201,
  scopes: BILLING_SCOPES.addPaymentMethods,
  // A double click must not add the card twice.
  idempotent: true,
});
export const addPaypalOp = defineOperation({
  ...billingRoutes.addPaypal,
  area,
  summary: 'Adds a PayPal account; it becomes ACTIVE once approved at the gateway',
  body: paypalSchema,
  answer: paymentMethodAdded,
  status: 201,
  scopes: BILLING_SCOPES.addPaymentMethods,
  idempotent: true,
});
export const setPaymentMethodStatusOp = defineOperation({
  ...billingRoutes.setPaymentMethodStatus,
  area,
  summary: 'Disables or re-activates a payment method',
  params: methodParams,
  body: paymentMethodStatusSchema,
  answer: z.object({ message: z.string(), payment_method: paymentMethod }),
  scopes: BILLING_SCOPES.editPaymentMethods,
  notFound: PAYMENT_METHOD_NOT_FOUND,
});
export const deletePaymentMethodOp = defineOperation({
  ...billingRoutes.deletePaymentMethod,
  area,
  summary: 'Deletes a payment method',
  params: methodParams,
  answer: messageAnswer,
  scopes: BILLING_SCOPES.editPaymentMethods,
  notFound: PAYMENT_METHOD_NOT_FOUND,
});
export const payInvoiceOp = defineOperation({
  ...billingRoutes.pay,
  area,
  summary: 'Starts paying an invoice: the gateway page to go to, or the bank transfer details',
  body: paymentSchema,
  answer: paymentAnswer,
  scopes: BILLING_SCOPES.payInvoices,
  // A double click or a retried request makes one gateway session and at most one charge.
  idempotent: true,
});

/* Cancellation requests (spec part 3, 2.4 Cancellation Requests tab, 3, 4 and 7 "Billing"); POST is in ./ip-addresses.ts. */

export const CANCELLATION_REQUEST_NOT_FOUND = 'Cancellation request not found.';
export const CANCELLATION_REQUEST_CANCELLED = 'Cancellation request successfully cancelled!';
/** 409 sentences: only a PENDING request whose time has not come can be withdrawn (spec part 3, 4). */
export const CANCELLATION_ALREADY_PROCESSED = 'This cancellation request has already been processed and can no longer be cancelled.';
export const CANCELLATION_DUE = 'This cancellation request is being carried out and can no longer be cancelled.';
/** How many of a request's addresses its detail lists (a request made by filter may hold 99,999); ip_address_count has them all. */
export const CANCELLATION_ADDRESS_LIMIT = 1000;

/** Spec part 3, 3 "Cancellation request", as the tab lists it. */
export const cancellationRequestSummary = z
  .object({
    guid: z.guid(),
    date_created: iso,
    date_processed: iso.nullable(),
    status: z.string(),
    cancellation_time: z.string(),
    ip_address_count: z.number().int(),
    /** PENDING and its effective date still ahead (docs/decisions.md "Cancellation requests"). */
    can_cancel: z.boolean(),
    /** The order a whole-order cancellation names, or null. */
    order: z.number().int().nullable(),
  })
  .meta({ id: 'CancellationRequestSummary' });
export type CancellationRequestSummary = z.infer<typeof cancellationRequestSummary>;

/** One request with its addresses (the first CANCELLATION_ADDRESS_LIMIT, lowest first). */
export const cancellationRequest = cancellationRequestSummary
  .extend({
    ip_addresses: z.array(z.object({ guid: z.guid(), ip_address: z.string(), ip_address_type: z.string(), city: z.string(), country: z.string(), group: named })),
  })
  .meta({ id: 'CancellationRequest' });
export type CancellationRequest = z.infer<typeof cancellationRequest>;

const requestParams = z.object({ guid: z.guid() });

export const listCancellationsOp = defineOperation({
  ...billingRoutes.listCancellations,
  area,
  summary: "The company's cancellation requests, newest first",
  query: pagingSchema(100),
  answer: pageOf(cancellationRequestSummary),
  scopes: BILLING_SCOPES.cancellationRequests,
});
export const getCancellationOp = defineOperation({
  ...billingRoutes.getCancellation,
  area,
  summary: 'One cancellation request with its IP addresses',
  params: requestParams,
  answer: cancellationRequest,
  scopes: BILLING_SCOPES.cancellationRequests,
  notFound: CANCELLATION_REQUEST_NOT_FOUND,
});
export const deleteCancellationOp = defineOperation({
  ...billingRoutes.deleteCancellation,
  area,
  summary: 'Withdraws a PENDING cancellation request: its addresses (and its order) are ACTIVE again',
  params: requestParams,
  answer: messageAnswer,
  scopes: BILLING_SCOPES.editCancellationRequests,
  notFound: CANCELLATION_REQUEST_NOT_FOUND,
});
