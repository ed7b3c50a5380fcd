import { atom } from 'nanostores';
import type { CancellationRequest, CancellationRequestSummary } from '../lib/api/billing';
import { deleteCancellation, getCancellation, listCancellations } from '../lib/requests/billing';
import { api } from './api';
import { createPagedList } from './paged-list';
import { toastError, toastSuccess } from './toasts';

/** Billing > Cancellation Requests (spec part 3, 2.4): the company's requests, newest first. */
export const cancellationsList = createPagedList<CancellationRequestSummary>('billing-cancellations', (q) => listCancellations(api, q));

/**
 * The request open in the View dialog: its row at once, then the detail with its addresses
 * (`detail` null while it loads, or when the load failed).
 */
export interface OpenCancellation {
  summary: CancellationRequestSummary;
  detail: CancellationRequest | null;
}

export const $openCancellation = atom<OpenCancellation | null>(null);

export async function viewCancellation(summary: CancellationRequestSummary): Promise<void> {
  $openCancellation.set({ summary, detail: null });
  try {
    const detail = await getCancellation(api, summary.guid);
    if ($openCancellation.get()?.summary.guid === summary.guid) $openCancellation.set({ summary, detail });
  } catch (error) {
    toastError(error);
  }
}

export const closeCancellation = () => $openCancellation.set(null);

/** Withdraws the open request (spec part 3, 4), then closes the dialog and reloads the list. */
export async function cancelOpenRequest(): Promise<void> {
  const open = $openCancellation.get();
  if (!open) return;
  try {
    toastSuccess((await deleteCancellation(api, open.summary.guid)).message);
    closeCancellation();
  } catch (error) {
    toastError(error);
  }
  // Reloaded either way: a refusal means the request changed since the list was read.
  await cancellationsList.load();
}
