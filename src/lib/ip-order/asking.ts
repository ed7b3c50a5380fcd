import type { IpOrderOptions } from '../api/ip-orders';
import { createIpOrderFlow, type IpOrderCalls } from './flow';
import { holdState } from './holder';
import { answer, startAsking, type Answer, type Question } from './questions';
import type { IpGroupRef } from './state';

/**
 * The order asked a question at a time (./questions.ts) with the calls some answers lead to:
 * the excluded groups (or the filter, with one group) read the locations, and a coupon is
 * checked before the summary. A screen draws `state` and hands each answer to `answer`.
 */
export function askIpOrder(catalogue: { groups: IpGroupRef[]; options: IpOrderOptions }, calls: IpOrderCalls) {
  const state = holdState(startAsking(catalogue));
  // No report: the terminal says a failed call in place of the question (the state's `problem`).
  const flow = createIpOrderFlow(state, calls);
  const moveTo = (asking: Question) => state.set({ ...state.get(), asking });

  async function answerWith(given: Answer): Promise<void> {
    state.set(answer(state.get(), given));
    // Back to the filter when the locations could not be read: it says why.
    if (state.get().asking.at === 'loading') moveTo((await flow.toLocations()) ? { at: 'locations' } : { at: 'filter' });
    if (given.to === 'coupon' && (await flow.applyCoupon())) moveTo({ at: 'summary' });
  }

  return {
    state,
    answer: answerWith,
    /** Typing again takes back what was said about the last answer. */
    typing: () => flow.send({ type: 'typing' }),
  };
}
