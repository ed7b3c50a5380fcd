import { CURRENCIES, formatMoney, type Currency } from './money';

/**
 * The words a billing document prints, the same on its page and in its PDF (spec part 3, 2.5
 * and 2.7: "a real PDF that matches the page"), so the two cannot drift apart.
 */

/** The billed party's fields as an invoice or credit note stores them. */
export interface PartyFields {
  company_name: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  region: string;
  country: string;
  postal_code: string;
}

/** The billed party's lines, blank ones left out. */
export function partyLines(p: PartyFields, vatId?: string | null): string[] {
  const person = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return [
    p.company_name,
    person,
    p.address1,
    p.address2 ?? '',
    [p.postal_code, p.city].filter(Boolean).join(' '),
    [p.region, p.country].filter(Boolean).join(', '),
    vatId ? `VAT ID: ${vatId}` : '',
  ].filter(Boolean);
}

/** The seller's (issuer's) lines. */
export const sellerLines = (s: { name: string; email: string; website?: string | null }) => [s.name, s.email, s.website ?? ''].filter(Boolean);

/** An amount in cents with its currency's symbol ('$1,234.56'); a currency without one is named after the amount. */
export function moneyText(cents: number, currency: string): string {
  return (CURRENCIES as readonly string[]).includes(currency) ? formatMoney(cents, currency as Currency) : `${(cents / 100).toFixed(2)} ${currency}`;
}

// A document says its codes in the words the panel's pages use (src/lib/format/words.ts).
export { humanise, orderTypeWords, paymentMethodWords, statusWords } from '../format/words';

/**
 * The rate an EUR invoice was issued at (spec part 3, 9: EUR amounts are approximate, converted
 * daily from a USD base), the same line on the page and in the PDF; none on a USD invoice.
 */
export const exchangeRateLine = (eurPerUsd: number | null): string | null => (eurPerUsd === null ? null : `Exchange rate of the day of issue: 1 USD = ${eurPerUsd.toFixed(4)} EUR`);
