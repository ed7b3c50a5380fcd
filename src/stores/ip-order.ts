import { computed, map } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { ipOrderCalls } from '../lib/ip-order/calls';
import { chosenCount, summaryOfOrder } from '../lib/ip-order/derived';
import { newIpOrder, type IpOrderState } from '../lib/ip-order/state';
import { createIpOrderWizard } from '../lib/ip-order/wizard';
import { listIpGroups } from '../lib/requests/ip-addresses';
import { createIpOrder } from '../lib/requests/ip-orders';
import { ORDER_PLACED } from '../lib/schemas/ip-orders';
import { PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { api } from './api';
import { goTo } from './navigation';
import { PREFERENCE_PREFIX } from './preference-keys';
import { toastError, toastSuccess } from './toasts';

/**
 * The IP order wizard (spec part 3, 2.3 and 4 "Order wizard"): page 1 filters, page 2 counts and
 * slots per location, page 3 the summary, then Place Order and the invoice. The order and its
 * actions are src/lib/ip-order/wizard.ts (the CLI asks the same order on a terminal); this store
 * holds its state for the islands, calls through the panel's API, toasts what fails and goes to
 * the invoice.
 */

export { chosenLocations, clampCount, couponOverrides, couponTermsOf, orderBody, slotsErrorKey, slotsProblem, summaryOf, typedSlots } from '../lib/rules/ip-order';
export type { LocationPick, OrderChoices, SummaryInput } from '../lib/rules/ip-order';
export type { IpOrderState, WizardPage } from '../lib/ip-order/state';

export const $ipOrder = map<IpOrderState>(newIpOrder());

const wizard = createIpOrderWizard(
  $ipOrder,
  {
    ...ipOrderCalls(api),
    groups: () => listIpGroups(api, { per_page: PICKER_PAGE_SIZE }).then((page) => page.data),
    create: (body, key) => createIpOrder(api, body, key),
    newKey: () => crypto.randomUUID(),
  },
  toastError,
);

export const {
  open: openIpOrder,
  close: closeIpOrder,
  setIpType,
  setFilter,
  confirmNoFilter,
  cancelNoFilter,
  setExcludedGroups,
  toAvailability,
  backToFilters,
  setCount,
  setSlots,
  toSummary,
  backToAvailability,
  setBillingCycle,
  setCoupon,
  applyCoupon,
} = wizard;

export const $chosenCount = computed($ipOrder, chosenCount);

/** The summary's totals, or null until the options are there and something is chosen. */
export const $summary = computed($ipOrder, summaryOfOrder);

/** The guided tour of the summary: shown until the person dismisses it once (kept in this browser). */
export const $tourDismissed = persistentAtom<string>(`${PREFERENCE_PREFIX}ip-order-tour`, '');
export const dismissTour = () => $tourDismissed.set('dismissed');

/** Place Order: the order and its invoice, then the invoice page (spec part 3, 2.3 and 4). True once placed. */
export async function placeOrder(): Promise<boolean> {
  const created = await wizard.place();
  if (!created) return false;
  toastSuccess(ORDER_PLACED);
  goTo(`/billing/invoices/${created.invoice_id}`);
  return true;
}
