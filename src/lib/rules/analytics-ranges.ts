/**
 * Analytics date ranges (spec part 2, 5 "Analytics range" and 9): dates are whole UTC days
 * written YYYY-MM-DD; a range lies within the last 30 days (today and the 29 before it) and
 * not in the future. Shared by the panel's range picker and the API's check.
 */

export const ANALYTICS_DAYS_BACK = 30;
/** Spec part 2, 9: the overview shows the top 10 countries. */
export const TOP_COUNTRIES = 10;
/** Spec part 2, 9: long paths and referers are shown truncated at 50 characters. */
export const LABEL_MAX = 50;

export const RANGE_OUT_OF_BOUNDS = 'Please choose dates within the last 30 days, not in the future!';
export const RANGE_REVERSED = 'The start date must not be after the end date!';
export const DATE_INVALID = 'Please enter dates as YYYY-MM-DD!';

export interface DateRange {
  start_date: string;
  end_date: string;
}

const DAY_MS = 86_400_000;

/** The UTC day of a moment, YYYY-MM-DD. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** Every day from start to end, both included. */
export function daysOf({ start_date, end_date }: DateRange): string[] {
  const days: string[] = [];
  for (let d = start_date; d <= end_date; d = addDays(d, 1)) days.push(d);
  return days;
}

export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && dayOf(new Date(`${s}T00:00:00Z`)) === s;

/** The earliest day a range may start on, seen from `today`. */
export const earliestDay = (today: string) => addDays(today, -(ANALYTICS_DAYS_BACK - 1));

/** Why a range cannot be shown, or null when it can. */
export function rangeProblem(range: DateRange, today: string): string | null {
  if (!isDay(range.start_date) || !isDay(range.end_date)) return DATE_INVALID;
  if (range.start_date > range.end_date) return RANGE_REVERSED;
  if (range.start_date < earliestDay(today) || range.end_date > today) return RANGE_OUT_OF_BOUNDS;
  return null;
}

export const QUICK_RANGES = ['TODAY', 'YESTERDAY', 'THIS_WEEK', 'LAST_7_DAYS', 'LAST_14_DAYS', 'LAST_30_DAYS'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export const QUICK_RANGE_LABELS: Record<QuickRange, string> = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  THIS_WEEK: 'This Week',
  LAST_7_DAYS: 'Last 7 Days',
  LAST_14_DAYS: 'Last 14 Days',
  LAST_30_DAYS: 'Last 30 Days',
};

/** The dates of a quick range seen from `today`; weeks start on Monday (ISO 8601). */
export function quickRange(range: QuickRange, today: string): DateRange {
  switch (range) {
    case 'TODAY':
      return { start_date: today, end_date: today };
    case 'YESTERDAY': {
      const day = addDays(today, -1);
      return { start_date: day, end_date: day };
    }
    case 'THIS_WEEK': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return { start_date: addDays(today, -weekday), end_date: today };
    }
    case 'LAST_7_DAYS':
      return { start_date: addDays(today, -6), end_date: today };
    case 'LAST_14_DAYS':
      return { start_date: addDays(today, -13), end_date: today };
    case 'LAST_30_DAYS':
      return { start_date: earliestDay(today), end_date: today };
  }
}

/** The small chart's range when the graph is asked without dates (spec part 2, 7.3). */
export const DEFAULT_GRAPH_RANGE: QuickRange = 'LAST_7_DAYS';

/** A path or referer as the detail views show it: at most 50 characters, then '...'. */
export const truncateLabel = (label: string, max = LABEL_MAX) => (label.length > max ? `${label.slice(0, max)}...` : label);

/** A share as the panel shows it: a whole percentage. */
export const roundedPercentage = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
