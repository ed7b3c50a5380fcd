import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  addDays,
  DATE_INVALID,
  daysOf,
  earliestDay,
  quickRange,
  RANGE_OUT_OF_BOUNDS,
  RANGE_REVERSED,
  rangeProblem,
  roundedPercentage,
  truncateLabel,
} from '../../../src/lib/rules/analytics-ranges';
import { FIELD_INVALID, trafficDetailQuery, trafficGraphQuery } from '../../../src/lib/schemas/analytics';

// A Wednesday.
const TODAY = '2026-11-25';

describe('quick ranges (spec part 2, 9)', () => {
  it.each([
    ['TODAY', '2026-11-25', '2026-11-25'],
    ['YESTERDAY', '2026-11-24', '2026-11-24'],
    ['THIS_WEEK', '2026-11-23', '2026-11-25'],
    ['LAST_7_DAYS', '2026-11-19', '2026-11-25'],
    ['LAST_14_DAYS', '2026-11-12', '2026-11-25'],
    ['LAST_30_DAYS', '2026-10-27', '2026-11-25'],
  ] as const)('%s runs from %s to %s', (range, start, end) => {
    expect(quickRange(range, TODAY)).toEqual({ start_date: start, end_date: end });
    expect(rangeProblem(quickRange(range, TODAY), TODAY)).toBeNull();
  });

  it('starts this week on Monday, also on a Monday and a Sunday', () => {
    expect(quickRange('THIS_WEEK', '2026-11-23').start_date).toBe('2026-11-23');
    expect(quickRange('THIS_WEEK', '2026-11-29').start_date).toBe('2026-11-23');
  });

  it('counts 30 days including today, across a month end', () => {
    expect(daysOf(quickRange('LAST_30_DAYS', TODAY))).toHaveLength(30);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('rangeProblem (spec part 2, 5 "Analytics range")', () => {
  it('refuses a day before the last 30, a day in the future, a reversed range and a non-date', () => {
    expect(rangeProblem({ start_date: addDays(earliestDay(TODAY), -1), end_date: TODAY }, TODAY)).toBe(RANGE_OUT_OF_BOUNDS);
    expect(rangeProblem({ start_date: TODAY, end_date: addDays(TODAY, 1) }, TODAY)).toBe(RANGE_OUT_OF_BOUNDS);
    expect(rangeProblem({ start_date: TODAY, end_date: addDays(TODAY, -1) }, TODAY)).toBe(RANGE_REVERSED);
    expect(rangeProblem({ start_date: '2026-02-30', end_date: TODAY }, TODAY)).toBe(DATE_INVALID);
  });
});

describe('labels', () => {
  it('cuts paths and referers at 50 characters and rounds shares', () => {
    expect(truncateLabel('/short')).toBe('/short');
    const long = `/${'a'.repeat(60)}`;
    expect(truncateLabel(long)).toBe(`${long.slice(0, 50)}...`);
    expect(roundedPercentage(2, 3)).toBe(67);
    expect(roundedPercentage(0, 0)).toBe(0);
  });
});

describe('traffic query schemas', () => {
  it('takes a field and dates, and says which fields exist', () => {
    expect(z.parse(trafficDetailQuery, { field: 'PATHS', start_date: TODAY, end_date: TODAY })).toEqual({ field: 'PATHS', start_date: TODAY, end_date: TODAY });
    const wrong = z.safeParse(trafficDetailQuery, { field: 'COLOURS', start_date: TODAY, end_date: TODAY });
    expect(wrong.error?.issues.map((i) => i.message)).toEqual([FIELD_INVALID]);
  });

  it('lets the graph go without dates, but not with one of them', () => {
    expect(z.safeParse(trafficGraphQuery, {}).success).toBe(true);
    expect(z.safeParse(trafficGraphQuery, { start_date: TODAY }).success).toBe(false);
  });
});
