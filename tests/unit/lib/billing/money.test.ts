import { describe, expect, it } from 'vitest';
import { divideRounded, formatCents, formatMoney, parseCents, percentOf, priceIn, usdToEur } from '../../../../src/lib/billing/money';

describe('parseCents', () => {
  it('reads amounts typed with a dot and up to two decimals', () => {
    expect(parseCents('12.50')).toBe(1250);
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents(' 4.00 ')).toBe(400);
    expect(parseCents('-3.07')).toBe(-307);
    expect(parseCents('-0')).toBe(0);
    expect(parseCents('3000.01')).toBe(300_001);
  });

  it('answers null for what is not such an amount', () => {
    for (const text of ['', ' ', '1,5', '1.234', 'abc', '.5', '1.', '$5', '1e3', '--1']) expect(parseCents(text), text).toBeNull();
  });
});

describe('formatCents and formatMoney', () => {
  it('write cents with two decimals', () => {
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-307)).toBe('-3.07');
    expect(formatCents(123_456_789)).toBe('1234567.89');
  });

  it('show the currency symbol and group thousands', () => {
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(-250, 'USD')).toBe('-$2.50');
    expect(formatMoney(300_000, 'EUR')).toBe('€3,000.00');
  });

  it('refuse a fraction of a cent', () => {
    expect(() => formatCents(12.5)).toThrow(RangeError);
    expect(() => formatMoney(0.1, 'USD')).toThrow(RangeError);
  });

  it('read back what they write', () => {
    for (const cents of [0, 1, 99, 100, 1250, -307, 99_999_999]) expect(parseCents(formatCents(cents))).toBe(cents);
  });
});

describe('the one rounding rule: half away from zero', () => {
  it('rounds quotients to the nearest whole, halves away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n); // 2.5
    expect(divideRounded(-5n, 2n)).toBe(-3n); // -2.5
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n); // 2.33
    expect(divideRounded(8n, 3n)).toBe(3n); // 2.67
    expect(divideRounded(-8n, 3n)).toBe(-3n);
    expect(divideRounded(1n, 4n)).toBe(0n); // 0.25
    expect(divideRounded(3n, 4n)).toBe(1n); // 0.75
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('takes percentages of cents once, exactly', () => {
    expect(percentOf(1990, 15)).toBe(299); // 298.5
    expect(percentOf(1985, 10)).toBe(199); // 198.5
    expect(percentOf(-1990, 15)).toBe(-299); // -298.5
    expect(percentOf(1000, 21)).toBe(210);
    expect(percentOf(1999, 21)).toBe(420); // 419.79
    expect(percentOf(333, 7.25)).toBe(24); // 24.1425
    expect(percentOf(200, 0.25)).toBe(1); // 0.5
    expect(percentOf(30_000, 15)).toBe(4500);
    expect(percentOf(1234, 0)).toBe(0);
  });

  it('refuses a percentage finer than the two decimals the invoice keeps', () => {
    expect(() => percentOf(1000, 7.255)).toThrow(RangeError);
  });
});

describe('USD -> EUR at the stored rate (EUR per 1 USD)', () => {
  it('converts once and rounds the result half away from zero', () => {
    expect(usdToEur(499, 0.92)).toBe(459); // 459.08
    expect(usdToEur(100, 0.92)).toBe(92);
    expect(usdToEur(10, 0.85)).toBe(9); // 8.5
    expect(usdToEur(-10, 0.85)).toBe(-9); // -8.5
    expect(usdToEur(150, 0.925)).toBe(139); // 138.75
    expect(usdToEur(50, 0.925)).toBe(46); // 46.25
    expect(usdToEur(25_000, 0.923456)).toBe(23_086); // 23086.4
  });

  it('is not the same as converting a total of converted amounts', () => {
    // Three prices of $0.05 at 0.9: each 4.5 -> 5, so 15 cents; the total $0.15 would give 13.5 -> 14.
    expect(3 * usdToEur(5, 0.9)).toBe(15);
    expect(usdToEur(15, 0.9)).toBe(14);
  });

  it('leaves USD prices alone and refuses a rate that is not positive', () => {
    expect(priceIn('USD', 499, 0.92)).toBe(499);
    expect(priceIn('EUR', 499, 0.92)).toBe(459);
    expect(() => usdToEur(100, 0)).toThrow(RangeError);
    expect(() => usdToEur(100, Number.NaN)).toThrow(RangeError);
    expect(() => usdToEur(1.5, 0.92)).toThrow(RangeError);
  });
});
