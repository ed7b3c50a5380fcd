import { createHash } from 'node:crypto';
import type { TrafficField } from '../../lib/schemas/analytics';
import { createRng, type Rng } from '../seed/prng';

/**
 * The generated part of a domain's traffic (spec decisions 3: "Traffic analytics are generated
 * deterministically per domain"): for days before the edge's first real request, a day's
 * visits and their breakdowns come from a generator seeded by the domain guid and the day, so
 * the same day always reads the same and a new panel is not empty.
 */

/** One day's traffic: totals, visits per UTC hour, and visits per value of each field. */
export interface DayTraffic {
  visits: number;
  unique: number;
  bytes: number;
  hours: number[];
  fields: Record<TrafficField, Map<string, number>>;
}

/** Visits over the day, UTC: quiet at night, busiest in the afternoon. */
const DIURNAL = [2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5, 6, 6.5, 7, 7, 7, 7.5, 7.5, 7, 6.5, 6, 5.5, 5, 4, 3.5, 2.5];

/** The values each field is generated over, with their base weights. */
const VALUES: Record<Exclude<TrafficField, 'DEVICES' | 'BOT_TYPES'>, readonly (readonly [string, number])[]> & {
  BOT_TYPES: readonly (readonly [string, number])[];
  DEVICES: readonly (readonly [string, number])[];
} = {
  COUNTRIES: [
    ['US', 30],
    ['DE', 12],
    ['GB', 10],
    ['FR', 7],
    ['NL', 6],
    ['CA', 5],
    ['IN', 5],
    ['BR', 4],
    ['ES', 4],
    ['IT', 3],
    ['PL', 3],
    ['SE', 2],
    ['JP', 2],
    ['AU', 2],
  ],
  BOT_TYPES: [
    ['Googlebot', 40],
    ['Bingbot', 20],
    ['AhrefsBot', 12],
    ['SemrushBot', 10],
    ['YandexBot', 8],
    ['DuckDuckBot', 5],
    ['facebookexternalhit', 5],
  ],
  DEVICES: [
    ['DESKTOP', 55],
    ['MOBILE', 40],
    ['TABLET', 5],
  ],
  BROWSERS: [
    ['Chrome', 60],
    ['Safari', 20],
    ['Firefox', 7],
    ['Microsoft Edge', 8],
    ['Samsung Internet', 3],
    ['Opera', 2],
  ],
  OS: [
    ['Windows', 38],
    ['Android', 25],
    ['iOS', 20],
    ['macOS', 12],
    ['Linux', 5],
  ],
  REFERERS: [
    ['https://www.google.com/', 50],
    ['https://www.bing.com/', 12],
    ['https://duckduckgo.com/', 8],
    ['https://www.facebook.com/', 10],
    ['https://t.co/', 6],
    ['https://news.ycombinator.com/item?id=41235968&utm_source=newsletter&utm_medium=email', 4],
  ],
  PATHS: [
    ['/', 40],
    ['/about/', 10],
    ['/contact/', 8],
    ['/blog/', 12],
    ['/pricing/', 9],
    ['/blog/how-we-moved-two-hundred-sites-to-a-new-host-without-downtime/', 6],
    ['/wp-login.php', 3],
  ],
};

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

/** `total` split over `weights` in whole numbers that add up to it (largest remainder, deterministic). */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    out[i]! += 1;
  }
  return out;
}

/** The domain's own leanings (which countries, browsers ...), the same every day. */
function domainWeights(domainGuid: string) {
  const rng = createRng(seedOf(`weights:${domainGuid}`));
  const lean = (list: readonly (readonly [string, number])[]) => list.map(([name, w]) => [name, w * (0.5 + rng.next())] as const);
  return {
    scale: rng.int(40, 400),
    botShare: 0.05 + rng.next() * 0.1,
    refererShare: 0.3 + rng.next() * 0.3,
    fields: Object.fromEntries(Object.entries(VALUES).map(([field, list]) => [field, lean(list)])) as unknown as typeof VALUES,
  };
}

function split(rng: Rng, total: number, list: readonly (readonly [string, number])[]): Map<string, number> {
  const counts = spread(
    total,
    list.map(([, w]) => w * (0.85 + rng.next() * 0.3)),
  );
  return new Map(list.map(([name], i) => [name, counts[i]!] as const).filter(([, n]) => n > 0));
}

/** The generated traffic of one day (YYYY-MM-DD) of one domain. */
export function generatedDay(domainGuid: string, day: string): DayTraffic {
  const leaning = domainWeights(domainGuid);
  const rng = createRng(seedOf(`${domainGuid}:${day}`));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const visits = Math.round(leaning.scale * (weekday === 0 || weekday === 6 ? 0.75 : 1) * (0.8 + rng.next() * 0.4));
  const bots = Math.round(visits * leaning.botShare);
  const people = visits - bots;
  const devices = split(rng, people, leaning.fields.DEVICES);
  if (bots > 0) devices.set('BOT', bots);
  return {
    visits,
    unique: Math.round(visits * (0.55 + rng.next() * 0.2)),
    bytes: visits * rng.int(30_000, 120_000),
    hours: spread(visits, DIURNAL),
    fields: {
      COUNTRIES: split(rng, visits, leaning.fields.COUNTRIES),
      BOT_TYPES: split(rng, bots, leaning.fields.BOT_TYPES),
      DEVICES: devices,
      BROWSERS: split(rng, people, leaning.fields.BROWSERS),
      OS: split(rng, people, leaning.fields.OS),
      REFERERS: split(rng, Math.round(visits * leaning.refererShare), leaning.fields.REFERERS),
      PATHS: split(rng, visits, leaning.fields.PATHS),
    },
  };
}

/** A day's count spread over its hours the way its visits are. */
export const overHours = (count: number) => spread(count, DIURNAL);
