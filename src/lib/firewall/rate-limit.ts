import { DEFAULT_MAX_REQUESTS, DEFAULT_TIME_FRAME, TIME_FRAME_MS, TIME_FRAMES, type TimeFrame } from './constants';
import type { FirewallRuleData } from './types';

/**
 * Rate-limit counting (spec part 2, 3 max_requests and time_frame, 9): fixed windows aligned to
 * the clock (each whole second or minute since the epoch), one count per rule and client
 * address. The counts live outside the evaluator, so the edge keeps one store for its life and a
 * dry run a fresh one per run, and `decide` stays a function of its arguments.
 */
export interface RateCounter {
  /**
   * Counts one request under `key` in the window [start, end) and answers how many that window
   * has seen, this one included. Requests come in time order; a new window starts from zero.
   */
  hit(key: string, start: number, end: number): number;
}

export interface RateWindow {
  start: number;
  end: number;
}

/** The window of the given frame that `now` (ms since the epoch) falls in. */
export function windowOf(now: number, timeFrame: TimeFrame): RateWindow {
  const size = TIME_FRAME_MS[timeFrame];
  const start = Math.floor(now / size) * size;
  return { start, end: start + size };
}

/** A rule's limit, with the defaults of spec part 2, 9 (150 per MINUTE) for what it lacks or holds wrongly. */
export function limitOf(data: Pick<FirewallRuleData, 'max_requests' | 'time_frame'>): { maxRequests: number; timeFrame: TimeFrame } {
  const max = data.max_requests;
  const frame = (TIME_FRAMES as readonly string[]).includes(data.time_frame ?? '') ? (data.time_frame as TimeFrame) : DEFAULT_TIME_FRAME;
  return { maxRequests: Number.isInteger(max) && max! >= 1 ? max! : DEFAULT_MAX_REQUESTS, timeFrame: frame };
}

/**
 * Counts in memory. At `maxKeys` counters the ones whose window has ended are dropped, and if
 * that frees nothing the oldest, so a flood of addresses cannot grow it without bound.
 */
export function createMemoryRateCounter(maxKeys = 100_000): RateCounter & { readonly size: number } {
  const counts = new Map<string, { start: number; end: number; count: number }>();
  const sweep = (now: number) => {
    for (const [key, entry] of counts) if (entry.end <= now) counts.delete(key);
    if (counts.size >= maxKeys) counts.delete(counts.keys().next().value!);
  };
  return {
    get size() {
      return counts.size;
    },
    hit(key, start, end) {
      const entry = counts.get(key);
      if (entry && entry.start === start) return ++entry.count;
      if (!entry && counts.size >= maxKeys) sweep(start);
      // Re-inserted so the map's order stays oldest window first.
      counts.delete(key);
      counts.set(key, { start, end, count: 1 });
      return 1;
    },
  };
}
