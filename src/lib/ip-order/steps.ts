import type { CouponTermsAnswer, IpOrderOptions, MarketplaceEntry } from '../api/ip-orders';
import { clampCount, slotsErrorKey, slotsProblem, typedSlots } from '../rules/ip-order';
import { CHOOSE_A_LOCATION, type IpAddressType, type IpFilter } from '../schemas/ip-orders';
import { chosenCount, slotsProblems } from './derived';
import { newIpOrder, type IpGroupRef, type IpOrderState } from './state';

/** The calls whose failure the order records: each leaves the state as it was before the call, with what went wrong. */
export type IpOrderCall = 'marketplace' | 'options' | 'coupon' | 'order';

/** Everything that changes the order, as one event each (spec part 3, 2.3 and 4). */
export type IpOrderEvent =
  | { type: 'opened'; group: string }
  | { type: 'closed' }
  | { type: 'groups-loaded'; groups: IpGroupRef[] }
  | { type: 'group-chosen'; group: string }
  | { type: 'type-chosen'; ipType: IpAddressType }
  /** 'No filter' is not taken yet: it asks first (spec part 3, 4). */
  | { type: 'filter-chosen'; filter: IpFilter }
  | { type: 'no-filter-answered'; sure: boolean }
  | { type: 'excluded-chosen'; groups: string[] }
  | { type: 'locations-asked' }
  | { type: 'locations-loaded'; entries: MarketplaceEntry[] }
  | { type: 'back-to-filters' }
  | { type: 'count-set'; hash: string; count: number }
  | { type: 'slots-set'; hash: string; slots: number }
  /** Next on page 2: refused without a location or with too many slots, else on to the summary (loading the options first when there are none). */
  | { type: 'summary-asked' }
  | { type: 'options-loaded'; options: IpOrderOptions }
  | { type: 'back-to-locations' }
  | { type: 'cycle-chosen'; cycle: string }
  | { type: 'coupon-typed'; coupon: string }
  | { type: 'coupon-asked' }
  /** The server's terms for the typed coupon, or null for a blank one (no coupon). */
  | { type: 'coupon-applied'; terms: CouponTermsAnswer | null }
  | { type: 'refused'; errors: Record<string, string> }
  | { type: 'placing' }
  | { type: 'placed' }
  /** An answer the terminal refuses, with the sentence it says in place of the question. */
  | { type: 'answer-refused'; sentence: string }
  /** A person typing again: what was said about the last answer goes. */
  | { type: 'typing' }
  | { type: 'failed'; call: IpOrderCall; sentences: string[]; fields: Record<string, string> };

const without = (errors: Record<string, string>, key: string) => {
  const { [key]: _gone, ...rest } = errors;
  return rest;
};

/** The summary page with `options`, keeping the chosen cycle when they offer it. */
function onSummary(s: IpOrderState, options: IpOrderOptions): Partial<IpOrderState> {
  const cycle = options.billing_cycles.some((b) => b.name === s.billingCycle) ? s.billingCycle : (options.billing_cycles[0]?.name ?? s.billingCycle);
  return { options, billingCycle: cycle, page: 3, loading: false };
}

function askSummary(s: IpOrderState): Partial<IpOrderState> {
  if (chosenCount(s) === 0) return { errors: { ...s.errors, locations: CHOOSE_A_LOCATION } };
  const tooMany = slotsProblems(s);
  if (Object.keys(tooMany).length) return { errors: { ...s.errors, ...tooMany } };
  return s.options ? onSummary(s, s.options) : { loading: true };
}

function setSlots(s: IpOrderState, hash: string, value: number): Partial<IpOrderState> {
  const slots = typedSlots(value);
  const errors = without(s.errors, slotsErrorKey(hash));
  const problem = slotsProblem(slots, s.ipType);
  // Eleven typed stays eleven with the sentence beside it (spec part 3, 5), rather than quietly becoming ten.
  return { picks: { ...s.picks, [hash]: { ...(s.picks[hash] ?? { count: 0, slots: 1 }), slots } }, errors: problem ? { ...errors, [slotsErrorKey(hash)]: problem } : errors };
}

function setCount(s: IpOrderState, hash: string, value: number): Partial<IpOrderState> {
  const location = s.marketplace.flatMap((e) => e.locations).find((l) => l.hash === hash);
  if (!location) return {};
  const pick = { ...(s.picks[hash] ?? { count: 0, slots: 1 }), count: clampCount(value, location.ip_address_count) };
  // A count chosen answers 'Please choose at least 1 location!'; the slots' sentences stay until their fields change.
  return { picks: { ...s.picks, [hash]: pick }, errors: without(s.errors, 'locations') };
}

/** A failed call: the work it began stops, and the person is told (beside the fields it names, where it names them). */
function failed(_s: IpOrderState, e: Extract<IpOrderEvent, { type: 'failed' }>): Partial<IpOrderState> {
  const told = { loading: false, busy: false, problem: e.sentences.join(' ') };
  if (e.call === 'coupon') return { ...told, couponTerms: null, errors: e.fields };
  if (e.call === 'order') return { ...told, errors: e.fields };
  return told;
}

function changes(s: IpOrderState, e: IpOrderEvent): Partial<IpOrderState> {
  switch (e.type) {
    case 'opened':
      // Each opening starts afresh, with the defaults.
      return newIpOrder({ open: true, group: e.group });
    case 'closed':
      return { open: false };
    case 'groups-loaded':
      return { groups: e.groups };
    case 'group-chosen':
      return { group: e.group };
    case 'type-chosen':
      return { ipType: e.ipType };
    case 'filter-chosen':
      return e.filter === 'NONE' ? { confirmingNoFilter: true } : { filter: e.filter, confirmingNoFilter: false };
    case 'no-filter-answered':
      return e.sure ? { filter: 'NONE', confirmingNoFilter: false } : { confirmingNoFilter: false };
    case 'excluded-chosen':
      return { excludedGroups: e.groups };
    case 'locations-asked':
      return { loading: true };
    case 'locations-loaded':
      return { marketplace: e.entries, picks: {}, page: 2, loading: false, errors: {}, problem: null };
    case 'back-to-filters':
      // Going back to page 1 clears the list (spec part 3, 4).
      return { page: 1, marketplace: [], picks: {}, errors: {} };
    case 'count-set':
      return setCount(s, e.hash, e.count);
    case 'slots-set':
      return setSlots(s, e.hash, e.slots);
    case 'summary-asked':
      return askSummary(s);
    case 'options-loaded':
      return onSummary(s, e.options);
    case 'back-to-locations':
      return { page: 2 };
    case 'cycle-chosen':
      return { billingCycle: e.cycle };
    case 'coupon-typed':
      // Typing a new coupon drops the applied one: the totals never show a coupon that was not checked.
      return { coupon: e.coupon, couponTerms: null, errors: without(s.errors, 'coupon') };
    case 'coupon-asked':
      return { loading: true };
    case 'coupon-applied':
      return e.terms ? { couponTerms: e.terms, loading: false, errors: {}, problem: null } : { couponTerms: null, problem: null };
    case 'refused':
      return { errors: e.errors };
    case 'placing':
      return { busy: true };
    case 'placed':
      return { open: false, busy: false };
    case 'answer-refused':
      return { problem: e.sentence };
    case 'typing':
      return { problem: null };
    case 'failed':
      return failed(s, e);
  }
}

/** The order after `event`; the rest of a wider state (the terminal's question) is kept as it is. */
export const step = <S extends IpOrderState>(state: S, event: IpOrderEvent): S => ({ ...state, ...changes(state, event) });
