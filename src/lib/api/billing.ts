import { z } from 'zod';
import { billingRoutes } from '../requests/billing';
import { creditNoteListQuery, invoiceListQuery, orderListQuery, orderTagsSchema, transactionListQuery } from '../schemas/billing';
import { defineOperation, pageOf } from './define';
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
export const documentIdParams = z.object({ id: z.string().regex(/^[1-9]\d{0,8}$/).transform(Number) });

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
    preferences: z.object({
      ip_address_type: z.string().optional(),
      ip_address_class_filter: z.string().optional(),
      locations: z.array(z.object({ location: z.string(), ip_address_count: z.number().int(), additional_site_count: z.number().int() })).optional(),
    }),
    shared_hosting_plan: named.nullable(),
    hosting_account: named.nullable(),
    data: z
      .object({ website_count: z.number().int(), content_count: z.number().int(), premium_theme: z.boolean(), managed_hosting: z.boolean(), white_glove_domain_picking: z.boolean() })
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

/** Who issues the documents: the company's provider. */
const seller = z.object({ name: z.string(), email: z.string(), website: z.string().nullable() });
export type Seller = z.infer<typeof seller>;

const billedParty = {
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

export const listOrdersOp = defineOperation({ ...billingRoutes.listOrders, area, summary: "The company's orders, newest first", query: orderListQuery, answer: pageOf(order), scopes: BILLING_SCOPES.orders });
export const getOrderOp = defineOperation({ ...billingRoutes.getOrder, area, summary: 'One order', params, answer: order, scopes: BILLING_SCOPES.orders, notFound: ORDER_NOT_FOUND });
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
export const getInvoiceOp = defineOperation({ ...billingRoutes.getInvoice, area, summary: 'One invoice with its items, payments and refunds', params, answer: invoice, scopes: BILLING_SCOPES.invoices, notFound: INVOICE_NOT_FOUND });
export const invoicePdfOp = defineOperation({ ...billingRoutes.invoicePdf, area, summary: 'The invoice as a PDF', params, answer: 'file', scopes: BILLING_SCOPES.downloadInvoices, notFound: INVOICE_NOT_FOUND });
export const listCreditNotesOp = defineOperation({
  ...billingRoutes.listCreditNotes,
  area,
  summary: "The company's credit notes, newest first; `status` (repeated) keeps those statuses",
  query: creditNoteListQuery,
  answer: pageOf(creditNoteSummary),
  scopes: BILLING_SCOPES.creditNotes,
});
export const getCreditNoteOp = defineOperation({ ...billingRoutes.getCreditNote, area, summary: 'One credit note', params, answer: creditNote, scopes: BILLING_SCOPES.creditNotes, notFound: CREDIT_NOTE_NOT_FOUND });
export const creditNotePdfOp = defineOperation({ ...billingRoutes.creditNotePdf, area, summary: 'The credit note as a PDF', params, answer: 'file', scopes: BILLING_SCOPES.downloadCreditNotes, notFound: CREDIT_NOTE_NOT_FOUND });
export const listTransactionsOp = defineOperation({
  ...billingRoutes.listTransactions,
  area,
  summary: "The company's transactions (payments and refunds), newest first; `status` (repeated) keeps those statuses",
  query: transactionListQuery,
  answer: pageOf(transaction),
  scopes: BILLING_SCOPES.transactions,
});
