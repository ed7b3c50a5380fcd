import { describe, expect, it } from 'vitest';
import { createMemoryRateCounter, limitOf, windowOf } from '../../../../src/lib/firewall';

describe('windows', () => {
  it('align to whole seconds and minutes of the clock', () => {
    expect(windowOf(61_500, 'SECOND')).toEqual({ start: 61_000, end: 62_000 });
    expect(windowOf(61_500, 'MINUTE')).toEqual({ start: 60_000, end: 120_000 });
    expect(windowOf(60_000, 'MINUTE')).toEqual({ start: 60_000, end: 120_000 });
    expect(windowOf(59_999, 'MINUTE')).toEqual({ start: 0, end: 60_000 });
  });
});

describe("a rule's limit", () => {
  it('defaults to 150 per MINUTE (spec part 2, 9)', () => {
    expect(limitOf({})).toEqual({ maxRequests: 150, timeFrame: 'MINUTE' });
    expect(limitOf({ max_requests: 0, time_frame: 'HOUR' })).toEqual({ maxRequests: 150, timeFrame: 'MINUTE' });
    expect(limitOf({ max_requests: 2.5 })).toEqual({ maxRequests: 150, timeFrame: 'MINUTE' });
    expect(limitOf({ max_requests: 10, time_frame: 'SECOND' })).toEqual({ maxRequests: 10, timeFrame: 'SECOND' });
  });
});

describe('the in-memory counter', () => {
  it('counts per key and window, starting again in a new window', () => {
    const counter = createMemoryRateCounter();
    expect([counter.hit('a', 0, 1000), counter.hit('a', 0, 1000), counter.hit('b', 0, 1000), counter.hit('a', 1000, 2000)]).toEqual([1, 2, 1, 1]);
  });

  it('stays within its size: ended windows go first, then the oldest', () => {
    const counter = createMemoryRateCounter(3);
    counter.hit('a', 0, 1000);
    counter.hit('b', 0, 1000);
    counter.hit('c', 1000, 2000);
    counter.hit('d', 1000, 2000);
    // a and b had ended: both gone.
    expect(counter.size).toBe(2);
    counter.hit('e', 1000, 2000);
    counter.hit('f', 1000, 2000);
    // Nothing had ended, so the oldest (c) made room.
    expect(counter.size).toBe(3);
    expect(counter.hit('d', 1000, 2000)).toBe(2);
    expect(counter.hit('c', 1000, 2000)).toBe(1);
  });
});
