import type { Api } from '../api/client';
import { call, withIdempotencyKey, fillPath } from '../api/send';
import type {
  getCreditNoteOp,
  getInvoiceOp,
  getOrderOp,
  listCreditNotesOp,
  listInvoicesOp,
  listOrderInvoicesOp,
  listOrdersOp,
  listTransactionsOp,
  setOrderTagsOp,
  listPaymentMethodsOp,
  addCardOp,
  addPaypalOp,
  setPaymentMethodStatusOp,
  deletePaymentMethodOp,
  payInvoiceOp,
  listCancellationsOp,
  getCancellationOp,
  deleteCancellationOp,
} from '../api/billing';
import type { CardInput, PaymentInput, PaymentMethodListQuery, PaymentMethodStatusInput, PaypalInput } from '../schemas/billing-payments';
import type { CreditNoteListQuery, InvoiceListQuery, OrderTags, TransactionListQuery } from '../schemas/billing';

/** Where each call of billing's documents lives: written once here, spread into its definition in ../api/billing.ts. */
export const billingRoutes = {
  listOrders: { id: 'billing.orders.list', method: 'get', path: '/billing/orders/' },
  getOrder: { id: 'billing.orders.get', method: 'get', path: '/billing/orders/{id}/' },
  listOrderInvoices: { id: 'billing.orders.invoices', method: 'get', path: '/billing/orders/{id}/invoices/' },
  setOrderTags: { id: 'billing.orders.tags', method: 'post', path: '/billing/orders/{id}/tags/' },
  listInvoices: { id: 'billing.invoices.list', method: 'get', path: '/billing/invoices/' },
  getInvoice: { id: 'billing.invoices.get', method: 'get', path: '/billing/invoices/{id}/' },
  invoicePdf: { id: 'billing.invoices.pdf', method: 'get', path: '/billing/invoices/{id}/pdf/' },
  listCreditNotes: { id: 'billing.credit.list', method: 'get', path: '/billing/credit/' },
  getCreditNote: { id: 'billing.credit.get', method: 'get', path: '/billing/credit/{id}/' },
  creditNotePdf: { id: 'billing.credit.pdf', method: 'get', path: '/billing/credit/{id}/pdf/' },
  listTransactions: { id: 'billing.transactions.list', method: 'get', path: '/billing/transactions/' },
  listPaymentMethods: { id: 'billing.payment_methods.list', method: 'get', path: '/billing/payment_methods/' },
  addCard: { id: 'billing.payment_methods.card', method: 'post', path: '/billing/payment_methods/card/' },
  addPaypal: { id: 'billing.payment_methods.paypal', method: 'post', path: '/billing/payment_methods/paypal/' },
  setPaymentMethodStatus: { id: 'billing.payment_methods.status', method: 'post', path: '/billing/payment_methods/{guid}/' },
  deletePaymentMethod: { id: 'billing.payment_methods.delete', method: 'delete', path: '/billing/payment_methods/{guid}/' },
  pay: { id: 'billing.payment.create', method: 'post', path: '/billing/payment/' },
  listCancellations: { id: 'billing.cancellations.list', method: 'get', path: '/billing/cancellations/' },
  getCancellation: { id: 'billing.cancellations.get', method: 'get', path: '/billing/cancellations/{guid}/' },
  deleteCancellation: { id: 'billing.cancellations.delete', method: 'delete', path: '/billing/cancellations/{guid}/' },
} as const;

type Paging = { page?: number; per_page?: number };

export const listOrders = (api: Api, query: Paging = {}) => call<typeof listOrdersOp>(api, billingRoutes.listOrders, { query });
export const getOrder = (api: Api, id: number) => call<typeof getOrderOp>(api, billingRoutes.getOrder, { params: { id: String(id) } });
export const listOrderInvoices = (api: Api, id: number, query: Paging = {}) =>
  call<typeof listOrderInvoicesOp>(api, billingRoutes.listOrderInvoices, { params: { id: String(id) }, query });
export const setOrderTags = (api: Api, id: number, body: OrderTags) => call<typeof setOrderTagsOp>(api, billingRoutes.setOrderTags, { params: { id: String(id) }, body });
export const listInvoices = (api: Api, query: InvoiceListQuery = {}) => call<typeof listInvoicesOp>(api, billingRoutes.listInvoices, { query });
export const getInvoice = (api: Api, id: number) => call<typeof getInvoiceOp>(api, billingRoutes.getInvoice, { params: { id: String(id) } });
/** The invoice as a PDF, named by the server's x-suggested-filename. */
export const downloadInvoicePdf = (api: Api, id: number) => api.download(fillPath(billingRoutes.invoicePdf.path, { id }));
export const listCreditNotes = (api: Api, query: CreditNoteListQuery = {}) => call<typeof listCreditNotesOp>(api, billingRoutes.listCreditNotes, { query });
export const getCreditNote = (api: Api, id: number) => call<typeof getCreditNoteOp>(api, billingRoutes.getCreditNote, { params: { id: String(id) } });
/** The credit note as a PDF, named by the server's x-suggested-filename. */
export const downloadCreditNotePdf = (api: Api, id: number) => api.download(fillPath(billingRoutes.creditNotePdf.path, { id }));
export const listTransactions = (api: Api, query: TransactionListQuery = {}) => call<typeof listTransactionsOp>(api, billingRoutes.listTransactions, { query });

/** A fresh key per attempt the caller means as one: a repeat with the same key is answered, not done again. */

export const listPaymentMethods = (api: Api, query: PaymentMethodListQuery = {}) => call<typeof listPaymentMethodsOp>(api, billingRoutes.listPaymentMethods, { query });
export const addCard = (api: Api, body: CardInput, idempotencyKey?: string) => call<typeof addCardOp>(api, billingRoutes.addCard, { body }, withIdempotencyKey(idempotencyKey));
export const addPaypal = (api: Api, body: PaypalInput = {}, idempotencyKey?: string) =>
  call<typeof addPaypalOp>(api, billingRoutes.addPaypal, { body }, withIdempotencyKey(idempotencyKey));
export const setPaymentMethodStatus = (api: Api, guid: string, body: PaymentMethodStatusInput) =>
  call<typeof setPaymentMethodStatusOp>(api, billingRoutes.setPaymentMethodStatus, { params: { guid }, body });
export const deletePaymentMethod = (api: Api, guid: string) => call<typeof deletePaymentMethodOp>(api, billingRoutes.deletePaymentMethod, { params: { guid } });
/** Starts paying an invoice; the same key for a double click or a retry makes one payment. */
export const payInvoice = (api: Api, body: PaymentInput, idempotencyKey?: string) =>
  call<typeof payInvoiceOp>(api, billingRoutes.pay, { body }, withIdempotencyKey(idempotencyKey));

export const listCancellations = (api: Api, query: Paging = {}) => call<typeof listCancellationsOp>(api, billingRoutes.listCancellations, { query });
export const getCancellation = (api: Api, guid: string) => call<typeof getCancellationOp>(api, billingRoutes.getCancellation, { params: { guid } });
/** Withdraws a PENDING request: its addresses (and its order) are ACTIVE again. */
export const deleteCancellation = (api: Api, guid: string) => call<typeof deleteCancellationOp>(api, billingRoutes.deleteCancellation, { params: { guid } });
