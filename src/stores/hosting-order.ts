import { computed, map } from 'nanostores';
import type { HostingLocation, HostingPlan, SharedHostingOptions } from '../lib/api/hosting';
import type { CouponTermsAnswer } from '../lib/api/ip-orders';
import { priceSharedHostingOrder, type PricedSharedHostingOrder } from '../lib/billing';
import { couponTermsOf } from '../lib/rules/coupon-terms';
import { ApiError } from '../lib/errors';
import { createSharedHostingOrder, listHostingLocations, listHostingPlans, sharedHostingOptions } from '../lib/requests/hosting';
import { fieldErrors } from '../lib/schemas/auth';
import { DEFAULT_HOSTING_CYCLE, HOSTING_ORDER_PLACED, sharedHostingOrderSchema, type SharedHostingOrderInput } from '../lib/schemas/hosting-orders';
import { normaliseCoupon } from '../lib/schemas/ip-orders';
import { api } from './api';
import { goTo } from './navigation';
import { toastError, toastSuccess } from './toasts';

/**
 * The Shared Hosting tab of Add Hosting Account (spec part 3, 2.8 and 5 "Shared hosting order"):
 * plans as cards, the location (first preselected), the billing cycle (ANNUALLY by default) with
 * its 'N% off', a coupon, and the total priced by priceSharedHostingOrder, the function the
 * server writes the invoice with. Placing it goes to the invoice.
 */

export interface HostingOrderState {
  loading: boolean;
  busy: boolean;
  plans: HostingPlan[];
  locations: HostingLocation[];
  options: SharedHostingOptions | null;
  name: string;
  plan: string | null;
  location: string;
  billingCycle: string;
  /** As typed. */
  coupon: string;
  /** The applied coupon's terms, once the server said it is valid. */
  couponTerms: CouponTermsAnswer | null;
  errors: Record<string, string>;
}

const initial = (): HostingOrderState => ({
  loading: false,
  busy: false,
  plans: [],
  locations: [],
  options: null,
  name: '',
  plan: null,
  location: '',
  billingCycle: DEFAULT_HOSTING_CYCLE,
  coupon: '',
  couponTerms: null,
  errors: {},
});

export const $hostingOrder = map<HostingOrderState>(initial());

/** One key per submission: a double click or a retry after a lost answer makes one order. */
let submissionKey: string | null = null;

/** Spec part 3, 5: 'Coupon will override the default discount!' when a coupon is used with ANNUALLY. */
export const couponOverridesDiscount = (billingCycle: string, coupon: string) => billingCycle === 'ANNUALLY' && normaliseCoupon(coupon) !== null;

/** The order's total, priced as the invoice will be; null until a plan is chosen. */
export function hostingOrderSummary(s: HostingOrderState): PricedSharedHostingOrder | null {
  const plan = s.plans.find((p) => p.guid === s.plan);
  const cycle = s.options?.data.find((b) => b.name === s.billingCycle);
  if (!plan || !cycle || !s.options) return null;
  return priceSharedHostingOrder(
    {
      accountName: s.name.trim() || 'New account',
      plan: { name: plan.name, monthlyCents: plan.price },
      cycle: { name: cycle.name, months: cycle.value, discountPercentage: cycle.discount?.percentage_value ?? null },
      coupon: s.couponTerms ? couponTermsOf(s.couponTerms) : null,
    },
    { currency: s.options.currency, taxRate: s.options.tax_rate, ...(s.options.eur_per_usd !== null ? { eurPerUsd: s.options.eur_per_usd } : {}) },
  );
}

export const $hostingOrderSummary = computed($hostingOrder, hostingOrderSummary);

/** Loads the plans, locations and billing cycles; the first location is preselected (spec part 3, 5). */
export async function openSharedHostingOrder(): Promise<void> {
  submissionKey = null;
  $hostingOrder.set({ ...initial(), loading: true });
  try {
    const [plans, locations, options] = await Promise.all([listHostingPlans(api), listHostingLocations(api), sharedHostingOptions(api)]);
    const cycle = options.data.some((b) => b.name === options.defaults.billing_cycle) ? options.defaults.billing_cycle : (options.data[0]?.name ?? DEFAULT_HOSTING_CYCLE);
    $hostingOrder.set({
      ...$hostingOrder.get(),
      loading: false,
      plans: plans.data.data,
      locations: locations.data,
      options,
      location: locations.data[0]?.guid ?? '',
      billingCycle: cycle,
    });
  } catch (error) {
    $hostingOrder.setKey('loading', false);
    toastError(error);
  }
}

const withoutError = (field: string) => {
  const { [field]: _gone, ...rest } = $hostingOrder.get().errors;
  return rest;
};

export const setHostingName = (name: string) => $hostingOrder.set({ ...$hostingOrder.get(), name, errors: withoutError('name') });
export const chooseHostingPlan = (plan: string) => $hostingOrder.set({ ...$hostingOrder.get(), plan, errors: withoutError('plan') });
export const chooseHostingLocation = (location: string) => $hostingOrder.set({ ...$hostingOrder.get(), location, errors: withoutError('location') });
export const chooseHostingCycle = (billingCycle: string) => $hostingOrder.set({ ...$hostingOrder.get(), billingCycle, errors: withoutError('billing_cycle') });

/** Typing a new coupon drops the applied one: the total never shows a coupon that was not checked. */
export const setHostingCoupon = (coupon: string) => $hostingOrder.set({ ...$hostingOrder.get(), coupon, couponTerms: null, errors: withoutError('coupon') });

/** Checks the typed coupon with the server and prices with its terms; a blank coupon is none. */
export async function applyHostingCoupon(): Promise<boolean> {
  const code = normaliseCoupon($hostingOrder.get().coupon);
  if (!code) {
    $hostingOrder.setKey('couponTerms', null);
    return true;
  }
  $hostingOrder.setKey('busy', true);
  try {
    const options = await sharedHostingOptions(api, { coupon: code });
    $hostingOrder.set({ ...$hostingOrder.get(), couponTerms: options.coupon, busy: false, errors: withoutError('coupon') });
    return true;
  } catch (error) {
    const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
    $hostingOrder.set({ ...$hostingOrder.get(), couponTerms: null, busy: false, errors: { ...$hostingOrder.get().errors, ...fields } });
    if (!fields.coupon) toastError(error);
    return false;
  }
}

export const hostingOrderBody = (s: HostingOrderState): SharedHostingOrderInput => ({
  name: s.name,
  plan: s.plan ?? '',
  billing_cycle: s.billingCycle,
  coupon: normaliseCoupon(s.coupon),
  location: s.location,
});

/** Order: the order, its invoice, then the invoice page (spec part 3, 2.8 and 8). True once placed. */
export async function placeSharedHostingOrder(): Promise<boolean> {
  if ($hostingOrder.get().busy) return false;
  const body = hostingOrderBody($hostingOrder.get());
  const checked = sharedHostingOrderSchema.safeParse(body);
  if (!checked.success) {
    $hostingOrder.setKey('errors', fieldErrors(checked.error));
    return false;
  }
  if (body.coupon && !$hostingOrder.get().couponTerms && !(await applyHostingCoupon())) return false;
  submissionKey ??= crypto.randomUUID();
  $hostingOrder.setKey('busy', true);
  try {
    const answer = await createSharedHostingOrder(api, body, submissionKey);
    submissionKey = null;
    toastSuccess(HOSTING_ORDER_PLACED);
    $hostingOrder.setKey('busy', false);
    goTo(`/billing/invoices/${answer.invoice_id}`);
    return true;
  } catch (error) {
    if (error instanceof ApiError) submissionKey = null;
    toastError(error);
    $hostingOrder.set({ ...$hostingOrder.get(), busy: false, errors: error instanceof ApiError ? (error.body.fields ?? {}) : {} });
    return false;
  }
}
