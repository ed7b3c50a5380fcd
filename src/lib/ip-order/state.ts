import type { CouponTermsAnswer, IpOrderOptions, MarketplaceEntry } from '../api/ip-orders';
import type { LocationPick } from '../rules/ip-order';
import { ORDER_DEFAULTS, type IpAddressType, type IpFilter } from '../schemas/ip-orders';

/**
 * The IP order as one state (spec part 3, 2.3, 4 "Order wizard", 5 "IP order", 9 "Ordering"),
 * whoever draws it: the panel's wizard shows it a page at a time (src/stores/ip-order.ts), the
 * terminal a question at a time (cli/ui/IpOrderFlow.tsx, through ./questions.ts). Its changes
 * are ./steps.ts, the calls it makes ./flow.ts.
 */

/** The wizard's pages: 1 filters, 2 locations with counts and slots, 3 the summary. */
export type WizardPage = 1 | 2 | 3;

export interface IpGroupRef {
  guid: string;
  name: string;
}

export interface IpOrderState {
  /** Being taken: the panel's dialog is up, the terminal is asking. */
  open: boolean;
  page: WizardPage;
  /** The IP group the addresses go to ('' until chosen). */
  group: string;
  /** The company's groups, for the excluded groups (and, on the terminal, the group itself). */
  groups: IpGroupRef[];
  ipType: IpAddressType;
  filter: IpFilter;
  /** 'No filter' was chosen and waits for 'Yes, I am sure!' (spec part 3, 4); the filter is unchanged until then. */
  confirmingNoFilter: boolean;
  excludedGroups: string[];
  marketplace: MarketplaceEntry[];
  picks: Record<string, LocationPick>;
  /** The billing cycles, currency and tax: what the summary prices with. */
  options: IpOrderOptions | null;
  billingCycle: string;
  /** As typed. */
  coupon: string;
  /** The applied coupon's terms, once the server said it is valid. */
  couponTerms: CouponTermsAnswer | null;
  /** The sentences beside fields (coupon, locations, `slots:HASH`). */
  errors: Record<string, string>;
  /**
   * What the last refusal or failed call said, for a screen that says it in place of the
   * question (the terminal); the panel says a failed call in a toast instead.
   */
  problem: string | null;
  loading: boolean;
  /** Placing the order. */
  busy: boolean;
}

/** A closed order with the defaults of spec part 3, 9 (DEDICATED, subnet C, ANNUALLY). */
export const newIpOrder = (start: Partial<Pick<IpOrderState, 'open' | 'group' | 'groups' | 'options'>> = {}): IpOrderState => ({
  open: false,
  page: 1,
  group: '',
  groups: [],
  ipType: ORDER_DEFAULTS.ipAddressType,
  filter: ORDER_DEFAULTS.ipAddressFilter,
  confirmingNoFilter: false,
  excludedGroups: [],
  marketplace: [],
  picks: {},
  options: null,
  billingCycle: ORDER_DEFAULTS.billingCycle,
  coupon: '',
  couponTerms: null,
  errors: {},
  problem: null,
  loading: false,
  busy: false,
  ...start,
});
