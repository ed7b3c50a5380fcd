import { eq } from 'drizzle-orm';
import { utcDayNumber } from '../../lib/billing/calendar';
import type { Db } from '../db/connection';
import { exchangeRates } from '../db/schema/index';

/**
 * Where the day's EUR rate comes from (spec part 3, 9: "EUR amounts are approximate, converted
 * daily from a USD base"). A market feed (the ECB's reference rates, a bank's) plugs in here.
 */
export interface ExchangeRateSource {
  /** EUR per 1 USD for the given day. */
  eurPerUsd(day: Date): Promise<number>;
}

/**
 * The reference API has no market feed: it takes the provider's own rate from its configuration
 * (`EUR_PER_USD`) and stamps it with the day, as a provider setting its rate by hand would.
 */
export const configuredRate = (eurPerUsd: number): ExchangeRateSource => ({ eurPerUsd: async () => eurPerUsd });

/**
 * Asks the source once per UTC day: when the stored EUR rate dates from an earlier day, the day's
 * rate replaces it. Every invoice issued that day copies it (src/server/billing/issue-invoice.ts).
 * Answers the rate now stored.
 */
export async function refreshEurRate(db: Db, source: ExchangeRateSource, now: Date): Promise<number> {
  const [stored] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR'));
  if (stored && utcDayNumber(stored.dateUpdated) >= utcDayNumber(now)) return Number(stored.perUsd);
  const rate = await source.eurPerUsd(now);
  if (!(rate > 0)) throw new RangeError(`The exchange rate source answered ${rate} EUR per USD`);
  await db
    .insert(exchangeRates)
    .values({ currency: 'EUR', perUsd: rate, dateUpdated: now })
    .onConflictDoUpdate({ target: exchangeRates.currency, set: { perUsd: rate, dateUpdated: now } });
  return rate;
}
