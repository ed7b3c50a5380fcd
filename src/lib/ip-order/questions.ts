import type { IpOrderOptions, MarketplaceLocation } from '../api/ip-orders';
import { CHOOSE_A_LOCATION, MAX_SLOTS, type IpAddressType, type IpFilter } from '../schemas/ip-orders';
import { availableLocations } from './derived';
import { newIpOrder, type IpGroupRef, type IpOrderState } from './state';
import { step } from './steps';

/**
 * The order asked a question at a time, as `hostdeck ip order` does on a terminal (spec part 3,
 * 2.3): the group, type, subnet filter ('No filter' asks first), excluded groups, the locations
 * with what each has, a count and website slots for each, the billing cycle, a coupon, then the
 * summary and a last yes. The pages of the panel's wizard in another order: each answer is the
 * same event of ./steps.ts, and only where the terminal stands is its own.
 */

/** The questions in the order they come. */
const QUESTIONS = ['group', 'type', 'filter', 'no-filter', 'exclude', 'loading', 'locations', 'count', 'slots', 'cycle', 'coupon', 'summary'] as const;
export type QuestionName = (typeof QUESTIONS)[number];
/** A count and slots are asked for each ticked location in turn: `index` among them. */
export type Question = { at: Exclude<QuestionName, 'count' | 'slots'> } | { at: 'count' | 'slots'; index: number };

export interface AskedIpOrder extends IpOrderState {
  asking: Question;
  /** The summary was answered yes: the order is to be placed. */
  confirmed: boolean;
}

/** Said instead of asking anything. */
export const NO_IP_GROUPS = 'This company has no IP groups yet; create one in the panel first.';
/** Said, with a way back to the filters, when the filters leave nothing to order. */
export const NOTHING_OFFERED = 'No location has addresses for this type and filter.';
export const CHOOSE_ANOTHER_FILTER = 'Press Enter to choose another filter.';
export const wholeNumberFrom = (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`;

/**
 * Asking starts at the group, with the groups and options the command read first (so the
 * summary needs no call of its own); without a group there is nothing to ask, and it is over.
 */
export function startAsking(catalogue: { groups: IpGroupRef[]; options: IpOrderOptions }): AskedIpOrder {
  return { ...newIpOrder({ open: catalogue.groups.length > 0, groups: catalogue.groups, options: catalogue.options }), asking: { at: 'group' }, confirmed: false };
}

/** Whether `at` has been answered: its answer stands above the question asked now. */
export const passed = (s: AskedIpOrder, at: QuestionName) => QUESTIONS.indexOf(s.asking.at) > QUESTIONS.indexOf(at);

/** The ticked locations, in the marketplace's order: a pick of 0 until its count is answered. */
export const tickedLocations = (s: IpOrderState): MarketplaceLocation[] => availableLocations(s).filter((l) => s.picks[l.hash]);

/** The number asked now (a count or slots of one ticked location) with its bounds; Enter alone takes `initial`. */
export function numberAsked(s: AskedIpOrder) {
  const question = s.asking;
  if (question.at !== 'count' && question.at !== 'slots') return null;
  const location = tickedLocations(s)[question.index];
  if (!location) return null;
  return { ...question, location, min: 1, initial: 1, max: question.at === 'count' ? location.ip_address_count : MAX_SLOTS[s.ipType] };
}

export type Answer =
  | { to: 'group'; group: string }
  | { to: 'type'; ipType: IpAddressType }
  | { to: 'filter'; filter: IpFilter }
  | { to: 'no-filter'; sure: boolean }
  | { to: 'exclude'; groups: string[] }
  | { to: 'locations'; hashes: string[] }
  /** Nothing is offered for the filters: choose another filter (`again`), or stop. */
  | { to: 'nothing-offered'; again: boolean }
  | { to: 'count' | 'slots'; text: string }
  | { to: 'cycle'; cycle: string }
  /** Typed; ./asking.ts checks it with the server before the summary. */
  | { to: 'coupon'; text: string }
  | { to: 'summary'; place: boolean };

const at = (s: AskedIpOrder, asking: Question): AskedIpOrder => ({ ...s, asking });
/** The excluded groups are asked only when there is another group to exclude; then the locations are read. */
const afterFilters = (s: AskedIpOrder) => at(s, s.groups.length > 1 ? { at: 'exclude' } : { at: 'loading' });
const ended = (s: AskedIpOrder, confirmed: boolean): AskedIpOrder => ({ ...step(s, { type: 'closed' }), confirmed });

function tick(s: AskedIpOrder, hashes: readonly string[]): AskedIpOrder {
  const chosen = availableLocations(s).filter((l) => hashes.includes(l.hash));
  if (!chosen.length) return step(s, { type: 'answer-refused', sentence: CHOOSE_A_LOCATION });
  const ticked = chosen.reduce((order, l) => step(order, { type: 'count-set', hash: l.hash, count: 0 }), step(s, { type: 'typing' }));
  return at(ticked, { at: 'count', index: 0 });
}

/** A whole number from the bounds, the initial one for nothing typed; null for anything else. */
function wholeNumber(text: string, { min, max, initial }: { min: number; max: number; initial: number }): number | null {
  const value = text.trim() === '' ? initial : Number(text.trim());
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

function answerNumber(s: AskedIpOrder, text: string): AskedIpOrder {
  const asked = numberAsked(s);
  if (!asked) return s;
  const value = wholeNumber(text, asked);
  if (value === null) return step(s, { type: 'answer-refused', sentence: wholeNumberFrom(asked.min, asked.max) });
  const {
    index,
    location: { hash },
  } = asked;
  if (asked.at === 'count') {
    const counted = step(step(s, { type: 'count-set', hash, count: value }), { type: 'typing' });
    // Shared addresses have 1 website slot each: nothing to ask.
    return MAX_SLOTS[s.ipType] > 1 ? at(counted, { at: 'slots', index }) : afterLocation(counted, index);
  }
  return afterLocation(step(step(s, { type: 'slots-set', hash, slots: value }), { type: 'typing' }), index);
}

/** The next ticked location's count, or the summary's page (the options are there: no call) and its billing cycle. */
function afterLocation(s: AskedIpOrder, index: number): AskedIpOrder {
  if (index + 1 < tickedLocations(s).length) return at(s, { at: 'count', index: index + 1 });
  return at(step(s, { type: 'summary-asked' }), { at: 'cycle' });
}

/** The order after an answer to the question asked now (pure: ./asking.ts makes the calls some answers lead to). */
export function answer(s: AskedIpOrder, a: Answer): AskedIpOrder {
  switch (a.to) {
    case 'group':
      return at(step(s, { type: 'group-chosen', group: a.group }), { at: 'type' });
    case 'type':
      return at(step(s, { type: 'type-chosen', ipType: a.ipType }), { at: 'filter' });
    case 'filter': {
      const next = step(s, { type: 'filter-chosen', filter: a.filter });
      return next.confirmingNoFilter ? at(next, { at: 'no-filter' }) : afterFilters(next);
    }
    case 'no-filter': {
      const next = step(s, { type: 'no-filter-answered', sure: a.sure });
      return a.sure ? afterFilters(next) : at(next, { at: 'filter' });
    }
    case 'exclude':
      return at(step(s, { type: 'excluded-chosen', groups: a.groups }), { at: 'loading' });
    case 'locations':
      return tick(s, a.hashes);
    case 'nothing-offered':
      return a.again ? at(step(s, { type: 'back-to-filters' }), { at: 'filter' }) : ended(s, false);
    case 'count':
    case 'slots':
      return answerNumber(s, a.text);
    case 'cycle':
      return at(step(s, { type: 'cycle-chosen', cycle: a.cycle }), { at: 'coupon' });
    case 'coupon':
      return step(s, { type: 'coupon-typed', coupon: a.text });
    case 'summary':
      return ended(s, a.place);
  }
}
