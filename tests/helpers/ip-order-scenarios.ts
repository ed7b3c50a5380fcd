import { expect } from 'vitest';
import type { PricedIpOrder } from '../../src/lib/billing';
import { couponWarned } from '../../src/lib/ip-order/derived';
import { wholeNumberFrom, type Answer } from '../../src/lib/ip-order/questions';
import type { IpGroupRef, IpOrderState } from '../../src/lib/ip-order/state';
import { BAD_COUPON, CHOOSE_A_LOCATION, TOO_MANY_SLOTS, type IpAddressType, type IpFilter, type IpOrderInput } from '../../src/lib/schemas/ip-orders';

/**
 * The IP order's scenarios, written once and walked on every screen of the one flow
 * (src/lib/ip-order): a page at a time by `walkPages` (the lib's wizard in
 * tests/unit/ip-order-flow.test.ts, the panel's store against the in-process API in
 * tests/api/ip-order-stores.test.ts) and a question at a time by `answersFor` (the lib's
 * questions in the unit test, the CLI's Ink flow by its keys in tests/cli/ip-order-scenarios.test.tsx).
 * The places are the seed's (src/server/seed/places.ts), so the same scenario runs against the
 * seeded API and against ./ip-order-fixture.ts.
 */

export interface Place {
  hash: string;
  city: string;
}
export const NEW_YORK: Place = { hash: 'us-nyc', city: 'New York' };
export const FRANKFURT: Place = { hash: 'de-fra', city: 'Frankfurt' };
export const CHICAGO: Place = { hash: 'us-chi', city: 'Chicago' };

/** Where the panel's wizard and the terminal say a refusal in different words, each one's. */
export type Refusal = string | { onPages: string; onQuestions: string };
export const refusalOn = (refusal: Refusal, screen: 'onPages' | 'onQuestions') => (typeof refusal === 'string' ? refusal : refusal[screen]);

export interface Pick {
  place: Place;
  count: number;
  slots: number;
}

/** What a person does, in the order the terminal asks it (the wizard's pages take it in the same order). */
export type Act =
  /** Page 1: the type, the filter ('No filter' chosen and cancelled `cancelledNoFilter` times first), and whether the company's other groups are excluded. */
  | { act: 'filters'; ipType: IpAddressType; filter: IpFilter; cancelledNoFilter?: number; excludeOthers: boolean }
  /** Page 2: a count and slots per location (in the marketplace's order, the terminal's), then on to the summary. */
  | { act: 'locations'; picks: Pick[]; refused?: Refusal }
  /** The slots of a location again, after they were refused. */
  | { act: 'slots'; place: Place; slots: number }
  | { act: 'cycle'; cycle: string }
  /** A coupon typed and applied ('' for none). */
  | { act: 'coupon'; code: string; refused?: string }
  | { act: 'place' }
  | { act: 'decline' };

/** An order as placed, whoever placed it: what each screen's outcome is compared with. */
export interface OrderFacts {
  ipType: string;
  filter: string;
  cycle: string;
  coupon: string | null;
  lines: { location: string; count: number; slots: number }[];
}

export interface Scenario {
  name: string;
  acts: Act[];
  /** The order placed, or null when it was declined. */
  order: OrderFacts | null;
  /** The summary said 'Coupon will override the default discount!'. */
  warned: boolean;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'dedicated addresses in two cities with extra website slots, the other groups excluded, annually with the cycle’s discount',
    acts: [
      { act: 'filters', ipType: 'DEDICATED', filter: 'C', excludeOthers: true },
      {
        act: 'locations',
        picks: [
          { place: NEW_YORK, count: 2, slots: 3 },
          { place: FRANKFURT, count: 1, slots: 1 },
        ],
      },
      { act: 'cycle', cycle: 'ANNUALLY' },
      { act: 'coupon', code: '' },
      { act: 'place' },
    ],
    order: {
      ipType: 'DEDICATED',
      filter: 'C',
      cycle: 'ANNUALLY',
      coupon: null,
      lines: [
        { location: NEW_YORK.hash, count: 2, slots: 3 },
        { location: FRANKFURT.hash, count: 1, slots: 1 },
      ],
    },
    warned: false,
  },
  {
    name: "shared addresses from any subnet once 'No filter' is confirmed (a first one cancelled), monthly with a coupon",
    acts: [
      { act: 'filters', ipType: 'SHARED', filter: 'NONE', cancelledNoFilter: 1, excludeOthers: false },
      { act: 'locations', picks: [{ place: CHICAGO, count: 1, slots: 1 }] },
      { act: 'cycle', cycle: 'MONTHLY' },
      { act: 'coupon', code: 'ipannual20' },
      { act: 'place' },
    ],
    order: { ipType: 'SHARED', filter: 'NONE', cycle: 'MONTHLY', coupon: 'IPANNUAL20', lines: [{ location: CHICAGO.hash, count: 1, slots: 1 }] },
    warned: false,
  },
  {
    name: 'no location chosen and a coupon that is not valid are refused with their sentences; the valid coupon overrides the annual discount; declined',
    acts: [
      { act: 'filters', ipType: 'DEDICATED', filter: 'C', excludeOthers: false },
      { act: 'locations', picks: [], refused: CHOOSE_A_LOCATION },
      { act: 'locations', picks: [{ place: NEW_YORK, count: 1, slots: 1 }] },
      { act: 'cycle', cycle: 'ANNUALLY' },
      { act: 'coupon', code: 'spring5', refused: BAD_COUPON },
      { act: 'coupon', code: 'ipannual20' },
      { act: 'decline' },
    ],
    order: null,
    warned: true,
  },
  {
    name: 'eleven website slots are refused, ten go through',
    acts: [
      { act: 'filters', ipType: 'DEDICATED', filter: 'C', excludeOthers: false },
      { act: 'locations', picks: [{ place: NEW_YORK, count: 1, slots: 11 }], refused: { onPages: TOO_MANY_SLOTS, onQuestions: wholeNumberFrom(1, 10) } },
      { act: 'slots', place: NEW_YORK, slots: 10 },
      { act: 'cycle', cycle: 'QUARTERLY' },
      { act: 'coupon', code: '' },
      { act: 'place' },
    ],
    order: { ipType: 'DEDICATED', filter: 'C', cycle: 'QUARTERLY', coupon: null, lines: [{ location: NEW_YORK.hash, count: 1, slots: 10 }] },
    warned: false,
  },
];

/** The facts of a create call's body (slots go as the extra ones beyond the first). */
export const factsOfBody = (body: IpOrderInput): OrderFacts => ({
  ipType: body.ip_address_type ?? '',
  filter: body.ip_address_filter ?? '',
  cycle: body.billing_cycle ?? '',
  coupon: body.coupon ?? null,
  lines: body.locations.map((l) => ({ location: l.location, count: l.ip_address_count, slots: (l.additional_site_count ?? 0) + 1 })),
});

// ---------------------------------------------------------------------------------------------
// A page at a time

/** The wizard's actions, as the panel's store exports them and the lib's wizard answers them. */
export interface WizardUnderTest {
  state(): IpOrderState;
  summary(): PricedIpOrder | null;
  setIpType(ipType: IpAddressType): void;
  setFilter(filter: IpFilter): void;
  confirmNoFilter(): void;
  cancelNoFilter(): void;
  setExcludedGroups(groups: string[]): void;
  toAvailability(): Promise<void>;
  setCount(hash: string, count: number): void;
  setSlots(hash: string, slots: number): void;
  toSummary(): Promise<void>;
  setBillingCycle(cycle: string): void;
  setCoupon(coupon: string): void;
  applyCoupon(): Promise<boolean>;
  placeOrder(): Promise<boolean>;
  closeIpOrder(): void;
}

/** What the summary showed when the order was placed or declined. */
export interface Walked {
  summary: PricedIpOrder | null;
  warned: boolean;
  placed: boolean;
}

const errorsShown = (s: IpOrderState) => Object.values(s.errors);

async function actOnPages(wizard: WizardUnderTest, act: Act, others: readonly string[]): Promise<Walked | null> {
  const s = () => wizard.state();
  switch (act.act) {
    case 'filters': {
      wizard.setIpType(act.ipType);
      for (let i = 0; i < (act.cancelledNoFilter ?? 0); i++) {
        wizard.setFilter('NONE');
        expect(s().confirmingNoFilter, "'No filter' asks first").toBe(true);
        wizard.cancelNoFilter();
        expect(s().filter, 'a cancelled No filter keeps the filter').not.toBe('NONE');
      }
      wizard.setFilter(act.filter);
      if (act.filter === 'NONE') wizard.confirmNoFilter();
      expect(s().filter).toBe(act.filter);
      wizard.setExcludedGroups(act.excludeOthers ? [...others] : []);
      await wizard.toAvailability();
      expect(s().page, `no locations: ${errorsShown(s()).join(' ')}`).toBe(2);
      return null;
    }
    case 'locations':
      for (const { place, count, slots } of act.picks) {
        wizard.setCount(place.hash, count);
        if (slots !== 1) wizard.setSlots(place.hash, slots);
      }
      await wizard.toSummary();
      if (act.refused) {
        expect(errorsShown(s())).toContain(refusalOn(act.refused, 'onPages'));
        expect(s().page).toBe(2);
      } else {
        expect(s().page, errorsShown(s()).join(' ')).toBe(3);
      }
      return null;
    case 'slots':
      wizard.setSlots(act.place.hash, act.slots);
      await wizard.toSummary();
      expect(s().page, errorsShown(s()).join(' ')).toBe(3);
      return null;
    case 'cycle':
      wizard.setBillingCycle(act.cycle);
      return null;
    case 'coupon': {
      wizard.setCoupon(act.code);
      const stands = await wizard.applyCoupon();
      expect(stands).toBe(!act.refused);
      if (act.refused) expect(s().errors.coupon).toBe(act.refused);
      return null;
    }
    case 'place':
    case 'decline': {
      const shown = { summary: wizard.summary(), warned: couponWarned(s()) };
      if (act.act === 'decline') {
        wizard.closeIpOrder();
        return { ...shown, placed: false };
      }
      expect(await wizard.placeOrder(), errorsShown(s()).join(' ')).toBe(true);
      return { ...shown, placed: true };
    }
  }
}

/** Walks `scenario` through the wizard's pages (opened already); `others` are the groups besides the order's. */
export async function walkPages(wizard: WizardUnderTest, scenario: Scenario, others: readonly string[]): Promise<Walked> {
  for (const act of scenario.acts) {
    const walked = await actOnPages(wizard, act, others);
    if (walked) return walked;
  }
  throw new Error(`The scenario "${scenario.name}" neither places nor declines the order.`);
}

// ---------------------------------------------------------------------------------------------
// A question at a time

/** One answer to the question asked, the refusal it meets (if any), and the location a count or slots are of. */
export interface Asked {
  answer: Answer;
  refused?: string;
  about?: Place;
}

/**
 * The terminal's answers for `act`, in the order it asks (spec part 3, 2.3): the group comes
 * first (`groups[0]`), and the excluded groups only when there is another group.
 */
export function answersFor(act: Act, groups: readonly IpGroupRef[], ipType: IpAddressType): Asked[] {
  switch (act.act) {
    case 'filters': {
      const noFilter = Array.from({ length: act.cancelledNoFilter ?? 0 }, (): Asked[] => [
        { answer: { to: 'filter', filter: 'NONE' } },
        { answer: { to: 'no-filter', sure: false } },
      ]).flat();
      const others = groups.slice(1).map((g) => g.guid);
      return [
        { answer: { to: 'group', group: groups[0]!.guid } },
        { answer: { to: 'type', ipType: act.ipType } },
        ...noFilter,
        { answer: { to: 'filter', filter: act.filter } },
        ...(act.filter === 'NONE' ? [{ answer: { to: 'no-filter', sure: true } } as const] : []),
        ...(groups.length > 1 ? [{ answer: { to: 'exclude', groups: act.excludeOthers ? others : [] } } as const] : []),
      ];
    }
    case 'locations': {
      const numbers = act.picks.flatMap(({ place, count, slots }): Asked[] => [
        { answer: { to: 'count', text: String(count) }, about: place },
        // Shared addresses have 1 website slot each: the terminal does not ask.
        ...(ipType === 'SHARED' ? [] : [{ answer: { to: 'slots', text: String(slots) }, about: place } as const]),
      ]);
      const asked: Asked[] = [{ answer: { to: 'locations', hashes: act.picks.map((p) => p.place.hash) } }, ...numbers];
      // The refusal meets the last answer given.
      if (act.refused) asked[asked.length - 1] = { ...asked.at(-1)!, refused: refusalOn(act.refused, 'onQuestions') };
      return asked;
    }
    case 'slots':
      return [{ answer: { to: 'slots', text: String(act.slots) }, about: act.place }];
    case 'cycle':
      return [{ answer: { to: 'cycle', cycle: act.cycle } }];
    case 'coupon':
      return [{ answer: { to: 'coupon', text: act.code }, ...(act.refused ? { refused: act.refused } : {}) }];
    case 'place':
    case 'decline':
      return [{ answer: { to: 'summary', place: act.act === 'place' } }];
  }
}

/** The type a scenario orders (its first act's). */
export const typeOf = (scenario: Scenario): IpAddressType => scenario.acts.find((a) => a.act === 'filters')?.ipType ?? 'DEDICATED';
