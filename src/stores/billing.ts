import { atom } from 'nanostores';
import type { CreditNote, CreditNoteSummary, Invoice, InvoiceSummary, Order, Transaction } from '../lib/api/billing';
import type { Download } from '../lib/api/client';
import {
  downloadCreditNotePdf,
  downloadInvoicePdf,
  getCreditNote,
  getInvoice,
  getOrder,
  listCreditNotes,
  listInvoices,
  listOrderInvoices,
  listOrders,
  listTransactions,
  setOrderTags,
} from '../lib/requests/billing';
import { DEFAULT_INVOICE_FILTER, orderTagsSchema, type InvoiceStatus } from '../lib/schemas/billing';
import { splitTags } from '../lib/schemas/lists';
import { api } from './api';
import { createForm } from './form';
import { documentStore } from './document-page';
import { environment } from './environment';
import { createPagedList } from './paged-list';
import { toastError } from './toasts';

/** Billing's tabs (spec part 3, 2.4): each a server-paged list. */
export const ordersList = createPagedList<Order>('billing-orders', (q) => listOrders(api, q));

/** The Invoices tab's status filter: the chosen statuses joined by commas (the API splits them). */
export const invoicesList = createPagedList<InvoiceSummary, { status: string }>(
  'billing-invoices',
  (q) => listInvoices(api, { page: q.page, per_page: q.per_page, status: q.status ? q.status.split(',') : undefined }),
  { status: DEFAULT_INVOICE_FILTER.join(',') },
);

export const invoiceFilterOf = (status: string): InvoiceStatus[] => (status ? (status.split(',') as InvoiceStatus[]) : []);

export const creditNotesList = createPagedList<CreditNoteSummary>('billing-credit-notes', (q) => listCreditNotes(api, q));
export const transactionsList = createPagedList<Transaction>('billing-transactions', (q) => listTransactions(api, q));

/** The transaction open in the Transactions tab's View dialog. */
export const $openTransaction = atom<Transaction | null>(null);

export const invoicePage = documentStore<Invoice>((id) => getInvoice(api, id));
export const creditNotePage = documentStore<CreditNote>((id) => getCreditNote(api, id));
export const orderPage = documentStore<Order>((id) => getOrder(api, id));

/** The order page's invoices (spec part 3, 2.6: "lists associated invoices (paged)"). */
export const orderInvoicesList = createPagedList<InvoiceSummary, { order: string }>(
  'billing-order-invoices',
  (q) => (q.order ? listOrderInvoices(api, Number(q.order), { page: q.page, per_page: q.per_page }) : Promise.resolve({ data: [], page: 1, per_page: q.per_page, total: 0 })),
  { order: '' },
);

/** The order's tags as typed: split on commas or spaces, as the tag searches are (spec part 3, 2.2). */
export const orderTagsForm = createForm({
  schema: orderTagsSchema,
  input: (values: { tags: string }) => ({ tags: splitTags(values.tags) }),
  send: (data) => setOrderTags(api, orderPage.$doc.get().id, data),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => {
    const state = orderPage.$doc.get();
    // The tags' answer has no address list: the page keeps the one it has.
    if (state.id === answer.order.id) orderPage.$doc.set({ ...state, doc: { ...answer.order, ip_address_list: state.doc?.ip_address_list } });
  },
});

export const $downloading = atom<string | null>(null);

async function download(key: string, fetch: () => Promise<Download>): Promise<void> {
  if ($downloading.get() === key) return;
  $downloading.set(key);
  try {
    // Saved under the name the API suggested (x-suggested-filename).
    environment().save(await fetch());
  } catch (error) {
    toastError(error);
  } finally {
    $downloading.set(null);
  }
}

export const downloadInvoice = (id: number) => download(`invoice-${id}`, () => downloadInvoicePdf(api, id));
export const downloadCreditNote = (id: number) => download(`credit-${id}`, () => downloadCreditNotePdf(api, id));
