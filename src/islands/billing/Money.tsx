import { moneyText } from '../../lib/billing/documents';

export { humanise, moneyText } from '../../lib/billing/documents';
export { billingCycleWords, ipTypeWords, orderTypeWords, paymentMethodWords } from '../../lib/format/words';

/** An amount in cents shown with its currency's symbol (src/lib/billing: '$1,234.56'). */
export function Money({ cents, currency }: { cents: number; currency: string }) {
  return <span className="money">{moneyText(cents, currency)}</span>;
}
