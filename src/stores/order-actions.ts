import { atom } from 'nanostores';
import type { ExtensionOptions } from '../lib/api/order-actions';
import { cancelOrder, extendOrder, extensionOptions } from '../lib/requests/order-actions';
import { extendOrderFormSchema, orderCancellationFormSchema } from '../lib/schemas/order-actions';
import { api } from './api';
import { attemptKey } from './attempt-key';
import { orderInvoicesList, orderPage } from './billing';
import { feedbackInput, type CancellationFeedbackValues } from './cancellation-form';
import { createForm } from './form';
import { goTo } from './navigation';
import { toastError } from './toasts';
import type { z } from 'zod/mini';

/**
 * The order page's Cancel and Extend (spec part 3, 2.6, 4 "Orders", 5): the cancel form's fields
 * as for IP addresses without the IP check; the extension's periods from the server, priced there.
 */

const openOrderId = () => orderPage.$doc.get().id;
async function reloadOrder(): Promise<void> {
  await Promise.all([orderPage.load(openOrderId()), orderInvoicesList.load()]);
}

export const orderCancelForm = createForm({
  schema: orderCancellationFormSchema,
  input: (values: CancellationFeedbackValues) => feedbackInput(values) as unknown as z.input<typeof orderCancellationFormSchema>,
  send: ({ agree: _agree, ...body }) => cancelOrder(api, openOrderId(), body),
  successToast: (answer) => answer.message,
  onSuccess: () => reloadOrder(),
});

/** The extension dialog's periods, asked when it opens. */
export const $extension = atom<{ loading: boolean; options: ExtensionOptions | null }>({ loading: false, options: null });

const extendKey = attemptKey();

export async function openExtension(): Promise<void> {
  extendKey.renew();
  $extension.set({ loading: true, options: null });
  try {
    $extension.set({ loading: false, options: await extensionOptions(api, openOrderId()) });
  } catch (error) {
    toastError(error);
    $extension.set({ loading: false, options: null });
  }
}

export interface ExtendValues {
  period: number | null;
  agree: boolean;
}

/** The extension's invoice is made, and the payer goes to it. */
export const extendForm = createForm({
  schema: extendOrderFormSchema,
  input: (values: ExtendValues) => values as unknown as z.input<typeof extendOrderFormSchema>,
  send: ({ period }) => extendOrder(api, openOrderId(), { period }, extendKey.get()),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => goTo(`/billing/invoices/${answer.invoice_id}`),
});
