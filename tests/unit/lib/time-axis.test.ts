import { describe, expect, it } from 'vitest';
import { isHourly, timeTickLabel, timeTicks } from '../../../src/lib/format/time-axis';

const DAY = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;

describe('the traffic chart’s time axis', () => {
  it('labels 7 days of daily visits once a day at midnight, no date twice', () => {
    const ticks = timeTicks(at('2026-11-16T00:00:00Z'), at('2026-11-22T00:00:00Z'), false, 10);
    const labels = ticks.map((t) => timeTickLabel(t, false));
    expect(labels).toEqual(['11/16', '11/17', '11/18', '11/19', '11/20', '11/21', '11/22']);
    expect(ticks.every((t) => t % DAY === 0)).toBe(true);
  });

  it('spreads 30 days over the room it has, still one label a day at most', () => {
    const labels = timeTicks(at('2026-10-24T00:00:00Z'), at('2026-11-22T00:00:00Z'), false, 8).map((t) => timeTickLabel(t, false));
    expect(labels.length).toBeLessThanOrEqual(8);
    expect(labels.length).toBeGreaterThan(3);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('labels a day by the hour, and tells hourly data from daily', () => {
    expect(isHourly(['2026-11-22T00:00:00Z', '2026-11-22T01:00:00Z'])).toBe(true);
    expect(isHourly(['2026-11-21T00:00:00Z', '2026-11-22T00:00:00Z'])).toBe(false);
    const labels = timeTicks(at('2026-11-22T00:00:00Z'), at('2026-11-22T23:00:00Z'), true, 8).map((t) => timeTickLabel(t, true));
    expect(labels[0]).toBe('00:00');
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeLessThanOrEqual(8);
  });

  it('has nothing to label for an empty range', () => {
    expect(timeTicks(10, 5, false, 5)).toEqual([]);
  });
});
