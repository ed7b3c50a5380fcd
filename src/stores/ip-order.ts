import { computed, map } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import type { CouponTermsAnswer, IpOrderOptions, MarketplaceEntry, MarketplaceLocation } from '../lib/api/ip-orders';
import type { PricedIpOrder } from '../lib/billing';
import { ApiError } from '../lib/errors';
import { listIpGroups } from '../lib/requests/ip-addresses';
import { createIpOrder, ipMarketplace, ipOrderOptions } from '../lib/requests/ip-orders';
import { fieldErrors } from '../lib/schemas/auth';
import {
  CHOOSE_A_LOCATION,
  ORDER_DEFAULTS,
  ORDER_PLACED,
  ipOrderSchema,
  normaliseCoupon,
  type IpAddressType,
  type IpFilter,
} from '../lib/schemas/ip-orders';
import { PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { api } from './api';
import { goTo } from './navigation';
import { PREFERENCE_PREFIX } from './preference-keys';
import { toastError, toastSuccess } from './toasts';

/**
 * The IP order wizard (spec part 3, 2.3 and 4 "Order wizard"): page 1 filters, page 2 counts and
 * slots per location, page 3 the summary priced by priceIpOrder (the function the server writes
 * the invoice with), then Place Order and the invoice. Pure rules first, the store after.
 */

import { chosenLocations, clampCount, orderBody, slotsErrorKey, slotsProblem, summaryOf, typedSlots, type LocationPick } from '../lib/rules/ip-order';
export { chosenLocations, clampCount, couponOverrides, couponTermsOf, orderBody, slotsErrorKey, slotsProblem, summaryOf, typedSlots } from '../lib/rules/ip-order';
export type { LocationPick, OrderChoices, SummaryInput } from '../lib/rules/ip-order';

// ---------------------------------------------------------------------------------------------
// The store

export type WizardPage = 1 | 2 | 3;

export interface IpOrderState {
  open: boolean;
  page: WizardPage;
  group: string;
  ipType: IpAddressType;
  filter: IpFilter;
  excludedGroups: string[];
  /** The company's groups, for the excluded groups picker. */
  groups: { guid: string; name: string }[];
  marketplace: MarketplaceEntry[];
  picks: Record<string, LocationPick>;
  options: IpOrderOptions | null;
  billingCycle: string;
  /** As typed. */
  coupon: string;
  /** The applied coupon's terms, once the server said it is valid. */
  couponTerms: CouponTermsAnswer | null;
  /** The sentences beside fields (coupon, locations). */
  errors: Record<string, string>;
  loading: boolean;
  busy: boolean;
}

const initial = (group = ''): IpOrderState => ({
  open: false,
  page: 1,
  group,
  ipType: ORDER_DEFAULTS.ipAddressType,
  filter: ORDER_DEFAULTS.ipAddressFilter,
  excludedGroups: [],
  groups: [],
  marketplace: [],
  picks: {},
  options: null,
  billingCycle: ORDER_DEFAULTS.billingCycle,
  coupon: '',
  couponTerms: null,
  errors: {},
  loading: false,
  busy: false,
});

export const $ipOrder = map<IpOrderState>(initial());

/** One key per submission: a double click or a retry after a lost answer makes one order. */
let submissionKey: string | null = null;

export const $chosenCount = computed($ipOrder, (s) => chosenLocations(s.marketplace, s.picks).length);

/** The summary's totals, or null until the options are there and something is chosen. */
export const $summary = computed($ipOrder, (s): PricedIpOrder | null => {
  const cycle = s.options?.billing_cycles.find((b) => b.name === s.billingCycle);
  if (!s.options || !cycle || chosenLocations(s.marketplace, s.picks).length === 0) return null;
  return summaryOf({ ipType: s.ipType, entries: s.marketplace, picks: s.picks, cycle, coupon: s.couponTerms, options: s.options });
});

/** The guided tour of the summary: shown until the person dismisses it once (kept in this browser). */
export const $tourDismissed = persistentAtom<string>(`${PREFERENCE_PREFIX}ip-order-tour`, '');
export const dismissTour = () => $tourDismissed.set('dismissed');

/** Opens the wizard on page 1 for a group, with the defaults of spec part 3, 9, and loads the groups to exclude. */
export async function openIpOrder(group: string): Promise<void> {
  submissionKey = null;
  $ipOrder.set({ ...initial(group), open: true });
  try {
    const groups = await listIpGroups(api, { per_page: PICKER_PAGE_SIZE });
    if ($ipOrder.get().group === group) $ipOrder.setKey('groups', groups.data);
  } catch (error) {
    toastError(error);
  }
}

export function closeIpOrder(): void {
  $ipOrder.setKey('open', false);
}

export function setIpType(ipType: IpAddressType): void {
  $ipOrder.setKey('ipType', ipType);
}

export function setFilter(filter: IpFilter): void {
  $ipOrder.setKey('filter', filter);
}

export function setExcludedGroups(groups: string[]): void {
  $ipOrder.setKey('excludedGroups', groups);
}

/** Page 1 to 2: the availability for the filters chosen. */
export async function toAvailability(): Promise<void> {
  const s = $ipOrder.get();
  $ipOrder.setKey('loading', true);
  try {
    const page = await ipMarketplace(api, { ip_type: s.ipType, ip_filter: s.filter, exclude: s.excludedGroups });
    $ipOrder.set({ ...$ipOrder.get(), marketplace: page.data, picks: {}, page: 2, loading: false, errors: {} });
  } catch (error) {
    $ipOrder.setKey('loading', false);
    toastError(error);
  }
}

/** Back to page 1 clears the list (spec part 3, 4). */
export function backToFilters(): void {
  $ipOrder.set({ ...$ipOrder.get(), page: 1, marketplace: [], picks: {}, errors: {} });
}

function locationOf(hash: string): MarketplaceLocation | undefined {
  return $ipOrder.get().marketplace.flatMap((e) => e.locations).find((l) => l.hash === hash);
}

export function setCount(hash: string, value: number): void {
  const location = locationOf(hash);
  if (!location) return;
  const s = $ipOrder.get();
  const current = s.picks[hash] ?? { count: 0, slots: 1 };
  // A count chosen answers 'Please choose at least 1 location!'; the slots' sentences stay until their fields change.
  const { locations: _answered, ...errors } = s.errors;
  $ipOrder.set({ ...s, picks: { ...s.picks, [hash]: { ...current, count: clampCount(value, location.ip_address_count) } }, errors });
}

/** Website slots per address of a location, as typed; too many is said beside the field (spec part 3, 5), never cut. */
export function setSlots(hash: string, value: number): void {
  const s = $ipOrder.get();
  const current = s.picks[hash] ?? { count: 0, slots: 1 };
  const slots = typedSlots(value);
  const { [slotsErrorKey(hash)]: _old, ...errors } = s.errors;
  const problem = slotsProblem(slots, s.ipType);
  $ipOrder.set({ ...s, picks: { ...s.picks, [hash]: { ...current, slots } }, errors: problem ? { ...errors, [slotsErrorKey(hash)]: problem } : errors });
}

/** The slots sentences of the locations as they are now, keyed as the page shows them. */
function slotsProblems(s: IpOrderState): Record<string, string> {
  return Object.fromEntries(
    Object.entries(s.picks).flatMap(([hash, pick]) => {
      const problem = slotsProblem(pick.slots, s.ipType);
      return problem ? [[slotsErrorKey(hash), problem]] : [];
    }),
  );
}

/** Page 2 to 3: only with something chosen (spec part 3, 2.3); loads the billing cycles. */
export async function toSummary(): Promise<void> {
  if ($chosenCount.get() === 0) {
    $ipOrder.setKey('errors', { ...$ipOrder.get().errors, locations: CHOOSE_A_LOCATION });
    return;
  }
  const tooMany = slotsProblems($ipOrder.get());
  if (Object.keys(tooMany).length) {
    $ipOrder.setKey('errors', { ...$ipOrder.get().errors, ...tooMany });
    return;
  }
  $ipOrder.setKey('loading', true);
  try {
    const options = await ipOrderOptions(api);
    const s = $ipOrder.get();
    const cycle = options.billing_cycles.some((b) => b.name === s.billingCycle) ? s.billingCycle : (options.billing_cycles[0]?.name ?? s.billingCycle);
    $ipOrder.set({ ...s, options, billingCycle: cycle, page: 3, loading: false });
  } catch (error) {
    $ipOrder.setKey('loading', false);
    toastError(error);
  }
}

export function backToAvailability(): void {
  $ipOrder.setKey('page', 2);
}

export function setBillingCycle(name: string): void {
  $ipOrder.setKey('billingCycle', name);
}

/** Typing a new coupon drops the applied one: the totals never show a coupon that was not checked. */
export function setCoupon(coupon: string): void {
  const { errors: { coupon: _gone, ...errors } } = $ipOrder.get();
  $ipOrder.set({ ...$ipOrder.get(), coupon, couponTerms: null, errors });
}

/** Checks the typed coupon with the server and prices with its terms; a blank coupon is none. */
export async function applyCoupon(): Promise<boolean> {
  const code = normaliseCoupon($ipOrder.get().coupon);
  if (!code) {
    $ipOrder.setKey('couponTerms', null);
    return true;
  }
  $ipOrder.setKey('loading', true);
  try {
    const options = await ipOrderOptions(api, { coupon: code });
    $ipOrder.set({ ...$ipOrder.get(), couponTerms: options.coupon, loading: false, errors: {} });
    return true;
  } catch (error) {
    const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
    $ipOrder.set({ ...$ipOrder.get(), couponTerms: null, loading: false, errors: fields });
    if (!fields.coupon) toastError(error);
    return false;
  }
}

/** Place Order: the order and its invoice, then the invoice page (spec part 3, 2.3 and 4). True once placed. */
export async function placeOrder(): Promise<boolean> {
  const s = $ipOrder.get();
  if (s.busy) return false;
  // A coupon typed but not applied is checked first, so the total shown is the one ordered.
  if (normaliseCoupon(s.coupon) && !s.couponTerms && !(await applyCoupon())) return false;
  const state = $ipOrder.get();
  const body = orderBody(
    { group: state.group, ipType: state.ipType, filter: state.filter, excludedGroups: state.excludedGroups, billingCycle: state.billingCycle, coupon: state.coupon },
    state.marketplace,
    state.picks,
  );
  const checked = ipOrderSchema.safeParse(body);
  if (!checked.success) {
    $ipOrder.setKey('errors', fieldErrors(checked.error));
    return false;
  }
  submissionKey ??= crypto.randomUUID();
  $ipOrder.setKey('busy', true);
  try {
    const answer = await createIpOrder(api, body, submissionKey);
    submissionKey = null;
    toastSuccess(ORDER_PLACED);
    $ipOrder.set({ ...$ipOrder.get(), open: false, busy: false });
    goTo(`/billing/invoices/${answer.invoice_id}`);
    return true;
  } catch (error) {
    // A refusal is final for its key, so the next attempt is a new submission; without an
    // answer the order may have been placed, and a retry with the same key says so.
    if (error instanceof ApiError) submissionKey = null;
    toastError(error);
    $ipOrder.set({ ...$ipOrder.get(), busy: false, errors: error instanceof ApiError ? (error.body.fields ?? {}) : {} });
    return false;
  }
}
