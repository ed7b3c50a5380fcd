import { CURRENCIES, formatMoney, type Currency } from '../../lib/billing/money';

/** An amount in cents shown with its currency's symbol (src/lib/billing: '$1,234.56'). */
export function Money({ cents, currency }: { cents: number; currency: string }) {
  return <span className="money">{moneyText(cents, currency)}</span>;
}

export function moneyText(cents: number, currency: string): string {
  return (CURRENCIES as readonly string[]).includes(currency) ? formatMoney(cents, currency as Currency) : `${(cents / 100).toFixed(2)} ${currency}`;
}

/** ORDER_TYPE -> 'Order type' words for people. */
export const humanise = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');
