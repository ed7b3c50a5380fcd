/**
 * Money as integer cents, end to end (spec part 3, 9 "Currencies USD or EUR, 2 decimals; EUR
 * amounts are approximate, converted daily from a USD base"). Framework-free: the panel, the
 * server and the CLI share it, so an amount is parsed, rounded and converted one way only.
 *
 * The one rounding rule: a result that falls between two cents is rounded half away from zero
 * (0.5 cent -> 1 cent, -0.5 cent -> -1 cent), once, on the final amount of each computation.
 * Intermediate values are exact (integer arithmetic on bigint), never binary floating point.
 */

export const CURRENCIES = ['USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** An amount as a person types it: optional minus, digits, optionally up to 2 decimals. */
const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The cents of an amount typed with a dot and at most two decimals: '12.50' -> 1250,
 * '12.5' -> 1250, '12' -> 1200, '-0.07' -> -7. Null for anything else ('', '1,5', '1.234', 'abc'),
 * so a form can say the amount is not valid instead of guessing.
 */
export function parseCents(text: string): number | null {
  const m = AMOUNT.exec(text.trim());
  if (!m) return null;
  const [, minus, whole, fraction = ''] = m;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return minus && cents !== 0 ? -cents : cents;
}

const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
const withSymbol = new Map(CURRENCIES.map((currency) => [currency, new Intl.NumberFormat('en-US', { style: 'currency', currency })] as const));

/** Cents as a plain amount with two decimals, for inputs, exports and the CLI: 1250 -> '12.50'. */
export function formatCents(cents: number): string {
  assertCents(cents);
  return plain.format(cents / 100);
}

/** Cents for display with the currency's symbol (spec part 1, 9): 123456 USD -> '$1,234.56', 5 EUR -> '€0.05'. */
export function formatMoney(cents: number, currency: Currency): string {
  assertCents(cents);
  return withSymbol.get(currency)!.format(cents / 100);
}

/** numerator / denominator for integers, rounded half away from zero: the module's one rounding rule. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // Half away from zero on magnitudes: floor((2n + d) / 2d).
  const magnitude = (2n * n + d) / (2n * d);
  return negative ? -magnitude : magnitude;
}

/** Hundredths of a percent in a rate given in percent (21 -> 2100, 7.25 -> 725); the DB keeps 2 decimals. */
function basisPoints(percent: number): bigint {
  const bp = Math.round(percent * 100);
  if (!Number.isSafeInteger(bp) || Math.abs(percent * 100 - bp) > 1e-6) {
    throw new RangeError(`A percentage has at most 2 decimals: ${percent}`);
  }
  return BigInt(bp);
}

/** percent % of cents, rounded half away from zero: 15 % of 1990 = 298.5 -> 299. */
export function percentOf(cents: number, percent: number): number {
  assertCents(cents);
  return Number(divideRounded(BigInt(cents) * basisPoints(percent), 10_000n));
}

/** Micro-units in a stored rate (exchange_rates.per_usd keeps 6 decimals). */
const RATE_SCALE = 1_000_000n;

/**
 * USD cents in EUR at a rate given as EUR per 1 USD (the stored exchange_rates.per_usd), rounded
 * half away from zero: 499 at 0.92 = 459.08 -> 459. Apply it once per amount, to a price as it is
 * read from its USD base; never convert a converted amount again or sum converted totals.
 */
export function usdToEur(usdCents: number, eurPerUsd: number): number {
  assertCents(usdCents);
  if (!(eurPerUsd > 0) || !Number.isFinite(eurPerUsd)) throw new RangeError(`An exchange rate is a positive number: ${eurPerUsd}`);
  const micros = BigInt(Math.round(eurPerUsd * Number(RATE_SCALE)));
  return Number(divideRounded(BigInt(usdCents) * micros, RATE_SCALE));
}

/** A USD price in the invoice's currency: itself for USD, converted once for EUR. */
export function priceIn(currency: Currency, usdCents: number, eurPerUsd: number): number {
  return currency === 'USD' ? usdCents : usdToEur(usdCents, eurPerUsd);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money is integer cents: ${cents}`);
}
