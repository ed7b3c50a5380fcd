import { describe, expect, it } from 'vitest';
import { pricePlanChange, priceSharedHostingOrder, prorateChange, slotUpgradeDueToday } from '../../../src/lib/billing';
import { CURRENT_PLAN_RETIRED, DOWNGRADE_REDUCES, planChangeWarnings } from '../../../src/lib/schemas/hosting-orders';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('prorateChange: the one proration (spec part 3, 9 and 4 "Plan change wizard")', () => {
  it('charges whole months and (remaining days + 1) / 30 of the monthly increase', () => {
    // Mar 10 -> Jun 25: 3 whole months back to Mar 25, 15 days left, 16 charged; (3 x 30 + 16) x 1000 / 30 = 3533.33.
    expect(prorateChange({ today: day('2026-03-10'), renewal: day('2026-06-25'), monthlyIncreaseCents: 1000 })).toEqual({
      whole_months: 3,
      remaining_days: 15,
      charged_days: 16,
      due_today: 3533,
    });
  });

  it('rounds once, half away from zero, and caps the part month at 30 days', () => {
    // 1 day charged of 15 cents: 0.5 cents rounds up to 1.
    expect(prorateChange({ today: day('2026-05-01'), renewal: day('2026-05-01'), monthlyIncreaseCents: 15 }).due_today).toBe(1);
    // Mar 1 -> Mar 31: 30 remaining days, charged 30, never more than a month.
    expect(prorateChange({ today: day('2026-03-01'), renewal: day('2026-03-31'), monthlyIncreaseCents: 999 })).toMatchObject({ whole_months: 0, charged_days: 30, due_today: 999 });
  });

  it('costs nothing for a change that does not raise the monthly cost', () => {
    expect(prorateChange({ today: day('2026-03-10'), renewal: day('2026-06-25'), monthlyIncreaseCents: -500 }).due_today).toBe(0);
    expect(prorateChange({ today: day('2026-03-10'), renewal: day('2026-06-25'), monthlyIncreaseCents: 0 }).due_today).toBe(0);
    expect(() => prorateChange({ today: day('2026-03-10'), renewal: day('2026-06-25'), monthlyIncreaseCents: 1.5 })).toThrow(RangeError);
  });

  it('is the rule website slots are charged by', () => {
    const today = day('2026-01-31');
    const renewal = day('2026-04-15');
    expect(slotUpgradeDueToday({ today, renewal, slotCostCents: 175, addedSlots: 3 })).toEqual(prorateChange({ today, renewal, monthlyIncreaseCents: 525 }));
  });
});

describe('pricePlanChange', () => {
  const change = {
    accountName: 'Shop',
    today: day('2026-03-10'),
    renewal: day('2026-06-25'),
    current: { name: 'Business', monthlyCents: 999 },
    next: { name: 'Pro', monthlyCents: 1999 },
  };

  it('invoices the prorated difference as one line, no discount', () => {
    const priced = pricePlanChange(change, { currency: 'USD' });
    expect(priced.proration.due_today).toBe(3533);
    expect(priced.items).toHaveLength(1);
    expect(priced.items[0]).toMatchObject({ description: 'Plan change, Business to Pro: Shop', quantity: 1, rate: 3533, sub_total: 3533 });
    expect(priced).toMatchObject({ sub_total: 3533, discount_amount: 0, total_amount: 3533 });
  });

  it('has no line for a cheaper plan', () => {
    const priced = pricePlanChange({ ...change, next: { name: 'Starter', monthlyCents: 499 } }, { currency: 'USD' });
    expect(priced.items).toEqual([]);
    expect(priced.total_amount).toBe(0);
  });
});

describe('priceSharedHostingOrder', () => {
  const order = { accountName: 'Shop', plan: { name: 'Business', monthlyCents: 999 }, cycle: { name: 'ANNUALLY', months: 12, discountPercentage: 20 } };

  it("takes the cycle's 'N% off', or the coupon instead of it (spec part 3, 9)", () => {
    expect(priceSharedHostingOrder(order, { currency: 'USD' })).toMatchObject({
      sub_total: 11_988,
      discount_source: 'BILLING_CYCLE',
      discount_amount: 2398,
      total_amount: 9590,
      monthly_total: 999,
    });
    const coupon = { code: 'WELCOME10', discountType: 'PERCENTAGE' as const, percentageValue: 10 };
    expect(priceSharedHostingOrder({ ...order, coupon }, { currency: 'USD' })).toMatchObject({ discount_source: 'COUPON', discount_amount: 1199, total_amount: 10_789 });
  });

  it('carries the period when it starts', () => {
    const priced = priceSharedHostingOrder({ ...order, periodStart: day('2026-01-31') }, { currency: 'EUR' });
    expect(priced.items[0]).toMatchObject({ description: 'Shared hosting, Business plan: Shop', period_start: day('2026-01-31'), period_end: day('2027-01-31'), rate: 11_988 });
  });
});

describe('planChangeWarnings (spec part 3, 4 and 8)', () => {
  const business = { storage: 30, memory: 2048, cpu: 2, is_available: true };

  it('names what the new plan reduces', () => {
    expect(planChangeWarnings(business, { storage: 10, memory: 1024, cpu: 1 })).toEqual([DOWNGRADE_REDUCES('storage, memory and CPU')]);
    expect(planChangeWarnings(business, { storage: 10, memory: 4096, cpu: 4 })).toEqual([DOWNGRADE_REDUCES('storage')]);
    expect(planChangeWarnings({ ...business, storage: null }, { storage: 500, memory: 2048, cpu: 1 })).toEqual([DOWNGRADE_REDUCES('storage and CPU')]);
    expect(planChangeWarnings(business, { storage: null, memory: 4096, cpu: 4 })).toEqual([]);
  });

  it('says when the current plan no longer exists', () => {
    expect(planChangeWarnings({ ...business, is_available: false }, { storage: 75, memory: 4096, cpu: 4 })).toEqual([CURRENT_PLAN_RETIRED]);
  });
});
