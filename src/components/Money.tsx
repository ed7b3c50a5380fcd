import { moneyText } from '../lib/billing/documents';

/** An amount in cents shown with its currency's symbol (src/lib/billing: '$1,234.56'). */
export function Money({ cents, currency }: { cents: number; currency: string }) {
  return <span className="money">{moneyText(cents, currency)}</span>;
}
