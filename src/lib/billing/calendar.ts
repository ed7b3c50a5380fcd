/**
 * UTC calendar arithmetic for billing periods and proration. Dates are stored and shown in UTC
 * (spec part 3, 9), so a billing day is a UTC calendar day whatever the viewer's time zone.
 * Written here because no date library is a dependency and these are the only two operations
 * billing needs.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of the UTC calendar day a moment falls on. */
export function utcDayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

function daysInUtcMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The same day of the month `months` later (or earlier, when negative), at the same UTC time;
 * a day the target month lacks becomes its last day: Jan 31 + 1 month = Feb 28 (Feb 29 in a
 * leap year), Mar 31 - 1 month = Feb 28. Each call counts from `date` itself, so periods
 * anchored on the 31st stay on each month's last day instead of drifting.
 */
export function addUtcMonths(date: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError(`Whole months only: ${months}`);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const monthIndex = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInUtcMonth(year, monthIndex));
  const out = new Date(date);
  out.setUTCFullYear(year, monthIndex, day);
  return out;
}
