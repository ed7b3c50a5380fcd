import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpOrderOptions, MarketplaceEntry } from '../../src/lib/api/ip-orders';
import { summaryOf } from '../../src/lib/rules/ip-order';
import { COUPON_OVERRIDES, NO_FILTER_QUESTION } from '../../src/lib/schemas/ip-orders';
import { ApiError } from '../../src/lib/errors';
import type { ChosenOrder } from '../../cli/commands/ip-order';
import { IpOrderFlow } from '../../cli/ui/IpOrderFlow';
import { FIXTURE_OPTIONS as OPTIONS, GROUPS } from '../helpers/ip-order-fixture';
import { calledBack, renderInk } from './helpers/ink';

afterEach(() => {
  cleanup();
});

const ENTER = '\r';
const DOWN = '\u001B[B';
const SPACE = ' ';

const location = (hash: string, city: string, count: number, price: number) => ({
  hash,
  id: hash,
  city,
  country: 'Somewhere',
  country_code: 'XX',
  location: hash,
  ip_address_count: count,
  price,
  site_price: 100,
  currency: 'USD' as const,
});
const ENTRIES: MarketplaceEntry[] = [
  { country_code: 'US', country_name: 'United States', locations: [location('us-nyc', 'New York', 40, 300), location('us-lax', 'Los Angeles', 0, 300)] },
  { country_code: 'DE', country_name: 'Germany', locations: [location('de-fra', 'Frankfurt', 12, 350)] },
];

function mount(overrides: { options?: (coupon: string | null) => Promise<IpOrderOptions> } = {}) {
  const { callback: onDone, called: done } = calledBack<[ChosenOrder | null]>('the flow to end with the order or null');
  const marketplace = vi.fn(async () => ENTRIES);
  const app = renderInk(
    <IpOrderFlow catalogue={{ groups: GROUPS, options: OPTIONS }} marketplace={marketplace} options={overrides.options ?? (async () => OPTIONS)} onDone={onDone} />,
  );
  return { ...app, onDone, done, marketplace };
}

describe('hostdeck ip order, asked step by step', () => {
  it('walks group, type, filter, excluded groups, locations, counts, slots, cycle and coupon to the summary priced as the panel prices it', async () => {
    const app = mount();
    const { lastFrame, marketplace } = app;
    expect(lastFrame()).toContain('Which IP group do the addresses go to?');
    app.type(ENTER); // Main network
    await app.shows('IP address type');
    app.type(ENTER); // Dedicated
    await app.shows('Subnet filter');
    app.type(ENTER); // C-class, the default, first
    await app.shows('Exclude the subnets of these groups');
    app.type(SPACE, ENTER); // Blogs
    await app.shows('Locations');
    expect(marketplace).toHaveBeenCalledWith('DEDICATED', 'C', [GROUPS[1]!.guid]);
    // Los Angeles has nothing left and is not offered.
    expect(lastFrame()).not.toContain('Los Angeles');
    expect(lastFrame()).toContain('New York, Somewhere - 40 available, $3.00 a month');

    app.type(ENTER);
    await app.shows('Please choose at least 1 location!');
    app.type(SPACE, DOWN, SPACE, ENTER); // New York and Frankfurt
    await app.shows('IP addresses in New York (1-40');
    app.type('4', '1', ENTER);
    await app.shows('Enter a whole number from 1 to 40.');
    app.type('\u007F', ENTER); // backspace: 4
    await app.shows('Website slots per address in New York');
    app.type('3', ENTER);
    await app.shows('IP addresses in Frankfurt (1-12');
    app.type(ENTER); // 1, the default
    await app.shows('Website slots per address in Frankfurt');
    app.type(ENTER);
    await app.shows('Billing cycle');
    expect(lastFrame()).toContain('ANNUALLY (15% off)');
    app.type(ENTER);
    await app.shows('Coupon (Enter for none)');
    app.type(ENTER);

    const expected = summaryOf({
      ipType: 'DEDICATED',
      entries: ENTRIES,
      picks: { 'us-nyc': { count: 4, slots: 3 }, 'de-fra': { count: 1, slots: 1 } },
      cycle: OPTIONS.billing_cycles[0]!,
      coupon: null,
      options: OPTIONS,
    });
    await app.shows(`Total: $${(expected.total_amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(lastFrame()).toContain('✔ New York: 4 addresses, 3 website slots each');
    app.type('y');
    const [order] = await app.done();
    if (!order) throw new Error('The flow ended without an order.');
    expect(order.choices).toEqual({ group: GROUPS[0]!.guid, ipType: 'DEDICATED', filter: 'C', excludedGroups: [GROUPS[1]!.guid], billingCycle: 'ANNUALLY', coupon: '' });
    expect(order.picks).toEqual({ 'us-nyc': { count: 4, slots: 3 }, 'de-fra': { count: 1, slots: 1 } });
  });

  it("asks again before 'No filter', keeps a refused coupon's sentence, says the coupon overrides the discount, and declines", async () => {
    const options = vi.fn(async (coupon: string | null) => {
      if (coupon === 'NOPE') throw new ApiError(400, { errors: ['This coupon is not valid!'], fields: { coupon: 'This coupon is not valid!' } });
      return { ...OPTIONS, coupon: coupon ? { code: coupon, name: 'Annual', discount_type: 'PERCENTAGE' as const, percentage_value: 20 } : null };
    });
    const app = mount({ options });
    app.type(ENTER, DOWN, ENTER); // Main network, Shared
    await app.shows('Subnet filter');
    app.type(DOWN, DOWN, DOWN, ENTER); // No filter
    await app.shows(NO_FILTER_QUESTION);
    app.type('y');
    await app.shows('Exclude the subnets');
    app.type(ENTER); // no exclusions
    // The locations are read from the API before they are asked: keys before that are not for them.
    await app.shows('Locations');
    app.type(SPACE, ENTER); // New York
    await app.shows('IP addresses in New York');
    app.type(ENTER); // shared: no slots question
    await app.shows('Billing cycle');
    app.type(ENTER);
    await app.shows('Coupon');
    app.type(...'nope', ENTER);
    await app.shows('This coupon is not valid!');
    app.type('\u007F', '\u007F', '\u007F', '\u007F', ...'annual', ENTER);
    await app.shows(COUPON_OVERRIDES);
    expect(options).toHaveBeenLastCalledWith('ANNUAL');
    app.type('n');
    expect(await app.done()).toEqual([null]);
  });
});
