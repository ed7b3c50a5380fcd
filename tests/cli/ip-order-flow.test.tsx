import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpOrderOptions, MarketplaceEntry } from '../../src/lib/api/ip-orders';
import { summaryOf } from '../../src/lib/rules/ip-order';
import { COUPON_OVERRIDES, NO_FILTER_QUESTION } from '../../src/lib/schemas/ip-orders';
import { ApiError } from '../../src/lib/errors';
import type { ChosenOrder } from '../../cli/commands/ip-order';
import { IpOrderFlow } from '../../cli/ui/IpOrderFlow';

afterEach(() => {
  cleanup();
});

const ENTER = '\r';
const DOWN = '\u001B[B';
const SPACE = ' ';

const GROUPS = [
  { guid: '00000000-0000-4000-8000-000000000001', name: 'Main network' },
  { guid: '00000000-0000-4000-8000-000000000002', name: 'Blogs' },
];
const location = (hash: string, city: string, count: number, price: number) => ({ hash, id: hash, city, country: 'Somewhere', country_code: 'XX', location: hash, ip_address_count: count, price, site_price: 100, currency: 'USD' as const });
const ENTRIES: MarketplaceEntry[] = [
  { country_code: 'US', country_name: 'United States', locations: [location('us-nyc', 'New York', 40, 300), location('us-lax', 'Los Angeles', 0, 300)] },
  { country_code: 'DE', country_name: 'Germany', locations: [location('de-fra', 'Frankfurt', 12, 350)] },
];
const OPTIONS: IpOrderOptions = {
  billing_cycles: [
    { name: 'ANNUALLY', value: 12, discount: { discount_type: 'PERCENTAGE', percentage_value: 10 } },
    { name: 'MONTHLY', value: 1, discount: null },
  ],
  ip_address_types: ['DEDICATED', 'SHARED'],
  ip_address_filters: ['NONE', 'C', 'B', 'A'],
  defaults: { ip_address_type: 'DEDICATED', ip_address_filter: 'C', billing_cycle: 'ANNUALLY' },
  max_website_slots: { DEDICATED: 10, SHARED: 1 },
  currency: 'USD',
  tax_rate: 0,
  eur_per_usd: 0.92,
  coupon: null,
};

/**
 * Lets React finish what the last frame began: a question's key handler subscribes in an effect
 * that runs just after its frame is drawn, and Ink hands a key only to the handlers subscribed
 * when it arrives. The effects are queued before this (at the commit), so a few turns suffice.
 */
async function settle() {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

/** Types keys one at a time, each after the flow has settled, as a person would. */
async function keys(stdin: { write(data: string): void }, ...sequence: string[]) {
  for (const key of sequence) {
    await settle();
    stdin.write(key);
  }
  await settle();
}

function mount(overrides: { options?: (coupon: string | null) => Promise<IpOrderOptions> } = {}) {
  const onDone = vi.fn<(order: ChosenOrder | null) => void>();
  const marketplace = vi.fn(async () => ENTRIES);
  const app = render(
    <IpOrderFlow catalogue={{ groups: GROUPS, options: OPTIONS }} marketplace={marketplace} options={overrides.options ?? (async () => OPTIONS)} onDone={onDone} />,
  );
  return { ...app, onDone, marketplace };
}

describe('hostdeck ip order, asked step by step', () => {
  it('walks group, type, filter, excluded groups, locations, counts, slots, cycle and coupon to the summary priced as the panel prices it', async () => {
    const { stdin, lastFrame, onDone, marketplace } = mount();
    expect(lastFrame()).toContain('Which IP group do the addresses go to?');
    await keys(stdin, ENTER); // Main network
    await vi.waitFor(() => expect(lastFrame()).toContain('IP address type'));
    await keys(stdin, ENTER); // Dedicated
    await vi.waitFor(() => expect(lastFrame()).toContain('Subnet filter'));
    await keys(stdin, ENTER); // C-class, the default, first
    await vi.waitFor(() => expect(lastFrame()).toContain('Exclude the subnets of these groups'));
    await keys(stdin, SPACE, ENTER); // Blogs
    await vi.waitFor(() => expect(lastFrame()).toContain('Locations'));
    expect(marketplace).toHaveBeenCalledWith('DEDICATED', 'C', [GROUPS[1]!.guid]);
    // Los Angeles has nothing left and is not offered.
    expect(lastFrame()).not.toContain('Los Angeles');
    expect(lastFrame()).toContain('New York, Somewhere - 40 available, $3.00 a month');

    await keys(stdin, ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('Please choose at least 1 location!'));
    await keys(stdin, SPACE, DOWN, SPACE, ENTER); // New York and Frankfurt
    await vi.waitFor(() => expect(lastFrame()).toContain('IP addresses in New York (1-40'));
    await keys(stdin, '4', '1', ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('Enter a whole number from 1 to 40.'));
    await keys(stdin, '\u007F', ENTER); // backspace: 4
    await vi.waitFor(() => expect(lastFrame()).toContain('Website slots per address in New York'));
    await keys(stdin, '3', ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('IP addresses in Frankfurt (1-12'));
    await keys(stdin, ENTER); // 1, the default
    await vi.waitFor(() => expect(lastFrame()).toContain('Website slots per address in Frankfurt'));
    await keys(stdin, ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('Billing cycle'));
    expect(lastFrame()).toContain('ANNUALLY (10% off)');
    await keys(stdin, ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('Coupon (Enter for none)'));
    await keys(stdin, ENTER);

    const expected = summaryOf({ ipType: 'DEDICATED', entries: ENTRIES, picks: { 'us-nyc': { count: 4, slots: 3 }, 'de-fra': { count: 1, slots: 1 } }, cycle: OPTIONS.billing_cycles[0]!, coupon: null, options: OPTIONS });
    await vi.waitFor(() => expect(lastFrame()).toContain(`Total: $${(expected.total_amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`));
    expect(lastFrame()).toContain('✔ New York: 4 addresses, 3 website slots each');
    await keys(stdin, 'y');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const order = onDone.mock.calls[0]![0]!;
    expect(order.choices).toEqual({ group: GROUPS[0]!.guid, ipType: 'DEDICATED', filter: 'C', excludedGroups: [GROUPS[1]!.guid], billingCycle: 'ANNUALLY', coupon: '' });
    expect(order.picks).toEqual({ 'us-nyc': { count: 4, slots: 3 }, 'de-fra': { count: 1, slots: 1 } });
  });

  it("asks again before 'No filter', keeps a refused coupon's sentence, says the coupon overrides the discount, and declines", async () => {
    const options = vi.fn(async (coupon: string | null) => {
      if (coupon === 'NOPE') throw new ApiError(400, { errors: ['This coupon is not valid!'], fields: { coupon: 'This coupon is not valid!' } });
      return { ...OPTIONS, coupon: coupon ? { code: coupon, name: 'Annual', discount_type: 'PERCENTAGE' as const, percentage_value: 20 } : null };
    });
    const { stdin, lastFrame, onDone } = mount({ options });
    await keys(stdin, ENTER, DOWN, ENTER); // Main network, Shared
    await vi.waitFor(() => expect(lastFrame()).toContain('Subnet filter'));
    await keys(stdin, DOWN, DOWN, DOWN, ENTER); // No filter
    await vi.waitFor(() => expect(lastFrame()).toContain(NO_FILTER_QUESTION));
    await keys(stdin, 'y');
    await vi.waitFor(() => expect(lastFrame()).toContain('Exclude the subnets'));
    await keys(stdin, ENTER, SPACE, ENTER); // no exclusions; New York
    await vi.waitFor(() => expect(lastFrame()).toContain('IP addresses in New York'));
    await keys(stdin, ENTER); // shared: no slots question
    await vi.waitFor(() => expect(lastFrame()).toContain('Billing cycle'));
    await keys(stdin, ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('Coupon'));
    await keys(stdin, ...'nope', ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain('This coupon is not valid!'));
    await keys(stdin, '\u007F', '\u007F', '\u007F', '\u007F', ...'annual', ENTER);
    await vi.waitFor(() => expect(lastFrame()).toContain(COUPON_OVERRIDES));
    expect(options).toHaveBeenLastCalledWith('ANNUAL');
    await keys(stdin, 'n');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(null));
  });
});
