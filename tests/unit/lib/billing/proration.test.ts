import { describe, expect, it } from 'vitest';
import { addUtcMonths } from '../../../../src/lib/billing/calendar';
import { slotUpgradeDueToday, slotUpgradesDueToday, timeToRenewal } from '../../../../src/lib/billing/proration';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('addUtcMonths', () => {
  it('keeps the day of the month, or the last day the month has', () => {
    expect(addUtcMonths(day('2027-01-31'), 1)).toEqual(day('2027-02-28'));
    expect(addUtcMonths(day('2028-01-31'), 1)).toEqual(day('2028-02-29'));
    expect(addUtcMonths(day('2027-03-31'), -1)).toEqual(day('2027-02-28'));
    expect(addUtcMonths(day('2027-03-31'), -2)).toEqual(day('2027-01-31'));
    expect(addUtcMonths(day('2027-12-15'), 1)).toEqual(day('2028-01-15'));
    expect(addUtcMonths(day('2027-01-15'), -13)).toEqual(day('2025-12-15'));
    expect(addUtcMonths(day('2028-02-29'), 12)).toEqual(day('2029-02-28'));
  });

  it('keeps the time of day in UTC and refuses part months', () => {
    expect(addUtcMonths(new Date('2027-05-10T23:30:00Z'), 1)).toEqual(new Date('2027-06-10T23:30:00Z'));
    expect(() => addUtcMonths(day('2027-01-01'), 0.5)).toThrow(RangeError);
  });
});

describe('timeToRenewal: whole months back from the renewal, then days from today', () => {
  it.each([
    ['2027-01-10', '2027-03-15', 2, 5],
    ['2027-02-28', '2027-03-31', 1, 0], // Mar 31 - 1 month = Feb 28
    ['2027-01-31', '2027-02-28', 0, 28], // Feb 28 - 1 month = Jan 28, before today
    ['2027-03-01', '2027-03-31', 0, 30],
    ['2027-01-30', '2027-03-01', 1, 2], // Feb 1, then 2 days from Jan 30
    ['2028-02-01', '2028-03-01', 1, 0],
    ['2028-02-29', '2029-02-28', 11, 28], // leap day to an annual renewal: Mar 28 2028 is 11 months back
    ['2027-06-15', '2028-01-01', 6, 16],
    ['2027-05-20', '2027-05-20', 0, 0], // renewal today
    ['2027-05-21', '2027-05-20', 0, 0], // renewal already past
  ])('today %s, renewal %s: %i months and %i days', (today, renewal, months, days) => {
    expect(timeToRenewal(day(today), day(renewal))).toEqual({ wholeMonths: months, remainingDays: days });
  });

  it('counts UTC calendar days, not hours', () => {
    expect(timeToRenewal(new Date('2027-01-10T23:59:59Z'), new Date('2027-03-15T00:00:00Z'))).toEqual({ wholeMonths: 2, remainingDays: 5 });
  });
});

describe('slotUpgradeDueToday (spec part 3, 9)', () => {
  it('charges whole months and (remaining days + 1) / 30 of a month per added slot', () => {
    // 2 months and 5 days: (2 x $1.00 + 6 x $1.00 / 30) x 1 = $2.20
    expect(slotUpgradeDueToday({ today: day('2027-01-10'), renewal: day('2027-03-15'), slotCostCents: 100, addedSlots: 1 })).toEqual({
      whole_months: 2,
      remaining_days: 5,
      charged_days: 6,
      due_today: 220,
    });
    // The same for 3 slots: $6.60
    expect(slotUpgradeDueToday({ today: day('2027-01-10'), renewal: day('2027-03-15'), slotCostCents: 100, addedSlots: 3 }).due_today).toBe(660);
  });

  it('rounds once, after multiplying by the slots', () => {
    // Renewal today: 1 day. 1 slot: $1.00 / 30 = 3.33 cents -> 3; 2 slots: 6.67 -> 7 (not 2 x 3).
    const renewalToday = { today: day('2027-05-20'), renewal: new Date('2027-05-20T18:00:00Z'), slotCostCents: 100 };
    expect(slotUpgradeDueToday({ ...renewalToday, addedSlots: 1 })).toMatchObject({ charged_days: 1, due_today: 3 });
    expect(slotUpgradeDueToday({ ...renewalToday, addedSlots: 2 }).due_today).toBe(7);
  });

  it('prices month ends and February by the dates', () => {
    const due = (today: string, renewal: string, slotCostCents = 100, addedSlots = 1) =>
      slotUpgradeDueToday({ today: day(today), renewal: day(renewal), slotCostCents, addedSlots }).due_today;
    // Feb 28 -> Mar 31: 1 month + 1 day = 31/30 x $1.00 = 103.33 -> $1.03
    expect(due('2027-02-28', '2027-03-31')).toBe(103);
    // Jan 31 -> Feb 28: 28 days + 1 = 29/30 x $1.00 = 96.67 -> $0.97
    expect(due('2027-01-31', '2027-02-28')).toBe(97);
    // Mar 1 -> Mar 31: 30 days + 1, capped at 30: exactly one month, $1.00
    expect(due('2027-03-01', '2027-03-31')).toBe(100);
    // Jan 30 -> Mar 1: 1 month + 2 days + 1 = 33/30 x $1.00 = $1.10
    expect(due('2027-01-30', '2027-03-01')).toBe(110);
    // Leap day -> Feb 28 next year: 11 months + 29 days = 359/30 x $1.00 = 1196.67 -> $11.97
    expect(due('2028-02-29', '2029-02-28')).toBe(1197);
    // Jun 15 -> Jan 1: 6 months + 17 days, 4 slots at $0.50 = 197 x 50 x 4 / 30 = 1313.33 -> $13.13
    expect(due('2027-06-15', '2028-01-01', 50, 4)).toBe(1313);
    // A renewal already past counts as today: 1 day.
    expect(due('2027-05-21', '2027-05-20')).toBe(3);
  });

  it('costs nothing for no added slots and refuses what cannot be', () => {
    const base = { today: day('2027-01-10'), renewal: day('2027-03-15'), slotCostCents: 100 };
    expect(slotUpgradeDueToday({ ...base, addedSlots: 0 }).due_today).toBe(0);
    expect(() => slotUpgradeDueToday({ ...base, addedSlots: -1 })).toThrow(RangeError);
    expect(() => slotUpgradeDueToday({ ...base, addedSlots: 1, slotCostCents: 0.5 })).toThrow(RangeError);
  });

  it('sums several addresses, each rounded on its own', () => {
    const upgrades = [
      { today: day('2027-01-10'), renewal: day('2027-03-15'), slotCostCents: 100, addedSlots: 1 }, // 220
      { today: day('2027-05-20'), renewal: day('2027-05-20'), slotCostCents: 100, addedSlots: 1 }, // 3
      { today: day('2027-05-20'), renewal: day('2027-05-20'), slotCostCents: 100, addedSlots: 1 }, // 3
    ];
    expect(slotUpgradesDueToday(upgrades)).toBe(226);
    expect(slotUpgradesDueToday([])).toBe(0);
  });
});
