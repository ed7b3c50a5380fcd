/**
 * The time axis of a traffic chart (the domain's Analytics tab): where its labels go and what
 * they say. Daily data is labelled once a day at midnight UTC ('11/03'), hourly data on the
 * hour ('14:00'); the step grows by whole days or hours until the labels fit, so a date is never
 * repeated (left to itself the chart library labelled every 8 hours, three times each date).
 */

const HOUR = 3_600;
const DAY = 24 * HOUR;
/** Steps between labels, in seconds, smallest first. */
const DAY_STEPS = [1, 2, 3, 7, 14, 30, 60, 90].map((d) => d * DAY);
const HOUR_STEPS = [1, 2, 3, 4, 6, 12].map((h) => h * HOUR);

/** Hourly when the first two points fall on the same day (a range of one day comes by the hour). */
export const isHourly = (timestamps: readonly string[]) => timestamps.length > 1 && timestamps[0]!.slice(0, 10) === timestamps[1]!.slice(0, 10);

/**
 * The positions (Unix seconds) of the labels between `min` and `max`: whole UTC days (or hours),
 * at most `maxLabels` of them, the step the smallest that keeps within that.
 */
export function timeTicks(min: number, max: number, hourly: boolean, maxLabels: number): number[] {
  if (!(max >= min)) return [];
  const steps = hourly ? HOUR_STEPS : DAY_STEPS;
  const unit = hourly ? HOUR : DAY;
  const room = Math.max(1, Math.floor(maxLabels));
  const step = steps.find((s) => Math.floor((max - min) / s) + 1 <= room) ?? steps[steps.length - 1]!;
  const first = Math.ceil(min / unit) * unit;
  const ticks: number[] = [];
  for (let t = first; t <= max; t += step) ticks.push(t);
  return ticks;
}

/** A label's words: 'MM/DD' for a day, 'HH:mm' for an hour (UTC, as the panel shows times). */
export function timeTickLabel(seconds: number, hourly: boolean): string {
  const iso = new Date(seconds * 1000).toISOString();
  return hourly ? iso.slice(11, 16) : iso.slice(5, 10).replace('-', '/');
}
