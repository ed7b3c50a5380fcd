import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/billing';
import { availableLocations } from '../../src/lib/ip-order/derived';
import type { Answer } from '../../src/lib/ip-order/questions';
import { newIpOrder } from '../../src/lib/ip-order/state';
import { orderBody } from '../../src/lib/rules/ip-order';
import { COUPON_OVERRIDES, NO_FILTER_QUESTION, type IpAddressType } from '../../src/lib/schemas/ip-orders';
import { priceChosen, type ChosenOrder } from '../../cli/commands/ip-order';
import { FILTER_ORDER, IpOrderFlow, cyclesInOrder } from '../../cli/ui/IpOrderFlow';
import { FIXTURE_OPTIONS, GROUPS, fixtureCalls, fixtureMarketplace } from '../helpers/ip-order-fixture';
import { SCENARIOS, answersFor, factsOfBody, typeOf, type Asked } from '../helpers/ip-order-scenarios';
import { calledBack, renderInk } from './helpers/ink';

/**
 * `hostdeck ip order` asked step by step (cli/ui/IpOrderFlow.tsx), walking the shared scenarios
 * (tests/helpers/ip-order-scenarios.ts) by its keys: each answer is typed once its question is
 * on screen, each refusal awaited in its frame, and the order handed on is the one chosen,
 * with the summary's total the price of it.
 */

afterEach(() => {
  cleanup();
});

const ENTER = '\r';
const DOWN = '\u001B[B';
const SPACE = ' ';
const BACKSPACE = '\u007F';

const down = (times: number) => Array.from({ length: times }, () => DOWN);
/** Space on each of `ticked` among `options`, moving down to it, then Enter. */
const tick = (options: readonly string[], ticked: readonly string[]) => {
  let at = 0;
  const keys: string[] = [];
  options.forEach((option, i) => {
    if (!ticked.includes(option)) return;
    keys.push(...down(i - at), SPACE);
    at = i;
  });
  return [...keys, ENTER];
};

/** What the question of `answer` says, and the keys that answer it (a line typed over what was refused before). */
function question({ answer, about }: Asked, ipType: IpAddressType, refusedText: string): { shows: string; keys: string[] } {
  const line = (text: string) => [...Array.from(refusedText, () => BACKSPACE), ...text, ENTER];
  switch (answer.to) {
    case 'group':
      return { shows: '? Which IP group', keys: [...down(GROUPS.findIndex((g) => g.guid === answer.group)), ENTER] };
    case 'type':
      return { shows: '? IP address type', keys: [...down(answer.ipType === 'SHARED' ? 1 : 0), ENTER] };
    case 'filter':
      return { shows: '? Subnet filter', keys: [...down(FILTER_ORDER.indexOf(answer.filter)), ENTER] };
    case 'no-filter':
      return { shows: `? ${NO_FILTER_QUESTION}`, keys: [answer.sure ? 'y' : 'n'] };
    case 'exclude':
      return {
        shows: '? Exclude the subnets',
        keys: tick(
          GROUPS.slice(1).map((g) => g.guid),
          answer.groups,
        ),
      };
    case 'locations': {
      const offered = availableLocations({ ...newIpOrder(), marketplace: fixtureMarketplace(ipType) }).map((l) => l.hash);
      return { shows: '? Locations', keys: tick(offered, answer.hashes) };
    }
    case 'count':
      return { shows: `? IP addresses in ${about!.city} (`, keys: line(answer.text) };
    case 'slots':
      return { shows: `? Website slots per address in ${about!.city}`, keys: line(answer.text) };
    case 'cycle':
      return { shows: '? Billing cycle', keys: [...down(cyclesInOrder(FIXTURE_OPTIONS).findIndex((c) => c.name === answer.cycle)), ENTER] };
    case 'coupon':
      return { shows: '? Coupon (Enter for none)', keys: line(answer.text) };
    case 'summary':
      return { shows: 'Total: ', keys: [answer.place ? 'y' : 'n'] };
    case 'nothing-offered':
      throw new Error('No scenario finds nothing on offer.');
  }
}

const typed = (answer: Answer) => ('text' in answer ? answer.text : '');

describe('hostdeck ip order, walking the shared scenarios', () => {
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const { callback: onDone, called: done } = calledBack<[ChosenOrder | null]>('the flow to end with the order or null');
      const app = renderInk(<IpOrderFlow catalogue={{ groups: GROUPS, options: FIXTURE_OPTIONS }} {...fixtureCalls()} onDone={onDone} />);
      const ipType = typeOf(scenario);
      let summary = '';
      // The text left in the input by a refused answer, typed over by the next one.
      let refusedText = '';
      for (const act of scenario.acts) {
        for (const asked of answersFor(act, GROUPS, ipType)) {
          const { shows, keys } = question(asked, ipType, refusedText);
          const frame = await app.shows(shows);
          if (asked.answer.to === 'summary') summary = frame;
          app.type(...keys);
          refusedText = asked.refused ? typed(asked.answer) : '';
          if (asked.refused) await app.shows(asked.refused);
        }
      }
      const [order] = await done();
      expect(summary.includes(COUPON_OVERRIDES)).toBe(scenario.warned);
      if (!scenario.order) return expect(order).toBeNull();
      if (!order) throw new Error('The flow ended without an order.');
      expect(factsOfBody(orderBody(order.choices, order.entries, order.picks))).toEqual(scenario.order);
      expect(order.choices.excludedGroups).toEqual(scenario.acts.some((a) => a.act === 'filters' && a.excludeOthers) ? [GROUPS[1]!.guid] : []);
      expect(summary).toContain(`Total: ${formatMoney(priceChosen(order).total_amount, 'USD')}`);
    });
  }
});
