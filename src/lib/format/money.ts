const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€' };

/** Integer cents shown with two decimals and the currency symbol: 1234 USD -> $12.34. */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${SYMBOLS[currency] ?? `${currency} `}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
