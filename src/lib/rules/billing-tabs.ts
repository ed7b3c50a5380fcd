import type { Scope } from './scopes';

/** Spec part 3, 6: Billing, then each tab's view scope; downloads and edits add theirs. */
export const BILLING_SCOPES = {
  orders: ['can_view_billing', 'can_view_orders'],
  editOrders: ['can_view_billing', 'can_view_orders', 'can_edit_orders'],
  /** The order page's invoices lead to invoice pages, which need can_view_invoices. */
  orderInvoices: ['can_view_billing', 'can_view_orders', 'can_view_invoices'],
  invoices: ['can_view_billing', 'can_view_invoices'],
  downloadInvoices: ['can_view_billing', 'can_view_invoices', 'can_download_invoices'],
  creditNotes: ['can_view_billing', 'can_view_credit_notes'],
  downloadCreditNotes: ['can_view_billing', 'can_view_credit_notes', 'can_download_credit_notes'],
  transactions: ['can_view_billing', 'can_view_transactions'],
  paymentMethods: ['can_view_billing', 'can_view_payment_methods'],
  addPaymentMethods: ['can_view_billing', 'can_view_payment_methods', 'can_add_payment_methods'],
  editPaymentMethods: ['can_view_billing', 'can_view_payment_methods', 'can_edit_payment_methods'],
  /** Paying happens on the invoice page, which needs can_view_invoices. */
  payInvoices: ['can_view_billing', 'can_view_invoices', 'can_pay_invoices'],
  cancellationRequests: ['can_view_billing', 'can_view_cancellation_requests'],
  editCancellationRequests: ['can_view_billing', 'can_view_cancellation_requests', 'can_edit_cancellation_requests'],
} as const satisfies Record<string, readonly Scope[]>;

/**
 * The Billing page's tabs (spec part 3, 2.4), in the spec's order, each with the view scopes it
 * needs (6). The Tax tab has no content and is not shown.
 */
export const BILLING_TABS = [
  { value: 'orders', label: 'Orders', scopes: BILLING_SCOPES.orders as readonly Scope[] },
  { value: 'invoices', label: 'Invoices', scopes: BILLING_SCOPES.invoices as readonly Scope[] },
  { value: 'payment-methods', label: 'Payment Methods', scopes: BILLING_SCOPES.paymentMethods as readonly Scope[] },
  { value: 'credit-notes', label: 'Credit Notes', scopes: BILLING_SCOPES.creditNotes as readonly Scope[] },
  { value: 'cancellation-requests', label: 'Cancellation Requests', scopes: BILLING_SCOPES.cancellationRequests as readonly Scope[] },
  { value: 'transactions', label: 'Transactions', scopes: BILLING_SCOPES.transactions as readonly Scope[] },
] as const;

export type BillingTab = (typeof BILLING_TABS)[number]['value'];

export const isBillingTab = (s: string): s is BillingTab => BILLING_TABS.some((t) => t.value === s);

/** Spec part 3, 2.4: Orders is the default tab at /billing, the others at /billing/{page}. */
export const billingTabPath = (tab: BillingTab) => (tab === 'orders' ? '/billing' : `/billing/${tab}`);

/** A document number in an address: digits only. */
export const documentId = (s: string | undefined): number | null => (s && /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null);
