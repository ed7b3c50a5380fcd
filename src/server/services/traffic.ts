import { and, count, countDistinct, eq, gte, isNotNull, lt, min, sql, sum, type SQL } from 'drizzle-orm';
import { countries, type TCountryCode } from 'countries-list';
import type { TrafficDetail, TrafficGraph, TrafficOverview } from '../../lib/api/domain-web';
import { addDays, dayOf, daysOf, TOP_COUNTRIES, type DateRange } from '../../lib/rules/analytics-ranges';
import type { TrafficField } from '../../lib/schemas/analytics';
import type { Db } from '../db/connection';
import { edgeRequests } from '../db/schema/index';
import { generatedDay, overHours, type DayTraffic } from './traffic-history';

/**
 * Traffic analytics of one domain (spec part 2, 2.7 Analytics, 3 "Traffic analytics", 7.3): the
 * requests the HTTP edge recorded (edge_requests), and before the domain's first real request
 * (from the day it was created) the generated history of ./traffic-history.ts. Days are UTC.
 */

export interface TrafficDomain {
  guid: string;
  dateCreated: Date;
}

/** Spec part 2, 7.3 "Traffic fields": the column each field counts. */
const COLUMN: Record<TrafficField, SQL<string | null>> = {
  COUNTRIES: sql`coalesce(${edgeRequests.country}, '')`,
  BOT_TYPES: sql`${edgeRequests.bot}`,
  DEVICES: sql`${edgeRequests.device}`,
  BROWSERS: sql`${edgeRequests.browser}`,
  OS: sql`${edgeRequests.os}`,
  REFERERS: sql`${edgeRequests.referer}`,
  PATHS: sql`${edgeRequests.path}`,
};
/** Requests without a value for the field (no bot, no referer) are not counted in it. */
const HAS_VALUE: Partial<Record<TrafficField, SQL>> = {
  BOT_TYPES: isNotNull(edgeRequests.bot),
  REFERERS: sql`coalesce(${edgeRequests.referer}, '') <> ''`,
};

/** How a field's value reads: countries by name, an unknown country as 'Unknown'. */
export function valueLabel(field: TrafficField, value: string): string {
  if (field !== 'COUNTRIES') return value;
  return value ? (countries[value as TCountryCode]?.name ?? value) : 'Unknown';
}

interface Plan {
  range: DateRange;
  /** Days whose traffic is generated. */
  generated: { day: string; traffic: DayTraffic }[];
  /** Real requests are read from here (inclusive) to the range's end. */
  realWhere: SQL;
  hourly: boolean;
}

async function planOf(db: Db, domain: TrafficDomain, range: DateRange): Promise<Plan> {
  const [first] = await db
    .select({ at: min(edgeRequests.at) })
    .from(edgeRequests)
    .where(eq(edgeRequests.domainGuid, domain.guid));
  const firstReal = first?.at ? dayOf(new Date(first.at)) : null;
  const created = dayOf(domain.dateCreated);
  const generated = daysOf(range)
    .filter((day) => day >= created && (firstReal === null || day < firstReal))
    .map((day) => ({ day, traffic: generatedDay(domain.guid, day) }));
  const realWhere = and(
    eq(edgeRequests.domainGuid, domain.guid),
    gte(edgeRequests.at, new Date(`${range.start_date}T00:00:00Z`)),
    lt(edgeRequests.at, new Date(`${addDays(range.end_date, 1)}T00:00:00Z`)),
  )!;
  return { range, generated, realWhere, hourly: range.start_date === range.end_date };
}

/** The x axis: each hour of a one-day range, else each day. */
function buckets(plan: Plan): string[] {
  if (!plan.hourly) return daysOf(plan.range).map((d) => `${d}T00:00:00.000Z`);
  return Array.from({ length: 24 }, (_, h) => `${plan.range.start_date}T${String(h).padStart(2, '0')}:00:00.000Z`);
}

/** The bucket of a request as the axis writes it; the unit is a literal so GROUP BY matches the select. */
const bucketExpr = (hourly: boolean) =>
  sql<string>`to_char(date_trunc(${sql.raw(hourly ? "'hour'" : "'day'")}, ${edgeRequests.at} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`;

/** Adds a generated day's count (spread over its hours when the axis is hourly) to `into`. */
function addGenerated(into: Map<string, number>, plan: Plan, day: string, n: number) {
  if (!plan.hourly) return void into.set(`${day}T00:00:00.000Z`, (into.get(`${day}T00:00:00.000Z`) ?? 0) + n);
  overHours(n).forEach((v, h) => {
    const key = `${day}T${String(h).padStart(2, '0')}:00:00.000Z`;
    into.set(key, (into.get(key) ?? 0) + v);
  });
}

async function fieldCounts(db: Db, plan: Plan, field: TrafficField): Promise<Map<string, number>> {
  const column = COLUMN[field];
  const rows = await db.select({ value: column, n: count() }).from(edgeRequests).where(and(plan.realWhere, HAS_VALUE[field])).groupBy(column);
  const totals = new Map<string, number>();
  for (const { traffic } of plan.generated) for (const [value, n] of traffic.fields[field]) totals.set(value, (totals.get(value) ?? 0) + n);
  for (const row of rows) totals.set(row.value ?? '', (totals.get(row.value ?? '') ?? 0) + Number(row.n));
  return totals;
}

const ranked = (totals: Map<string, number>) => [...totals].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/** Totals, visits over time and the top 10 countries (`GET /domains/{guid}/traffic/`). */
export async function trafficOverview(db: Db, domain: TrafficDomain, range: DateRange): Promise<TrafficOverview> {
  const plan = await planOf(db, domain, range);
  const bucket = bucketExpr(plan.hourly);
  const [[totals], perBucket, perCountry] = await Promise.all([
    db
      .select({ visits: count(), unique: countDistinct(edgeRequests.visitor), bytes: sum(edgeRequests.bytes) })
      .from(edgeRequests)
      .where(plan.realWhere),
    db.select({ bucket, n: count() }).from(edgeRequests).where(plan.realWhere).groupBy(bucket),
    fieldCounts(db, plan, 'COUNTRIES'),
  ]);
  const visits = new Map(buckets(plan).map((b) => [b, 0]));
  for (const { day, traffic } of plan.generated) addGenerated(visits, plan, day, traffic.visits);
  for (const row of perBucket) visits.set(row.bucket, (visits.get(row.bucket) ?? 0) + Number(row.n));
  const generated = plan.generated.map((g) => g.traffic);
  return {
    ...range,
    total_visits: Number(totals?.visits ?? 0) + generated.reduce((a, g) => a + g.visits, 0),
    unique_visits: Number(totals?.unique ?? 0) + generated.reduce((a, g) => a + g.unique, 0),
    bandwidth_usage: Number(totals?.bytes ?? 0) + generated.reduce((a, g) => a + g.bytes, 0),
    domain_visits: [...visits].map(([timestamp, n]) => ({ timestamp, visits: n })),
    country_visits: ranked(perCountry)
      .slice(0, TOP_COUNTRIES)
      .map(([code, n]) => ({ country_code: code || null, country: valueLabel('COUNTRIES', code), visits: n })),
  };
}

/** Visits per value of one field, most first (`GET /domains/{guid}/traffic/detail/`). */
export async function trafficDetail(db: Db, domain: TrafficDomain, field: TrafficField, range: DateRange): Promise<TrafficDetail> {
  const plan = await planOf(db, domain, range);
  const rows = ranked(await fieldCounts(db, plan, field));
  const total = rows.reduce((a, [, n]) => a + n, 0);
  return {
    field,
    ...range,
    total,
    data: rows.map(([value, n]) => ({ name: valueLabel(field, value), visits: n, percentage: total ? (n / total) * 100 : 0 })),
  };
}

/** Spec part 2, 7.3: a field's graph draws its five biggest values. */
const GRAPH_SERIES = 5;

/** Visits over time, all of them or per top value of a field (`GET /domains/{guid}/traffic/graph/`). */
export async function trafficGraph(db: Db, domain: TrafficDomain, field: TrafficField | null, range: DateRange): Promise<TrafficGraph> {
  const plan = await planOf(db, domain, range);
  const axis = buckets(plan);
  const bucket = bucketExpr(plan.hourly);
  const seriesOf = (perBucket: Map<string, number>) => axis.map((b) => perBucket.get(b) ?? 0);

  if (!field) {
    const perBucket = new Map<string, number>();
    for (const { day, traffic } of plan.generated) addGenerated(perBucket, plan, day, traffic.visits);
    for (const row of await db.select({ bucket, n: count() }).from(edgeRequests).where(plan.realWhere).groupBy(bucket)) {
      perBucket.set(row.bucket, (perBucket.get(row.bucket) ?? 0) + Number(row.n));
    }
    return { field: null, ...range, timestamps: axis, series: [{ name: 'Visits', visits: seriesOf(perBucket) }] };
  }

  const top = ranked(await fieldCounts(db, plan, field))
    .slice(0, GRAPH_SERIES)
    .map(([value]) => value);
  const column = COLUMN[field];
  const rows = await db.select({ bucket, value: column, n: count() }).from(edgeRequests).where(and(plan.realWhere, HAS_VALUE[field])).groupBy(bucket, column);
  const series = top.map((value) => {
    const perBucket = new Map<string, number>();
    for (const { day, traffic } of plan.generated) addGenerated(perBucket, plan, day, traffic.fields[field].get(value) ?? 0);
    for (const row of rows) if ((row.value ?? '') === value) perBucket.set(row.bucket, (perBucket.get(row.bucket) ?? 0) + Number(row.n));
    return { name: valueLabel(field, value), visits: seriesOf(perBucket) };
  });
  return { field, ...range, timestamps: axis, series };
}
