import type { IpOrderOptions, MarketplaceEntry } from '../api/ip-orders';
import { ApiError, errorMessages } from '../errors';
import { normaliseCoupon, type IpAddressType, type IpFilter } from '../schemas/ip-orders';
import type { Holder } from './holder';
import type { IpOrderState } from './state';
import { step, type IpOrderCall, type IpOrderEvent } from './steps';

/** The API calls the order makes on its way to the summary; each screen passes its own (src/lib/ip-order/calls.ts builds them from an Api). */
export interface IpOrderCalls {
  marketplace(type: IpAddressType, filter: IpFilter, excluded: readonly string[]): Promise<MarketplaceEntry[]>;
  /** The options again; with a coupon, its terms too, or a refusal with the coupon's sentence. */
  options(coupon: string | null): Promise<IpOrderOptions>;
}

/** Told of a failed call that no field of the order shows (the panel toasts it; the terminal reads `problem`). */
export type Report = (error: unknown) => void;

const silent: Report = () => undefined;

/**
 * The order's steps that call the API, over a state kept in `state`: each sends the events of
 * ./steps.ts before and after its call, so a screen only draws the state and calls these.
 */
export function createIpOrderFlow<S extends IpOrderState>(state: Holder<S>, calls: IpOrderCalls, report: Report = silent) {
  const send = (event: IpOrderEvent) => state.set(step(state.get(), event));
  const fail = (call: IpOrderCall, error: unknown) =>
    send({ type: 'failed', call, sentences: errorMessages(error), fields: error instanceof ApiError ? (error.body.fields ?? {}) : {} });

  /** Makes `request` and sends what it answered; a failure is recorded and reported, but for a coupon's own refusal, which stands beside its field. */
  async function calling<T>(call: IpOrderCall, request: () => Promise<T>, answered: (answer: T) => IpOrderEvent): Promise<boolean> {
    try {
      send(answered(await request()));
      return true;
    } catch (error) {
      fail(call, error);
      if (!(call === 'coupon' && state.get().errors.coupon)) report(error);
      return false;
    }
  }

  /** Page 1 to 2: the availability for the filters chosen. True once there. */
  async function toLocations(): Promise<boolean> {
    send({ type: 'locations-asked' });
    const s = state.get();
    return calling(
      'marketplace',
      () => calls.marketplace(s.ipType, s.filter, s.excludedGroups),
      (entries) => ({ type: 'locations-loaded', entries }),
    );
  }

  /** Page 2 to 3: only with something chosen and no slots refused (spec part 3, 2.3); loads the billing cycles when there are none yet. True once there. */
  async function toSummary(): Promise<boolean> {
    send({ type: 'summary-asked' });
    if (!state.get().loading) return state.get().page === 3;
    return calling(
      'options',
      () => calls.options(null),
      (options) => ({ type: 'options-loaded', options }),
    );
  }

  /** Checks the typed coupon with the server and prices with its terms; a blank coupon is none. True when it stands. */
  async function applyCoupon(): Promise<boolean> {
    const code = normaliseCoupon(state.get().coupon);
    if (!code) {
      send({ type: 'coupon-applied', terms: null });
      return true;
    }
    send({ type: 'coupon-asked' });
    return calling(
      'coupon',
      () => calls.options(code),
      (options) => ({ type: 'coupon-applied', terms: options.coupon }),
    );
  }

  return { state, send, fail, toLocations, toSummary, applyCoupon };
}
