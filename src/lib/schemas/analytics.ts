import { z } from 'zod/mini';
import { DATE_INVALID, RANGE_REVERSED } from '../rules/analytics-ranges';

/**
 * The traffic calls' queries (spec part 2, 7.3 and 5 "Analytics range"). The "last 30 days, not
 * in the future" rule needs the server's clock, so `rangeProblem` (rules/analytics-ranges.ts)
 * checks it beside this schema, in the panel and in the API alike.
 */

/** Spec part 2, 7.3: the detail views' fields. */
export const TRAFFIC_FIELDS = ['COUNTRIES', 'BOT_TYPES', 'DEVICES', 'BROWSERS', 'OS', 'REFERERS', 'PATHS'] as const;
export type TrafficField = (typeof TRAFFIC_FIELDS)[number];

export const TRAFFIC_FIELD_LABELS: Record<TrafficField, string> = {
  COUNTRIES: 'Countries',
  BOT_TYPES: 'Bot types',
  DEVICES: 'Devices',
  BROWSERS: 'Browsers',
  OS: 'Operating systems',
  REFERERS: 'Referers',
  PATHS: 'Paths',
};

export const FIELD_INVALID = 'Please choose one of COUNTRIES, BOT_TYPES, DEVICES, BROWSERS, OS, REFERERS or PATHS!';

const single = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const day = z.pipe(z.transform(single), z.string({ error: DATE_INVALID }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, DATE_INVALID)));
const field = z.pipe(z.transform(single), z.enum(TRAFFIC_FIELDS, { error: FIELD_INVALID }));
/** The start not after the end (both given). */
const ordered = <T extends { start_date?: string | undefined; end_date?: string | undefined }>() =>
  z.refine<T>((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, RANGE_REVERSED);

/** `GET /domains/{guid}/traffic/`: both dates. */
export const trafficQuery = z.object({ start_date: day, end_date: day }).check(ordered());
export type TrafficQuery = z.input<typeof trafficQuery>;

/** `GET /domains/{guid}/traffic/detail/`: a field and both dates. */
export const trafficDetailQuery = z.object({ field, start_date: day, end_date: day }).check(ordered());
export type TrafficDetailQuery = z.input<typeof trafficDetailQuery>;

/** `GET /domains/{guid}/traffic/graph/`: all optional; without dates, the last 7 days (the small chart). */
export const trafficGraphQuery = z.object({ field: z.optional(field), start_date: z.optional(day), end_date: z.optional(day) }).check(
  ordered(),
  z.refine((q) => (q.start_date === undefined) === (q.end_date === undefined), 'Please enter both the start and the end date, or neither!'),
);
export type TrafficGraphQuery = z.input<typeof trafficGraphQuery>;
