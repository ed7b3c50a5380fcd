import { ApiError } from '../errors';
import { fieldErrors } from '../schemas/auth';
import { ipOrderSchema, normaliseCoupon, type IpAddressType, type IpFilter, type IpOrderInput } from '../schemas/ip-orders';
import { orderBodyOf } from './derived';
import { createIpOrderFlow, type IpOrderCalls, type Report } from './flow';
import type { Holder } from './holder';
import type { IpGroupRef, IpOrderState } from './state';

/** The calls of an order taken from its opening to its invoice in one place. */
export interface IpOrderWizardCalls extends IpOrderCalls {
  groups(): Promise<IpGroupRef[]>;
  /** Places the order; the same key for a retry of the same submission makes one order. */
  create(body: IpOrderInput, idempotencyKey: string): Promise<{ invoice_id: number; order_id: number }>;
  /** A new idempotency key. */
  newKey(): string;
}

/**
 * The order a page at a time, as the panel's wizard takes it (spec part 3, 2.3 and 4): opened
 * for a group, each field of a page changed on its own, Next and Back between the pages, and
 * Place Order. The terminal asks the same order question by question instead (./asking.ts), is
 * given its groups, and `hostdeck ip order` places what it confirmed.
 */
export function createIpOrderWizard(state: Holder<IpOrderState>, calls: IpOrderWizardCalls, report: Report) {
  const flow = createIpOrderFlow(state, calls, report);
  const { send } = flow;
  /** One key per submission: a double click or a retry after a lost answer makes one order. */
  let submissionKey: string | null = null;

  /** Page 1 for `group` with the defaults of spec part 3, 9, and the groups to exclude. */
  async function open(group: string): Promise<void> {
    submissionKey = null;
    send({ type: 'opened', group });
    try {
      const groups = await calls.groups();
      // An answer for an order opened since for another group is not this one's.
      if (state.get().group === group) send({ type: 'groups-loaded', groups });
    } catch (error) {
      report(error);
    }
  }

  /** Place Order: the order and its invoice. Answers the created order, or null when refused or failed. */
  async function place(): Promise<{ invoice_id: number; order_id: number } | null> {
    const s = state.get();
    if (s.busy) return null;
    // A coupon typed but not applied is checked first, so the total shown is the one ordered.
    if (normaliseCoupon(s.coupon) && !s.couponTerms && !(await flow.applyCoupon())) return null;
    const body = orderBodyOf(state.get());
    const checked = ipOrderSchema.safeParse(body);
    if (!checked.success) {
      send({ type: 'refused', errors: fieldErrors(checked.error) });
      return null;
    }
    submissionKey ??= calls.newKey();
    send({ type: 'placing' });
    try {
      const created = await calls.create(body, submissionKey);
      submissionKey = null;
      send({ type: 'placed' });
      return created;
    } catch (error) {
      // A refusal is final for its key, so the next attempt is a new submission; without an
      // answer the order may have been placed, and a retry with the same key says so.
      if (error instanceof ApiError) submissionKey = null;
      report(error);
      flow.fail('order', error);
      return null;
    }
  }

  return {
    open,
    close: () => send({ type: 'closed' }),
    setIpType: (ipType: IpAddressType) => send({ type: 'type-chosen', ipType }),
    /** 'No filter' is not taken at once: it asks first (`confirmingNoFilter`), answered by confirmNoFilter or cancelNoFilter. */
    setFilter: (filter: IpFilter) => send({ type: 'filter-chosen', filter }),
    confirmNoFilter: () => send({ type: 'no-filter-answered', sure: true }),
    cancelNoFilter: () => send({ type: 'no-filter-answered', sure: false }),
    setExcludedGroups: (groups: string[]) => send({ type: 'excluded-chosen', groups }),
    /** Page 1 to 2: the availability for the filters chosen. */
    toAvailability: async (): Promise<void> => void (await flow.toLocations()),
    /** Back to page 1 clears the list (spec part 3, 4). */
    backToFilters: () => send({ type: 'back-to-filters' }),
    /** A count from 0 to what the location has. */
    setCount: (hash: string, count: number) => send({ type: 'count-set', hash, count }),
    /** Website slots per address of a location, as typed; too many is said beside the field (spec part 3, 5), never cut. */
    setSlots: (hash: string, slots: number) => send({ type: 'slots-set', hash, slots }),
    /** Page 2 to 3: only with something chosen and no slots refused (spec part 3, 2.3); loads the billing cycles. */
    toSummary: async (): Promise<void> => void (await flow.toSummary()),
    backToAvailability: () => send({ type: 'back-to-locations' }),
    setBillingCycle: (cycle: string) => send({ type: 'cycle-chosen', cycle }),
    /** Typing a new coupon drops the applied one: the totals never show a coupon that was not checked. */
    setCoupon: (coupon: string) => send({ type: 'coupon-typed', coupon }),
    /** Checks the typed coupon with the server and prices with its terms; a blank coupon is none. True when it stands. */
    applyCoupon: flow.applyCoupon,
    place,
  };
}

export type IpOrderWizard = ReturnType<typeof createIpOrderWizard>;
