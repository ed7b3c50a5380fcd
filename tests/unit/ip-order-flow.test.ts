import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/errors';
import { askIpOrder } from '../../src/lib/ip-order/asking';
import { chosenOrderOf, couponWarned, orderBodyOf, summaryOfOrder } from '../../src/lib/ip-order/derived';
import type { IpOrderCalls } from '../../src/lib/ip-order/flow';
import { holdState } from '../../src/lib/ip-order/holder';
import { NO_IP_GROUPS, numberAsked, passed, wholeNumberFrom, type Answer } from '../../src/lib/ip-order/questions';
import { newIpOrder } from '../../src/lib/ip-order/state';
import { step } from '../../src/lib/ip-order/steps';
import { createIpOrderWizard } from '../../src/lib/ip-order/wizard';
import { slotsErrorKey } from '../../src/lib/rules/ip-order';
import { BAD_COUPON, CHOOSE_A_LOCATION, CHOOSE_GROUP, ORDER_DEFAULTS, TOO_MANY_SLOTS, type IpOrderInput } from '../../src/lib/schemas/ip-orders';
import { FIXTURE_OPTIONS, GROUPS, fixtureCalls, fixtureMarketplace } from '../helpers/ip-order-fixture';
import { CHICAGO, FRANKFURT, NEW_YORK, SCENARIOS, answersFor, factsOfBody, typeOf, walkPages } from '../helpers/ip-order-scenarios';

/**
 * The one IP order flow (src/lib/ip-order), without a screen: the shared scenarios a page at a
 * time (the panel's wizard) and a question at a time (the terminal), then every step and refusal
 * on its own. The panel's store and the CLI's Ink flow walk the same scenarios in
 * tests/api/ip-order-stores.test.ts and tests/cli/ip-order-scenarios.test.tsx.
 */

const MAIN = GROUPS[0]!.guid;
const BLOGS = GROUPS[1]!.guid;

/** The lib's wizard over the fixture API; `created` holds each create call, `reported` what would be toasted. */
function wizardOf(calls: Partial<IpOrderCalls & { create: (body: IpOrderInput, key: string) => Promise<{ invoice_id: number; order_id: number }> }> = {}) {
  const state = holdState(newIpOrder());
  const created: { body: IpOrderInput; key: string }[] = [];
  const reported: unknown[] = [];
  let keys = 0;
  const wizard = createIpOrderWizard(
    state,
    {
      ...fixtureCalls(),
      groups: async () => GROUPS,
      create: async (body, key) => {
        created.push({ body, key });
        return { invoice_id: 7, order_id: 3 };
      },
      newKey: () => `key-${++keys}`,
      ...calls,
    },
    (error) => void reported.push(error),
  );
  return { state, wizard, created, reported };
}

/** The lib's wizard as the shared page-at-a-time walk drives it. */
const underTest = ({ state, wizard }: ReturnType<typeof wizardOf>) => ({
  ...wizard,
  state: state.get,
  summary: () => summaryOfOrder(state.get()),
  placeOrder: async () => (await wizard.place()) !== null,
  closeIpOrder: wizard.close,
});

/** Opens the wizard and goes to its summary with one address in New York. */
async function onSummary(wizard: ReturnType<typeof wizardOf>['wizard']): Promise<void> {
  await wizard.open(MAIN);
  await wizard.toAvailability();
  wizard.setCount(NEW_YORK.hash, 1);
  await wizard.toSummary();
}

const asking = (calls: Partial<IpOrderCalls> = {}, groups = GROUPS) => askIpOrder({ groups, options: FIXTURE_OPTIONS }, { ...fixtureCalls(), ...calls });

/** Answers the questions in turn. */
async function answerAll(order: ReturnType<typeof asking>, answers: Answer[]): Promise<void> {
  for (const answer of answers) await order.answer(answer);
}

describe('the shared scenarios, a page at a time', () => {
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const opened = wizardOf();
      await opened.wizard.open(MAIN);
      const walked = await walkPages(underTest(opened), scenario, [BLOGS]);
      expect(walked.warned).toBe(scenario.warned);
      expect(walked.placed).toBe(scenario.order !== null);
      expect(opened.created.map((c) => factsOfBody(c.body))).toEqual(scenario.order ? [scenario.order] : []);
      expect(opened.state.get().open).toBe(false);
      expect(opened.reported).toEqual([]);
    });
  }
});

describe('the shared scenarios, a question at a time', () => {
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const order = asking();
      for (const act of scenario.acts) {
        for (const { answer, refused } of answersFor(act, GROUPS, typeOf(scenario))) {
          if (answer.to === 'summary') expect(couponWarned(order.state.get())).toBe(scenario.warned);
          await order.answer(answer);
          expect(order.state.get().problem).toBe(refused ?? null);
        }
      }
      const s = order.state.get();
      expect(s.open).toBe(false);
      expect(s.confirmed).toBe(scenario.order !== null);
      if (scenario.order) expect(factsOfBody(orderBodyOf(s))).toEqual(scenario.order);
    });
  }
});

describe('a page at a time: every step', () => {
  it('opens on page 1 with the defaults and the groups, and starts afresh each time', async () => {
    const { state, wizard } = wizardOf();
    await wizard.open(MAIN);
    wizard.setIpType('SHARED');
    wizard.setCoupon('X');
    await wizard.open(BLOGS);
    expect(state.get()).toMatchObject({
      open: true,
      page: 1,
      group: BLOGS,
      groups: GROUPS,
      ipType: 'DEDICATED',
      filter: 'C',
      billingCycle: ORDER_DEFAULTS.billingCycle,
      coupon: '',
    });
  });

  it('keeps the groups of the order opened last', async () => {
    const answers: ((groups: typeof GROUPS) => void)[] = [];
    const { state, wizard } = wizardOf();
    const slow = createIpOrderWizard(
      state,
      { ...fixtureCalls(), groups: () => new Promise((resolve) => answers.push(resolve)), create: async () => ({ invoice_id: 1, order_id: 1 }), newKey: () => 'k' },
      () => undefined,
    );
    const first = slow.open(MAIN);
    await wizard.open(BLOGS);
    answers[0]!([GROUPS[0]!]);
    await first;
    expect(state.get().groups).toEqual(GROUPS);
  });

  it("asks before 'No filter' and keeps the filter when cancelled", () => {
    const { state, wizard } = wizardOf();
    wizard.setFilter('NONE');
    expect(state.get()).toMatchObject({ filter: 'C', confirmingNoFilter: true });
    wizard.cancelNoFilter();
    expect(state.get()).toMatchObject({ filter: 'C', confirmingNoFilter: false });
    wizard.setFilter('NONE');
    wizard.confirmNoFilter();
    expect(state.get()).toMatchObject({ filter: 'NONE', confirmingNoFilter: false });
    wizard.setFilter('B');
    expect(state.get().filter).toBe('B');
  });

  it('reads the availability for the filters and excluded groups, and going back to page 1 clears it', async () => {
    const marketplace = vi.fn(fixtureCalls().marketplace);
    const { state, wizard } = wizardOf({ marketplace });
    await wizard.open(MAIN);
    wizard.setExcludedGroups([BLOGS]);
    await wizard.toAvailability();
    expect(marketplace).toHaveBeenCalledWith('DEDICATED', 'C', [BLOGS]);
    expect(state.get()).toMatchObject({ page: 2, loading: false, marketplace: fixtureMarketplace('DEDICATED') });
    wizard.setCount(NEW_YORK.hash, 2);
    wizard.backToFilters();
    expect(state.get()).toMatchObject({ page: 1, marketplace: [], picks: {} });
  });

  it('says a failed read of the availability and stays on page 1', async () => {
    const failure = new Error('The API did not answer.');
    const { state, wizard, reported } = wizardOf({ marketplace: async () => Promise.reject(failure) });
    await wizard.open(MAIN);
    await wizard.toAvailability();
    expect(reported).toEqual([failure]);
    expect(state.get()).toMatchObject({ page: 1, loading: false, problem: 'The API did not answer.' });
  });

  it('keeps a count from 0 to what a location has, and a chosen count takes back the locations sentence', async () => {
    const { state, wizard } = wizardOf();
    await wizard.open(MAIN);
    await wizard.toAvailability();
    await wizard.toSummary();
    expect(state.get().errors.locations).toBe(CHOOSE_A_LOCATION);
    wizard.setCount(FRANKFURT.hash, 99);
    wizard.setCount('nowhere', 1);
    expect(state.get().picks).toEqual({ [FRANKFURT.hash]: { count: 12, slots: 1 } });
    expect(state.get().errors.locations).toBeUndefined();
  });

  it('says too many slots beside the field, keeps them as typed, and refuses the summary until they are fixed', async () => {
    const { state, wizard } = wizardOf();
    await wizard.open(MAIN);
    await wizard.toAvailability();
    wizard.setCount(CHICAGO.hash, 1);
    wizard.setSlots(CHICAGO.hash, 11);
    expect(state.get().picks[CHICAGO.hash]).toEqual({ count: 1, slots: 11 });
    await wizard.toSummary();
    expect(state.get()).toMatchObject({ page: 2, errors: { [slotsErrorKey(CHICAGO.hash)]: TOO_MANY_SLOTS } });
    wizard.setSlots(CHICAGO.hash, 10);
    expect(state.get().errors).toEqual({});
    await wizard.toSummary();
    expect(state.get().page).toBe(3);
    wizard.backToAvailability();
    expect(state.get().page).toBe(2);
  });

  it('loads the billing cycles on the way to the summary, keeping the chosen cycle where it is offered', async () => {
    const options = vi.fn(async () => ({ ...FIXTURE_OPTIONS, billing_cycles: FIXTURE_OPTIONS.billing_cycles.filter((c) => c.name !== 'ANNUALLY') }));
    const { state, wizard, reported } = wizardOf({ options });
    await onSummary(wizard);
    expect(options).toHaveBeenCalledWith(null);
    expect(state.get()).toMatchObject({ page: 3, billingCycle: 'MONTHLY' });
    wizard.backToAvailability();
    await wizard.toSummary();
    expect(options).toHaveBeenCalledTimes(1);
    expect(reported).toEqual([]);
  });

  it('says a failed read of the billing cycles and stays on page 2', async () => {
    const { state, wizard, reported } = wizardOf({ options: async () => Promise.reject(new Error('Offline.')) });
    await onSummary(wizard);
    expect(reported).toHaveLength(1);
    expect(state.get()).toMatchObject({ page: 2, loading: false });
  });

  it('prices with a coupon only once the server said it is valid, and drops it when another is typed', async () => {
    const { state, wizard, reported } = wizardOf();
    await onSummary(wizard);
    const plain = summaryOfOrder(state.get())!;
    wizard.setCoupon(' ipannual20 ');
    expect(summaryOfOrder(state.get())).toEqual(plain);
    expect(await wizard.applyCoupon()).toBe(true);
    expect(summaryOfOrder(state.get())!.coupon_code).toEqual({ name: 'IPANNUAL20', value: '20%' });
    expect(couponWarned(state.get())).toBe(true);
    wizard.setCoupon('NOPE');
    expect(state.get().couponTerms).toBeNull();
    expect(await wizard.applyCoupon()).toBe(false);
    // The coupon's own sentence stands beside the field: nothing to toast.
    expect(state.get().errors).toEqual({ coupon: BAD_COUPON });
    expect(reported).toEqual([]);
    wizard.setCoupon('');
    expect(state.get().errors).toEqual({});
    expect(await wizard.applyCoupon()).toBe(true);
  });

  it('says a coupon check that failed for another reason apart', async () => {
    const failure = new Error('Offline.');
    const { state, wizard, reported } = wizardOf({ options: async (coupon) => (coupon ? Promise.reject(failure) : FIXTURE_OPTIONS) });
    await wizard.open(MAIN);
    wizard.setCoupon('IPANNUAL20');
    expect(await wizard.applyCoupon()).toBe(false);
    expect(reported).toEqual([failure]);
    expect(state.get()).toMatchObject({ loading: false, couponTerms: null, problem: 'Offline.' });
  });

  it('checks a typed coupon before placing, and places nothing when it is refused', async () => {
    const { state, wizard, created } = wizardOf();
    await onSummary(wizard);
    wizard.setCoupon('nope');
    expect(await wizard.place()).toBeNull();
    expect(created).toEqual([]);
    expect(state.get().errors.coupon).toBe(BAD_COUPON);
    wizard.setCoupon('ipannual20');
    expect(await wizard.place()).toEqual({ invoice_id: 7, order_id: 3 });
    expect(created[0]!.body.coupon).toBe('IPANNUAL20');
    expect(state.get()).toMatchObject({ open: false, busy: false });
  });

  it('refuses an order the schema refuses with its sentences, before any call', async () => {
    const { state, wizard, created } = wizardOf();
    await wizard.toAvailability();
    wizard.setCount(NEW_YORK.hash, 1);
    expect(await wizard.place()).toBeNull();
    expect(created).toEqual([]);
    expect(state.get().errors).toEqual({ group: CHOOSE_GROUP });
  });

  it('places once while placing, keeps the key for a retry after no answer, and takes a new one after a refusal', async () => {
    const answers: { key: string; settle: (outcome: Error | null) => void }[] = [];
    const { state, wizard, reported } = wizardOf({
      create: (_body, key) => new Promise((resolve, reject) => answers.push({ key, settle: (outcome) => (outcome ? reject(outcome) : resolve({ invoice_id: 1, order_id: 1 })) })),
    });
    await onSummary(wizard);
    const first = wizard.place();
    expect(state.get().busy).toBe(true);
    expect(await wizard.place()).toBeNull();
    answers[0]!.settle(new Error('Offline.'));
    expect(await first).toBeNull();
    const refused = new ApiError(400, { errors: ['Only 0 IP addresses are left.'], fields: { locations: 'Only 0 IP addresses are left.' } });
    const second = wizard.place();
    answers[1]!.settle(refused);
    await second;
    expect(state.get()).toMatchObject({ busy: false, errors: { locations: 'Only 0 IP addresses are left.' } });
    const third = wizard.place();
    answers[2]!.settle(null);
    await third;
    expect(answers.map((a) => a.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(reported).toHaveLength(2);
    expect(state.get().open).toBe(false);
  });
});

describe('a question at a time: every question', () => {
  it('asks nothing of a company without groups', () => {
    const order = asking({}, []);
    expect(order.state.get()).toMatchObject({ open: false, confirmed: false });
    expect(NO_IP_GROUPS).toBe('This company has no IP groups yet; create one in the panel first.');
  });

  it('asks the group, type and filter in turn, with each answer standing above the next question', async () => {
    const order = asking();
    const s = () => order.state.get();
    expect(s().asking).toEqual({ at: 'group' });
    await order.answer({ to: 'group', group: BLOGS });
    expect(s()).toMatchObject({ group: BLOGS, asking: { at: 'type' } });
    expect(passed(s(), 'group')).toBe(true);
    expect(passed(s(), 'type')).toBe(false);
    await order.answer({ to: 'type', ipType: 'SHARED' });
    expect(s()).toMatchObject({ ipType: 'SHARED', asking: { at: 'filter' } });
    await order.answer({ to: 'filter', filter: 'NONE' });
    expect(s()).toMatchObject({ asking: { at: 'no-filter' }, confirmingNoFilter: true });
    expect(passed(s(), 'filter')).toBe(true);
    expect(passed(s(), 'no-filter')).toBe(false);
    await order.answer({ to: 'no-filter', sure: false });
    expect(s()).toMatchObject({ asking: { at: 'filter' }, filter: 'C' });
    await order.answer({ to: 'filter', filter: 'A' });
    expect(s()).toMatchObject({ asking: { at: 'exclude' }, filter: 'A' });
  });

  it('reads the locations after the excluded groups, or after the filter when there is no other group', async () => {
    const marketplace = vi.fn(fixtureCalls().marketplace);
    const two = asking({ marketplace });
    await two.answer({ to: 'group', group: MAIN });
    await two.answer({ to: 'type', ipType: 'DEDICATED' });
    await two.answer({ to: 'filter', filter: 'C' });
    await two.answer({ to: 'exclude', groups: [BLOGS] });
    expect(marketplace).toHaveBeenLastCalledWith('DEDICATED', 'C', [BLOGS]);
    expect(two.state.get()).toMatchObject({ page: 2, asking: { at: 'locations' } });

    const one = asking({ marketplace }, [GROUPS[0]!]);
    await one.answer({ to: 'group', group: MAIN });
    await one.answer({ to: 'type', ipType: 'DEDICATED' });
    await one.answer({ to: 'filter', filter: 'NONE' });
    await one.answer({ to: 'no-filter', sure: true });
    expect(marketplace).toHaveBeenLastCalledWith('DEDICATED', 'NONE', []);
    expect(one.state.get()).toMatchObject({ page: 2, asking: { at: 'locations' } });
  });

  it('goes back to the filter with the reason when the locations cannot be read', async () => {
    const order = asking({ marketplace: async () => Promise.reject(new ApiError(503, { errors: ['The marketplace is closed.'] })) }, [GROUPS[0]!]);
    await order.answer({ to: 'group', group: MAIN });
    await order.answer({ to: 'type', ipType: 'DEDICATED' });
    await order.answer({ to: 'filter', filter: 'C' });
    expect(order.state.get()).toMatchObject({ asking: { at: 'filter' }, problem: 'The marketplace is closed.', loading: false });
  });

  it('offers another filter when nothing is on offer, or stops', async () => {
    const empty = async () => [{ ...fixtureMarketplace('DEDICATED')[2]! }];
    const again = asking({ marketplace: empty }, [GROUPS[0]!]);
    await answerAll(again, [
      { to: 'group', group: MAIN },
      { to: 'type', ipType: 'DEDICATED' },
      { to: 'filter', filter: 'C' },
    ]);
    expect(again.state.get().asking).toEqual({ at: 'locations' });
    await again.answer({ to: 'nothing-offered', again: true });
    expect(again.state.get()).toMatchObject({ asking: { at: 'filter' }, page: 1, marketplace: [] });
    await again.answer({ to: 'filter', filter: 'C' });
    await again.answer({ to: 'nothing-offered', again: false });
    expect(again.state.get()).toMatchObject({ open: false, confirmed: false });
  });

  it('asks a count of each ticked location from 1 to what it has, then its slots from 1 to 10, refusing anything else', async () => {
    const order = asking();
    await answerAll(order, [
      { to: 'group', group: MAIN },
      { to: 'type', ipType: 'DEDICATED' },
      { to: 'filter', filter: 'C' },
      { to: 'exclude', groups: [] },
    ]);
    const s = () => order.state.get();
    await order.answer({ to: 'locations', hashes: [] });
    expect(s().problem).toBe(CHOOSE_A_LOCATION);
    await order.answer({ to: 'locations', hashes: ['au-syd'] });
    expect(s()).toMatchObject({ problem: CHOOSE_A_LOCATION, asking: { at: 'locations' } });
    // Ticked in any order, asked in the marketplace's.
    await order.answer({ to: 'locations', hashes: [FRANKFURT.hash, NEW_YORK.hash] });
    expect(s()).toMatchObject({ problem: null, asking: { at: 'count', index: 0 } });
    expect(numberAsked(s())).toMatchObject({ location: { hash: NEW_YORK.hash }, min: 1, max: 40, initial: 1 });
    await order.answer({ to: 'count', text: '41' });
    expect(s().problem).toBe(wholeNumberFrom(1, 40));
    order.typing();
    expect(s().problem).toBeNull();
    await order.answer({ to: 'count', text: '2.5' });
    expect(s().problem).toBe(wholeNumberFrom(1, 40));
    await order.answer({ to: 'count', text: ' 4 ' });
    expect(s()).toMatchObject({ problem: null, asking: { at: 'slots', index: 0 }, picks: { [NEW_YORK.hash]: { count: 4, slots: 1 } } });
    expect(numberAsked(s())).toMatchObject({ max: 10 });
    await order.answer({ to: 'slots', text: '0' });
    expect(s().problem).toBe(wholeNumberFrom(1, 10));
    await order.answer({ to: 'slots', text: '3' });
    expect(s().asking).toEqual({ at: 'count', index: 1 });
    // Enter alone takes 1.
    await order.answer({ to: 'count', text: '' });
    await order.answer({ to: 'slots', text: '' });
    expect(s()).toMatchObject({ asking: { at: 'cycle' }, page: 3, picks: { [NEW_YORK.hash]: { count: 4, slots: 3 }, [FRANKFURT.hash]: { count: 1, slots: 1 } } });
  });

  it('asks no slots of shared addresses', async () => {
    const order = asking();
    await answerAll(order, [
      { to: 'group', group: MAIN },
      { to: 'type', ipType: 'SHARED' },
      { to: 'filter', filter: 'C' },
      { to: 'exclude', groups: [] },
      { to: 'locations', hashes: [CHICAGO.hash] },
      { to: 'count', text: '2' },
    ]);
    expect(order.state.get()).toMatchObject({ asking: { at: 'cycle' }, picks: { [CHICAGO.hash]: { count: 2, slots: 1 } } });
  });

  it('says a refused coupon in place until typing again, and hands on the order as chosen with the coupon applied', async () => {
    const order = asking();
    await answerAll(order, [
      { to: 'group', group: MAIN },
      { to: 'type', ipType: 'DEDICATED' },
      { to: 'filter', filter: 'C' },
      { to: 'exclude', groups: [BLOGS] },
      { to: 'locations', hashes: [NEW_YORK.hash] },
      { to: 'count', text: '1' },
      { to: 'slots', text: '1' },
      { to: 'cycle', cycle: 'ANNUALLY' },
    ]);
    const s = () => order.state.get();
    await order.answer({ to: 'coupon', text: 'nope' });
    expect(s()).toMatchObject({ asking: { at: 'coupon' }, problem: BAD_COUPON });
    order.typing();
    expect(s().problem).toBeNull();
    await order.answer({ to: 'coupon', text: 'ipannual20' });
    expect(s().asking).toEqual({ at: 'summary' });
    await order.answer({ to: 'summary', place: true });
    expect(s()).toMatchObject({ open: false, confirmed: true });
    expect(chosenOrderOf(s())).toEqual({
      choices: { group: MAIN, ipType: 'DEDICATED', filter: 'C', excludedGroups: [BLOGS], billingCycle: 'ANNUALLY', coupon: 'IPANNUAL20' },
      entries: fixtureMarketplace('DEDICATED'),
      picks: { [NEW_YORK.hash]: { count: 1, slots: 1 } },
      options: { ...FIXTURE_OPTIONS, coupon: s().couponTerms },
    });
  });
});

describe('the events', () => {
  it('keep the rest of a wider state as it is', () => {
    const wider = { ...newIpOrder(), asking: { at: 'type' as const } };
    expect(step(wider, { type: 'type-chosen', ipType: 'SHARED' })).toEqual({ ...wider, ipType: 'SHARED' });
  });
});
